package org.spatiallsm.organisations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.spatiallsm.curves.GridRect;

/** The skip-scan on bare positions of an order-2 curve, where every step can be followed by hand. */
class SkipScanTest {

    private static final GridRect BOTTOM_ROW = new GridRect(0, 0, 3, 0); // values 0, 1, 14, 15

    @Test
    void scansInsideAPageAndReseeksAtThePageStartThatLeavesTheQuery() {
        List<Long> candidates = new ArrayList<>();
        SkipScan.Statistics statistics = scan(LongStream.rangeClosed(0, 15).boxed().toList(), 4, BOTTOM_ROW,
                candidates);

        // Reads 0, 1 (in), 2, 3 (out, same page: keep scanning), 4 (starts a page: re-seek to 14), 14, 15.
        assertThat(candidates).containsExactly(0L, 1L, 14L, 15L);
        assertThat(statistics).isEqualTo(new SkipScan.Statistics(2, 7, 4));
        assertThat(statistics.reseeks()).isEqualTo(1);
    }

    @Test
    void withOneEntryPerPageEveryExitReseeks() {
        List<Long> candidates = new ArrayList<>();
        SkipScan.Statistics statistics = scan(LongStream.rangeClosed(0, 15).boxed().toList(), 1, BOTTOM_ROW,
                candidates);

        assertThat(candidates).containsExactly(0L, 1L, 14L, 15L);
        assertThat(statistics).isEqualTo(new SkipScan.Statistics(2, 5, 4));
    }

    @Test
    void anExitInsideAPageIsScannedThrough() {
        List<Long> candidates = new ArrayList<>();
        SkipScan.Statistics statistics = scan(List.of(0L, 5L, 9L, 14L), 4, BOTTOM_ROW, candidates);

        assertThat(candidates).containsExactly(0L, 14L);
        assertThat(statistics).isEqualTo(new SkipScan.Statistics(1, 4, 2));
    }

    @Test
    void anEntryRightAfterASeekThatLeavesTheQueryReseeks() {
        List<Long> candidates = new ArrayList<>();
        // The seek to 0 lands on 6 (mid-page): out of the query, so next match 14 at once.
        SkipScan.Statistics statistics = scan(List.of(6L, 7L, 8L, 9L, 10L, 15L), 8, BOTTOM_ROW, candidates);

        assertThat(candidates).containsExactly(15L);
        assertThat(statistics).isEqualTo(new SkipScan.Statistics(2, 2, 1));
    }

    @Test
    void readsNothingPastTheQuerysLastCell() {
        List<Long> candidates = new ArrayList<>();
        SkipScan.Statistics statistics = scan(LongStream.rangeClosed(0, 15).boxed().toList(), 16,
                new GridRect(0, 0, 1, 0), candidates);

        // The seek ends at the query's last position (1): value 2 is not read.
        assertThat(candidates).containsExactly(0L, 1L);
        assertThat(statistics).isEqualTo(new SkipScan.Statistics(1, 2, 2));
    }

    @Test
    void seeksTheFirstMatchAndStopsAtTheLast() {
        List<Long> candidates = new ArrayList<>();
        // Cells (1, 0) and (2, 0) hold values 1 and 14: reads 1, 2, 3, 4 (page start: re-seek), 14 (the last).
        SkipScan.Statistics statistics = scan(LongStream.rangeClosed(0, 15).boxed().toList(), 4,
                new GridRect(1, 0, 2, 0), candidates);

        assertThat(candidates).containsExactly(1L, 14L);
        assertThat(statistics).isEqualTo(new SkipScan.Statistics(2, 5, 2));
    }

    @Test
    void duplicatePositionsOutsideTheQueryAreSkippedByOneSeek() {
        List<Long> candidates = new ArrayList<>();
        SkipScan.Statistics statistics = scan(List.of(1L, 2L, 2L, 2L, 2L, 2L, 2L, 14L), 2, BOTTOM_ROW, candidates);

        // Pages [1, 2] [2, 2] [2, 2] [2, 14]: 1 (in), 2 (out, mid-page: scan on), 2 (starts a page): the next
        // match, 14, skips the remaining duplicates of 2.
        assertThat(candidates).containsExactly(1L, 14L);
        assertThat(statistics).isEqualTo(new SkipScan.Statistics(2, 4, 2));
    }

    @Test
    void theStreamReadsNoFurtherThanTheCandidateItReturns() {
        SkipScan.Stream<Long> stream = new SkipScan.Stream<>(
                new SortedEntries<>(LongStream.rangeClosed(0, 15).boxed().toList(), Long::longValue, 4), 2,
                BOTTOM_ROW, Long::longValue, position -> true);

        assertThat(stream.next()).isEqualTo(0L);
        assertThat(stream.statistics()).isEqualTo(new SkipScan.Statistics(1, 1, 1));
        assertThat(stream.next()).isEqualTo(1L);
        // 2, 3 (out, same page), 4 (a page start out of the query: re-seek to 14).
        assertThat(stream.next()).isEqualTo(14L);
        assertThat(stream.statistics()).isEqualTo(new SkipScan.Statistics(2, 6, 3));
        assertThat(stream.next()).isEqualTo(15L);
        assertThat(stream.next()).isNull();
        assertThat(stream.next()).isNull();
        assertThat(stream.statistics()).isEqualTo(new SkipScan.Statistics(2, 7, 4));
    }

    @Test
    void refusesEntriesOutOfCurveOrder() {
        assertThatThrownBy(() -> new SortedEntries<>(List.of(3L, 2L), Long::longValue, 4))
                .hasMessageContaining("not in curve order");
    }

    private static SkipScan.Statistics scan(List<Long> positions, int pageSize, GridRect query, List<Long> out) {
        return SkipScan.scan(new SortedEntries<>(positions, Long::longValue, pageSize), 2, query, Long::longValue,
                position -> true, out::add);
    }
}

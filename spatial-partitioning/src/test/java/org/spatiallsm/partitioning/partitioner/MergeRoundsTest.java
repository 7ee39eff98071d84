package org.spatiallsm.partitioning.partitioner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Ordering;
import org.spatiallsm.partitioning.ordering.Orderings;

/** Two-pass merges with more spilled runs than one merge may open: the runs are merged in rounds. */
class MergeRoundsTest {

    private final Ordering hilbert = Orderings.create("hilbert");

    @ParameterizedTest
    @ValueSource(strings = { "str", "rstar-grove-area", "rstar-grove-perimeter" })
    void aTinyBudgetMergesFarMoreThanHalfItsSquare(String name, @TempDir Path spill) throws IOException {
        // Budget 16: runs of 16 entries, at most 8 merged at once; 3000 entries are 188 runs, once limited to 128.
        List<EntryRun> inputs = TestData.sortedRuns(11, 3, 1000, hilbert);
        PartitionCollector collector = new PartitionCollector();
        MergeOutcome outcome = Partitioners.create(name, Map.of("memory-budget", "16"), spill).partition(inputs,
                hilbert, 300, collector);

        assertThat(outcome.twoPass()).isTrue();
        assertThat(outcome.peakHeld()).isPositive().isLessThanOrEqualTo(16);
        // Written once by pass 2, then twice more: 188 runs -> 24 -> 3, which the last merge opens at once.
        assertThat(outcome.spilled()).isEqualTo(3 * 3000);
        // Every entry once, in the region holding its centre, regions disjoint, each partition strictly sorted:
        // given the sample's regions, that is the one possible output.
        PartitionChecks.everyEntryExactlyOnce(collector.partitions(), outcome, 3000);
        PartitionChecks.sortedWithExactMbr(collector.partitions(), hilbert);
        PartitionChecks.disjointByCentre(collector.partitions());
        assertThat(collector.partitions().size()).isGreaterThan(1);
        assertNothingLeftIn(spill);
    }

    @ParameterizedTest
    @ValueSource(strings = { "str", "rstar-grove-area", "rstar-grove-perimeter" })
    void roundsGiveWhatOneMergeOfAllRunsGives(String name, @TempDir Path spill) throws IOException {
        // Budget 1000: 10,000 entries spill 10 runs. One merge opens them all; fan-in 2 takes 3 rounds (10, 5, 3, 2).
        List<EntryRun> inputs = List.of(TestData.generated(5, 0, 6000), TestData.generated(6, 6000, 4000));
        PartitionCollector single = new PartitionCollector();
        MergeOutcome once = tiling(name, spill, TilingPartitioner.MAX_FAN_IN).partition(inputs, hilbert, 100, single);
        PartitionCollector rounds = new PartitionCollector();
        MergeOutcome inRounds = tiling(name, spill, 2).partition(inputs, hilbert, 100, rounds);

        assertThat(once.spilled()).isEqualTo(10_000);
        assertThat(inRounds.spilled()).isEqualTo(4 * 10_000);
        assertThat(inRounds.peakHeld()).isLessThanOrEqualTo(1000);
        assertThat(inRounds.partitions()).isEqualTo(once.partitions());
        assertThat(rounds.partitions()).hasSameSizeAs(single.partitions());
        for (int p = 0; p < single.partitions().size(); p++) {
            Entries expected = single.partitions().get(p).entries();
            Entries actual = rounds.partitions().get(p).entries();
            assertThat(actual.size()).isEqualTo(expected.size());
            for (int row = 0; row < expected.size(); row++) {
                assertThat(actual.id(row)).as("partition %d row %d", p, row).isEqualTo(expected.id(row));
                assertThat(actual.mbr(row)).isEqualTo(expected.mbr(row));
            }
        }
        assertNothingLeftIn(spill);
    }

    @ParameterizedTest
    @ValueSource(strings = { "str", "rstar-grove-area" })
    void aFailingMergeLeavesNoRunBehind(String name, @TempDir Path spill) throws IOException {
        List<EntryRun> inputs = TestData.sortedRuns(12, 2, 1000, hilbert);
        PartitionSink failing = new PartitionSink() {
            @Override
            public void begin(int index) {
                if (index == 2) {
                    throw new IllegalStateException("the bulk loader failed");
                }
            }

            @Override
            public void add(Entries block, int row) {
            }

            @Override
            public void end(PartitionInfo info) {
            }
        };
        Partitioner partitioner = Partitioners.create(name, Map.of("memory-budget", "16"), spill);

        assertThatThrownBy(() -> partitioner.partition(inputs, hilbert, 100, failing))
                .hasMessage("the bulk loader failed");
        assertNothingLeftIn(spill);
    }

    private static TilingPartitioner tiling(String name, Path spill, int maxFanIn) {
        Tiler tiler = name.equals("str") ? new StrTiler()
                : new RStarGroveTiler(name.endsWith("area") ? RStarGroveTiler.Cost.AREA
                        : RStarGroveTiler.Cost.PERIMETER, Partitioners.DEFAULT_ALPHA, 0, false);
        return new TilingPartitioner(name, tiler, 1000, 0, spill, maxFanIn);
    }

    private static void assertNothingLeftIn(Path spill) throws IOException {
        try (Stream<Path> left = Files.list(spill)) {
            assertThat(left).as("spilled runs are deleted").isEmpty();
        }
    }
}

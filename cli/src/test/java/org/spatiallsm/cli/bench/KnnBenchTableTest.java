package org.spatiallsm.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.experiment.bench.KnnBench;
import org.spatiallsm.experiment.bench.KnnBench.Sample;

/** The table of {@code bench knn}, its answers' check and its saved runs (no cluster). */
class KnnBenchTableTest {

    private static final long NC = KnnBench.NOT_COUNTED;
    private static final String FOOTNOTE = "(latency: nearest-rank percentiles of the timed queries, x (p%) is p% of "
            + "the first column's; counters: the index's, per query, summed over the partitions; n/a: not counted on "
            + "that cluster)";

    private static KnnBenchTable.Labelled stock() {
        return new KnnBenchTable.Labelled("stock", new KnnBench.Column("rtree", "as-written", null, List.of(
                new Sample(1, 0, 400, List.of(7L), NC, NC, NC, NC),
                new Sample(1, 1, 200, List.of(3L), NC, NC, NC, NC))));
    }

    private static KnnBenchTable.Labelled knn(List<Long> secondAnswer) {
        return new KnnBenchTable.Labelled("spatial-lsm", new KnnBench.Column("rtree", "as-written", null, List.of(
                new Sample(1, 0, 50, List.of(7L), 2, 0, 1, 4),
                new Sample(1, 1, 30, secondAnswer, 2, 0, 0, 3))));
    }

    private static String row(String label, String... cells) {
        StringBuilder line = new StringBuilder(String.format("%-22s", label));
        for (String cell : cells) {
            line.append(String.format("%20s", cell));
        }
        return line.toString();
    }

    @Test
    void columnsStandSideBySideWithPercentilesCountersAndNotCountedCells() {
        KnnBenchTable.Labelled failed = new KnnBenchTable.Labelled("spatial-lsm",
                new KnnBench.Column("dhvb", "scan", "refused", List.of()));

        String table = KnnBenchTable.table("title", List.of(1), List.of(stock(), knn(List.of(3L)), failed));

        assertThat(table.lines().toList()).containsExactly("title",
                row("", "stock", "spatial-lsm", "spatial-lsm"),
                row("", "rtree", "rtree", "dhvb"),
                row("", "as-written", "as-written", "scan"),
                row("k=1 p50 ms", "200.0", "30.0 (15%)", "error"),
                row("k=1 p99 ms", "400.0", "50.0 (13%)", "error"),
                row("k=1 components", "n/a", "2.0", "error"),
                row("k=1 skipped", "n/a", "0.0", "error"),
                row("k=1 pages read", "n/a", "0.5", "error"),
                row("k=1 entries read", "n/a", "3.5", "error"),
                FOOTNOTE,
                "answers: equal in every column",
                "spatial-lsm dhvb scan: error: refused");
    }

    @Test
    void withoutLabelsThereIsNoLabelLine() {
        KnnBenchTable.Labelled unlabelled = new KnnBenchTable.Labelled("", knn(List.of(3L)).column());

        assertThat(KnnBenchTable.table("title", List.of(1), List.of(unlabelled)).lines().toList())
                .startsWith("title", row("", "rtree"), row("", "as-written"), row("k=1 p50 ms", "30.0"));
    }

    @Test
    void theFirstDifferentAnswerIsNamed() {
        assertThat(KnnBenchTable.firstDifference(List.of(stock(), knn(List.of(3L))))).isEmpty();
        assertThat(KnnBenchTable.firstDifference(List.of(stock(), knn(List.of(4L))))).contains(
                "spatial-lsm rtree as-written at k = 1, query point 1: [4] against stock rtree as-written's [3]");
        assertThat(KnnBenchTable.table("title", List.of(1), List.of(stock(), knn(List.of(4L))))).contains(
                "\nanswers differ: spatial-lsm rtree as-written at k = 1, query point 1: [4] against stock rtree "
                        + "as-written's [3]\n");
    }

    @Test
    void aSavedRunReadsBackWithItsParameters(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("stock.json");
        KnnBenchTable.save(file, "parameters", List.of(stock()));

        assertThat(KnnBenchTable.read(file, "parameters")).containsExactly(stock());
    }
}

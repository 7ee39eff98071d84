package org.spatiallsm.experiment.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The table of {@code bench index-join} (no cluster). */
class IndexJoinBenchTest {

    @Test
    void tableGivesMediansPerJoinAndPerProbeBesideTheFirstColumn() {
        IndexJoinBench bench = new IndexJoinBench(1000, "uniform", 1, List.of(0.01), 100, 3, 0, null);
        IndexJoinBench.Column rtree = new IndexJoinBench.Column("rtree", null,
                Map.of(0.01, new double[] { 90, 30, 60 }), Map.of(0.01, 12L));
        IndexJoinBench.Column dhvb = new IndexJoinBench.Column("dhvb", null,
                Map.of(0.01, new double[] { 30, 40 }), Map.of(0.01, 12L));
        IndexJoinBench.Column sif = new IndexJoinBench.Column("sif", "refused", Map.of(), Map.of());

        String table = bench.table("title", List.of(rtree, dhvb, sif));

        assertThat(table.lines().toList()).containsExactly("title",
                String.format("%-22s%20s%20s%20s", "", "rtree", "dhvb", "sif"),
                String.format("%-22s%20s%20s%20s", "join 0.01 ms", "60.0", "35.0 (58%)", "error"),
                String.format("%-22s%20s%20s%20s", "per probe 0.01 ms", "0.60", "0.35 (58%)", "error"),
                String.format("%-22s%20s%20s%20s", "pairs 0.01", "12", "12", "-"),
                "(medians; x (p%) is p% of the first column's value; pairs: all timed joins together, equal in "
                        + "every column)",
                "sif: error: refused");
    }
}

package org.spatiallsm.experiment.study;

import java.util.ArrayList;
import java.util.List;

import org.spatiallsm.experiment.PublishedValue;

/**
 * The sorted runs of Binomial (k = 4) and Tiered (B = 4) after 20, 40, ..., 120 equal flushes, as the spatial
 * merge-policy paper tabulates them (Mao, Qader and Hristidis, "Comparison of LSM indexing techniques for storing
 * spatial data", Journal of Big Data 10, 2023, Table 1; the same as Table 4.1 of Mao's dissertation). Each run is one
 * disk component, so the count is the components per index partition after that flush.
 */
final class SortedRuns {

    static final String SOURCE = "Mao et al., J. Big Data 2023, Table 1 (sorted runs after n flushes)";
    private static final int[] FLUSHES = { 20, 40, 60, 80, 100, 120 };
    /** Binomial k = 4: 1,4,15 | 2,3,20,15 | 10,50 | 10,20,50 | 15,35,50 | 1,3,10,106. */
    private static final int[] BINOMIAL_K4 = { 3, 4, 2, 3, 3, 4 };
    /** Tiered B = 4: 4,16 | 4,4,16,16 | 4,4,4,16,16,16 | 16,64 | 4,16,16,64 | 4,4,16,16,16,64. */
    private static final int[] TIERED_B4 = { 2, 4, 6, 2, 4, 6 };

    private SortedRuns() {
    }

    /**
     * Marks for the plot {@code components-<configuration>}: the paper's components at each tabulated flush count
     * the run reaches, placed at the records ingested by then, times the partitions (each partition takes every
     * flush, and the plot sums the partitions). Empty for a policy or parameter the table does not have.
     *
     * @param policy    "binomial" or "tiered" (others have no marks)
     * @param parameter k of binomial, B of tiered
     */
    static List<PublishedValue> marks(String configuration, String index, String policy, int parameter,
            long recordsPerFlush, long records, int partitions) {
        int[] runs = policy.equals("binomial") && parameter == 4 ? BINOMIAL_K4
                : policy.equals("tiered") && parameter == 4 ? TIERED_B4 : null;
        List<PublishedValue> marks = new ArrayList<>();
        for (int i = 0; runs != null && i < FLUSHES.length && FLUSHES[i] * recordsPerFlush <= records; i++) {
            marks.add(new PublishedValue("components-" + configuration, configuration, FLUSHES[i] * recordsPerFlush,
                    (double) runs[i] * partitions, index + ": " + policy + " " + (policy.equals("binomial") ? "k" : "B")
                            + " = 4, sorted runs per partition x " + partitions + " partitions", SOURCE));
        }
        return marks;
    }
}

package org.spatiallsm.asterixdb.rtree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * A run, or a group of runs, whose box misses a query holds no entry that meets it, whatever the entries' order and
 * values.
 */
class LeafRunsTest {

    /** Coordinates that order oddly under Double.compare: signed zeros, infinities, NaN. */
    private static final double[] ODD = { -0.0, 0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN,
        -Double.MIN_VALUE, Double.MIN_VALUE };

    @Test
    void aMissedRunHoldsNoEntryTheQueryMeets() {
        SplittableRandom random = new SplittableRandom(28);
        for (int leaf = 0; leaf < 200; leaf++) {
            int dimensions = 1 + random.nextInt(3);
            int bound = random.nextBoolean() ? 3 * LeafRuns.RUN + 5 : 3 * LeafRuns.RUN * LeafRuns.GROUP;
            int entries = random.nextInt(bound);
            boolean points = random.nextBoolean();
            double[][] lows = new double[entries][dimensions];
            double[][] highs = new double[entries][dimensions];
            for (int e = 0; e < entries; e++) {
                for (int d = 0; d < dimensions; d++) {
                    lows[e][d] = coordinate(random);
                    highs[e][d] = points ? lows[e][d] : Math.max(lows[e][d], coordinate(random));
                }
            }
            LeafRuns runs = LeafRuns.of(entries, dimensions, (e, low, high) -> {
                System.arraycopy(lows[e], 0, low, 0, dimensions);
                System.arraycopy(highs[e], 0, high, 0, dimensions);
            });
            assertThat(runs.runs()).isEqualTo((entries + LeafRuns.RUN - 1) / LeafRuns.RUN);
            assertThat(runs.groups()).isEqualTo((runs.runs() + LeafRuns.GROUP - 1) / LeafRuns.GROUP);
            for (int q = 0; q < 200; q++) {
                double[] low = new double[dimensions];
                double[] high = new double[dimensions];
                for (int d = 0; d < dimensions; d++) {
                    low[d] = coordinate(random);
                    high[d] = random.nextInt(4) == 0 ? low[d] : coordinate(random);
                }
                for (int run = 0; run < runs.runs(); run++) {
                    boolean anyMeets = false;
                    for (int e = run * LeafRuns.RUN; e < Math.min(entries, (run + 1) * LeafRuns.RUN); e++) {
                        anyMeets |= meets(lows[e], highs[e], low, high);
                    }
                    if (anyMeets) {
                        assertThat(runs.meets(run, low, high)).as("leaf %d run %d", leaf, run).isTrue();
                        assertThat(runs.groupMeets(run / LeafRuns.GROUP, low, high)).as("leaf %d run %d", leaf, run)
                                .isTrue();
                    }
                }
            }
        }
    }

    @Test
    void runsOfEntriesInOrderAreSkippedByAQueryElsewhere() {
        int entries = 3 * LeafRuns.RUN;
        LeafRuns runs = LeafRuns.of(entries, 2, (e, low, high) -> {
            low[0] = e;
            low[1] = -e;
            high[0] = e;
            high[1] = -e;
        });
        double[] low = { LeafRuns.RUN + 1, -LeafRuns.RUN - 2 };
        double[] high = { LeafRuns.RUN + 2, -LeafRuns.RUN - 1 };

        assertThat(runs.meets(0, low, high)).isFalse();
        assertThat(runs.meets(1, low, high)).isTrue();
        assertThat(runs.meets(2, low, high)).isFalse();
    }

    @Test
    void groupsOfRunsInOrderAreSkippedByAQueryElsewhere() {
        int perGroup = LeafRuns.RUN * LeafRuns.GROUP;
        LeafRuns runs = LeafRuns.of(3 * perGroup - 1, 1, (e, low, high) -> {
            low[0] = e;
            high[0] = e;
        });
        double[] low = { perGroup + 1.5 };
        double[] high = { perGroup + 2.5 };

        assertThat(runs.groups()).isEqualTo(3);
        assertThat(runs.groupMeets(0, low, high)).isFalse();
        assertThat(runs.groupMeets(1, low, high)).isTrue();
        assertThat(runs.groupMeets(2, low, high)).isFalse();
        // The last group is one entry short: its box ends at entry 3 * perGroup - 2.
        assertThat(runs.groupMeets(2, new double[] { 3 * perGroup - 2.5 }, new double[] { 3 * perGroup })).isTrue();
        assertThat(runs.groupMeets(2, new double[] { 3 * perGroup - 1.5 }, new double[] { 3 * perGroup })).isFalse();
    }

    @Test
    void boxesAreTheRunsLeastAndGreatestCoordinates() {
        double[] xs = { 5, -0.0, 0.0, 3 };
        LeafRuns runs = LeafRuns.of(xs.length, 1, (e, low, high) -> {
            low[0] = xs[e];
            high[0] = xs[e];
        });
        // The run spans -0.0 .. 5: a query at 0.0 meets it, one at 5.5 or below -0.0 does not.
        assertThat(runs.meets(0, new double[] { 0.0 }, new double[] { 0.0 })).isTrue();
        assertThat(runs.meets(0, new double[] { 5.5 }, new double[] { 6 })).isFalse();
        assertThat(runs.meets(0, new double[] { -1 }, new double[] { -Double.MIN_VALUE })).isFalse();
        assertThat(runs.meets(0, new double[] { -1 }, new double[] { -0.0 })).isTrue();
    }

    /** The R-tree's own test, on Double.compare's order. */
    private static boolean meets(double[] entryLow, double[] entryHigh, double[] low, double[] high) {
        for (int d = 0; d < low.length; d++) {
            if (Double.compare(low[d], entryHigh[d]) > 0 || Double.compare(high[d], entryLow[d]) < 0) {
                return false;
            }
        }
        return true;
    }

    private static double coordinate(SplittableRandom random) {
        return random.nextInt(10) == 0 ? ODD[random.nextInt(ODD.length)] : random.nextInt(-20, 21) / 2.0;
    }
}

package org.spatiallsm.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When the comparator table warns that its ratios may be noise. */
class ComparatorBenchmarkTest {

    @Test
    void theDefaultsGiveNoNote() {
        assertThat(ComparatorBenchmark.reliabilityNote(1_000_000, 3, 1)).isEmpty();
    }

    @Test
    void oneColdRunOnFewPointsNamesEveryReason() {
        assertThat(ComparatorBenchmark.reliabilityNote(20_000, 1, 0)).hasValue("note: fewer than 3 timed runs, "
                + "no warm-up run, fewer than 100,000 points: a JIT compilation or other load can decide the ratios; "
                + "the recorded ones are for 1,000,000 points, 3 runs and a warm-up run");
        assertThat(ComparatorBenchmark.reliabilityNote(1_000_000, 2, 1)).get().asString()
                .startsWith("note: fewer than 3 timed runs:");
    }
}

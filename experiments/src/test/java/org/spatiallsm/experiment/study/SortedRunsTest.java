package org.spatiallsm.experiment.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.experiment.PublishedValue;

class SortedRunsTest {

    @Test
    void binomialK4MarksTheTabulatedFlushesTheRunReachesTimesThePartitions() {
        List<PublishedValue> marks = SortedRuns.marks("binomial-k4-uniform", "locationIndex", "binomial", 4, 10_000,
                500_000, 2);

        // 50 flushes: the table's 20 and 40 are reached (3 and 4 sorted runs per partition), 60 is not.
        assertThat(marks).extracting(PublishedValue::x).containsExactly(200_000.0, 400_000.0);
        assertThat(marks).extracting(PublishedValue::y).containsExactly(6.0, 8.0);
        assertThat(marks).allSatisfy(mark -> {
            assertThat(mark.plot()).isEqualTo("components-binomial-k4-uniform");
            assertThat(mark.configuration()).isEqualTo("binomial-k4-uniform");
            assertThat(mark.source()).contains("Table 1");
        });
    }

    @Test
    void tieredB4HasAllSixColumnsAtOneHundredAndTwentyFlushes() {
        assertThat(SortedRuns.marks("tiered", "primary index", "tiered", 4, 1, 120, 1))
                .extracting(PublishedValue::y).containsExactly(2.0, 4.0, 6.0, 2.0, 4.0, 6.0);
    }

    @Test
    void otherPoliciesAndParametersHaveNoMarks() {
        assertThat(SortedRuns.marks("binomial", "primary index", "binomial", 8, 1, 1_000, 1)).isEmpty();
        assertThat(SortedRuns.marks("leveled", "locationIndex", "leveled", 4, 1, 1_000, 1)).isEmpty();
    }
}

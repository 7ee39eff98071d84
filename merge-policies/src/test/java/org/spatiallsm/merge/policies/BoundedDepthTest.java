package org.spatiallsm.merge.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BoundedDepthTest {

    @ParameterizedTest(name = "n={0}, k={1}: {2}")
    @CsvSource({
        // n = 1,000: C(20, 3) - 1 = 1,139 >= 1,000 > C(19, 3) - 1 = 968; C(14, 4) - 1 = C(14, 10) - 1 = 1,000.
        "1000, 3, 17", "1000, 4, 10", "1000, 10, 4",
        // k flushes fit k components unmerged; one more needs a merge, so someone is written twice.
        "1, 1, 1", "4, 4, 1", "5, 4, 2",
        // k = 1: every flush merges with the one component, C(m + 1, 1) - 1 = m.
        "7, 1, 7",
        // C(m + 2, 2) - 1 for m = 1, 2, 3 is 2, 5, 9.
        "9, 2, 3", "10, 2, 4" })
    void theOptimumIsTheSmallestTreeDepthThatHoldsTheFlushes(long n, int k, int writes) {
        assertThat(BoundedDepth.optimalMaxWrites(n, k)).isEqualTo(writes);
    }

    @ParameterizedTest
    @CsvSource({ "0, 3", "5, 0" })
    void nonPositiveInputsAreRefused(long n, int k) {
        assertThatIllegalArgumentException().isThrownBy(() -> BoundedDepth.optimalMaxWrites(n, k));
    }
}

package org.spatiallsm.merge.policies;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

class CombinatoricsTest {

    @Test
    void binomialCoefficientsAreExactAndZeroOutsideThePascalTriangle() {
        assertThat(Combinatorics.binomial(0, 0)).isEqualTo(1);
        assertThat(Combinatorics.binomial(7, 3)).isEqualTo(35);
        assertThat(Combinatorics.binomial(7, -1)).isZero();
        assertThat(Combinatorics.binomial(7, 8)).isZero();
        // Largest C(n, n/2) that fits a long; intermediate products would overflow without the gcd step.
        assertThat(Combinatorics.binomial(66, 33)).isEqualTo(exact(66, 33).longValueExact());
        assertThat(Combinatorics.binomial(62, 28)).isEqualTo(exact(62, 28).longValueExact());
    }

    @Test
    void binomialCoefficientsTooLargeForALongSaturate() {
        assertThat(Combinatorics.binomial(68, 34)).isEqualTo(Long.MAX_VALUE);
        assertThat(Combinatorics.binomial(2000, 1000)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void stackDepthIsZeroForNodeZeroAndAtMostKInsideTheTree() {
        for (int m = 1; m <= 8; m++) {
            for (int k = 1; k <= 6; k++) {
                assertThat(Combinatorics.stackDepth(m, k, 0)).isZero();
                long nodes = Combinatorics.binomial(m + k, k) - 1;
                for (long t = 1; t <= nodes; t++) {
                    assertThat(Combinatorics.stackDepth(m, k, t)).as("B(%d, %d, %d)", m, k, t).isBetween(1, k);
                }
            }
        }
    }

    @Test
    void stackDepthFollowsTheRecursionOfTheDefinition() {
        // tau*(2, 2) has C(4, 2) - 1 = 5 nodes. Root C(3, 2) = 3; left subtree tau*(1, 2) = 1 with right child 2;
        // right subtree tau*(2, 1) shifted by 3 = 5 with left child 4. B counts the root-path nodes <= t.
        assertThat(new int[] { Combinatorics.stackDepth(2, 2, 1), Combinatorics.stackDepth(2, 2, 2),
                Combinatorics.stackDepth(2, 2, 3), Combinatorics.stackDepth(2, 2, 4),
                Combinatorics.stackDepth(2, 2, 5) }).containsExactly(1, 2, 1, 2, 2);
    }

    private static BigInteger exact(int n, int r) {
        BigInteger result = BigInteger.ONE;
        for (int i = 1; i <= r; i++) {
            result = result.multiply(BigInteger.valueOf(n - r + i)).divide(BigInteger.valueOf(i));
        }
        return result;
    }
}

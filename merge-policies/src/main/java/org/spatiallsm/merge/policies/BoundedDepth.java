package org.spatiallsm.merge.policies;

/**
 * The bounded-depth optimum of Mathieu et al.: with at most k components, the schedule tau*(m, k) handles
 * n = C(m + k, k) - 1 flushes and writes every record at most m times (its flush plus at most m - 1 merges), and
 * no stack policy with at most k components can do better for every record.
 */
public final class BoundedDepth {

    private BoundedDepth() {
    }

    /**
     * The smallest m with C(m + k, k) - 1 &gt;= n: the fewest times the worst-written record of n flushes must be
     * written (flush included) when at most k components may exist. E.g. 17, 10 and 4 for n = 1,000 and k = 3, 4,
     * 10.
     *
     * @throws IllegalArgumentException if n &lt; 1 or k &lt; 1
     */
    public static int optimalMaxWrites(long n, int k) {
        if (n < 1 || k < 1) {
            throw new IllegalArgumentException("need n >= 1 flushes and k >= 1 components, got n = " + n + ", k = "
                    + k);
        }
        int m = 1;
        // C(m + k, k) grows with m and saturates at Long.MAX_VALUE >= n, so the loop ends.
        while (Combinatorics.binomial(m + (long) k, k) - 1 < n) {
            m++;
        }
        return m;
    }
}

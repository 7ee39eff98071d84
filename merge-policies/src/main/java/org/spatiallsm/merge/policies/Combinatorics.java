package org.spatiallsm.merge.policies;

/**
 * Exact integer arithmetic for the static schedules. Values that do not fit a {@code long} saturate at
 * {@link Long#MAX_VALUE}: they are only ever compared with a flush count, which is itself a {@code long}, so a
 * saturated value still compares correctly.
 */
final class Combinatorics {

    static final long SATURATED = Long.MAX_VALUE;

    private Combinatorics() {
    }

    /** C(n, r), 0 when r &lt; 0 or r &gt; n, saturating. */
    static long binomial(long n, long r) {
        if (r < 0 || r > n) {
            return 0;
        }
        long smaller = Math.min(r, n - r);
        long result = 1;
        for (long i = 1; i <= smaller; i++) {
            // result = C(n - smaller + i - 1, i - 1), and result * factor is divisible by i. Dividing by the gcd
            // first keeps the product exact without a wider type.
            long factor = n - smaller + i;
            long gcd = gcd(result, i);
            long next = multiply(result / gcd, factor / (i / gcd));
            if (next == SATURATED) {
                return SATURATED; // result only grows with i (factor >= i), so it stays saturated
            }
            result = next;
        }
        return result;
    }

    /**
     * B(m, k, t): the stack depth + 1 of node t in the tree tau*(m, k) of Mathieu et al., i.e. the number of nodes
     * on the root path of t that are &lt;= t. Valid for 0 &lt;= t &lt;= C(m + k, k) - 1.
     */
    static int stackDepth(int m, int k, long t) {
        int depth = 0;
        long node = t;
        int treeDepth = m;
        int stackBound = k;
        while (node > 0) {
            if (treeDepth <= 0 || stackBound < 0) {
                throw new IllegalArgumentException("t = " + t + " is outside tau*(" + m + ", " + k + ")");
            }
            // The root of tau*(m, k) is node C(m + k - 1, k): left of it lies tau*(m - 1, k), right of it
            // tau*(m, k - 1) shifted by the root.
            long root = binomial(treeDepth + stackBound - 1, stackBound);
            if (node < root) {
                treeDepth--;
            } else {
                depth++;
                node -= root;
                stackBound--;
            }
        }
        return depth;
    }

    static long add(long a, long b) {
        return a > SATURATED - b ? SATURATED : a + b;
    }

    private static long multiply(long a, long b) {
        return b != 0 && a > SATURATED / b ? SATURATED : a * b;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}

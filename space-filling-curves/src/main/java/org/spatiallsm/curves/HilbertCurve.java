package org.spatiallsm.curves;

/**
 * The two-dimensional Hilbert curve of order K over a 2^K x 2^K grid, driven by a four-state table: each level
 * consumes one bit of x and one of y (most significant first) as the quadrant {@code q = xbit << 1 | ybit}, emits
 * the two-bit digit {@code DIGIT[state][q]} and moves to {@code NEXT[state][q]}. Every order's curve starts at
 * cell (0, 0) and ends at (2^K - 1, 0); order 1 reads (0,0), (0,1), (1,1), (1,0), and order 2, rows y = 0..3,
 * columns x = 0..3, reads {@code [[0,1,14,15],[3,2,13,12],[4,7,8,11],[5,6,9,10]]}.
 */
public final class HilbertCurve {

    /** The highest order whose values fit a non-negative long: 62 bits. */
    public static final int MAX_ORDER = 31;
    /** The state every walk starts in, at the whole grid. */
    public static final int START_STATE = 0;

    private static final int[][] DIGIT = { { 0, 1, 3, 2 }, { 2, 1, 3, 0 }, { 2, 3, 1, 0 }, { 0, 3, 1, 2 } };
    private static final int[][] NEXT = { { 3, 0, 1, 0 }, { 1, 1, 0, 2 }, { 2, 3, 2, 1 }, { 0, 2, 3, 3 } };
    /** QUADRANT[state][digit]: the inverse of DIGIT's rows. */
    private static final int[][] QUADRANT = new int[4][4];

    static {
        for (int state = 0; state < 4; state++) {
            for (int quadrant = 0; quadrant < 4; quadrant++) {
                QUADRANT[state][DIGIT[state][quadrant]] = quadrant;
            }
        }
    }

    private HilbertCurve() {
    }

    /** The digit (0..3) of quadrant {@code q = xbit << 1 | ybit} in {@code state}. */
    public static int digit(int state, int quadrant) {
        return DIGIT[state][quadrant];
    }

    /** The state of the sub-square {@code quadrant} of a square in {@code state}. */
    public static int nextState(int state, int quadrant) {
        return NEXT[state][quadrant];
    }

    /** The quadrant ({@code xbit << 1 | ybit}) that carries {@code digit} in {@code state}. */
    public static int quadrant(int state, int digit) {
        return QUADRANT[state][digit];
    }

    /** The order-{@code order} Hilbert value of cell ({@code x}, {@code y}); both must lie in [0, 2^order). */
    public static long index(int order, long x, long y) {
        requireOrder(order);
        requireCoordinate(order, "x", x);
        requireCoordinate(order, "y", y);
        long value = 0;
        int state = START_STATE;
        for (int bit = order - 1; bit >= 0; bit--) {
            int quadrant = (int) (((x >>> bit) & 1) << 1 | ((y >>> bit) & 1));
            value = value << 2 | DIGIT[state][quadrant];
            state = NEXT[state][quadrant];
        }
        return value;
    }

    /** The cell whose order-{@code order} Hilbert value is {@code value}: the inverse of {@link #index}. */
    public static GridCell cell(int order, long value) {
        requireOrder(order);
        if (value < 0 || value > maxValue(order)) {
            throw new IllegalArgumentException("Hilbert value " + value + " is outside [0, " + maxValue(order)
                    + "] for order " + order);
        }
        long x = 0;
        long y = 0;
        int state = START_STATE;
        for (int level = order - 1; level >= 0; level--) {
            int quadrant = QUADRANT[state][(int) (value >>> (2 * level)) & 3];
            x = x << 1 | quadrant >> 1;
            y = y << 1 | quadrant & 1;
            state = NEXT[state][quadrant];
        }
        return new GridCell(x, y);
    }

    /** The largest value of the order: 4^order - 1. */
    public static long maxValue(int order) {
        requireOrder(order);
        return (1L << 2 * order) - 1;
    }

    /** The largest coordinate of the order: 2^order - 1. */
    public static long maxCoordinate(int order) {
        requireOrder(order);
        return (1L << order) - 1;
    }

    static void requireOrder(int order) {
        if (order < 1 || order > MAX_ORDER) {
            throw new IllegalArgumentException("order must be in 1.." + MAX_ORDER + ", was " + order);
        }
    }

    static void requireCoordinate(int order, String axis, long value) {
        if (value < 0 || value >= 1L << order) {
            throw new IllegalArgumentException(axis + " = " + value + " is outside [0, " + ((1L << order) - 1)
                    + "] for order " + order);
        }
    }
}

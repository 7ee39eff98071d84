package org.spatiallsm.partitioning.curves;

/**
 * AsterixDB 0.9.8's R-tree curve orders (Hilbert for 2-D keys, Z-order for any dimension), computed exactly and
 * fast.
 *
 * <p>0.9.8 compares two points by walking down a grid, level by level, until they fall into different cells. Level
 * 0 splits every axis at 0; a coordinate that is {@code >=} the split goes to the upper half, and the axis's next
 * split moves up or down by the step, which starts at {@code Double.MAX_VALUE / 2} and halves per level, in
 * floating point. At level {@value #LEVELS} the step has reached two float epsilons and 0.9.8 calls the points equal.
 * The first level at which the two points' cells differ decides, by the curve's rank of the two quadrants.
 *
 * <p>Starting from {@code ±Double.MAX_VALUE} costs 0.9.8 about a thousand levels for data of ordinary magnitude.
 * Here the levels where the two coordinates of an axis cannot differ are skipped:
 * <ul>
 * <li>Above a coordinate's own magnitude, its split points are {@code ±Double.MAX_VALUE / 2^level} exactly (no
 * rounding), and the coordinate stays on the side of 0; the level where it first leaves that path (its
 * {@linkplain #turnLevel turn level}) follows from its exponent and mantissa alone.</li>
 * <li>Once a split point can no longer move (the step is below half its ulp), the coordinate stays on one side of
 * it down to the last level.</li>
 * </ul>
 * Between those, the split points are computed by the same floating-point additions as 0.9.8's, so every rounding is
 * the same. While the axes only repeat one quadrant, the curve's state is advanced by a precomputed power of its
 * transition, not level by level.
 *
 * <p>An instance keeps scratch arrays: use one per thread.
 */
public final class CurveOrder {

    /** Levels 0 to {@code LEVELS - 1} can tell two points apart; 0.9.8 stops before the next one. */
    public static final int LEVELS = 1044;

    private static final long MANTISSA = (1L << 52) - 1;
    /** After a failed attempt to skip levels, the next attempt waits this many levels (a split cannot freeze sooner). */
    private static final int SKIP_RETRY_LEVELS = 8;

    /** {@code MAX_VALUE / 2^level} for every level: the splits above a coordinate's turn, and the steps. */
    private static final double[] SPLITS = new double[LEVELS + 2];

    static {
        for (int level = 0; level < SPLITS.length; level++) {
            SPLITS[level] = Math.scalb(Double.MAX_VALUE, -level); // exact: no subnormal this high
        }
    }

    private final int dimensions;
    private final int quadrants;
    /** {@code rank[state * quadrants + quadrant]}: where the quadrant comes along the curve in a cell of this state. */
    private final int[] rank;
    /** {@code next[state * quadrants + quadrant]}: the state of the sub-cell. */
    private final int[] next;
    /** {@code power[(quadrant * POWER_TABLE + n) * states + state]}: the state after n levels of this quadrant. */
    private final int[] power;
    private final int states;
    /** {@code bits[axis]}: the axis's bit in a quadrant number. */
    private final int[] bits;

    private final double[] split;
    private final int[] pathLeft;

    private CurveOrder(int dimensions, int[][] rank, int[][] next) {
        this.dimensions = dimensions;
        this.quadrants = 1 << dimensions;
        this.states = next.length;
        this.rank = flatten(rank);
        this.next = flatten(next);
        this.power = powers(next, quadrants);
        this.split = new double[dimensions];
        this.pathLeft = new int[dimensions];
        this.bits = new int[dimensions];
        for (int axis = 0; axis < dimensions; axis++) {
            bits[axis] = 1 << (dimensions - 1 - axis); // the first axis is the most significant, as in 0.9.8
        }
    }

    /** 0.9.8's {@code HilbertDoubleComparator}: the Hilbert curve over 2-D points. */
    public static CurveOrder hilbert() {
        // Quadrant bits: x is the high bit, y the low bit (1 = upper half), as 0.9.8 numbers them.
        int[][] rank = { { 0, 1, 3, 2 }, { 2, 1, 3, 0 }, { 2, 3, 1, 0 }, { 0, 3, 1, 2 } };
        int[][] next = { { 3, 0, 1, 0 }, { 1, 1, 0, 2 }, { 2, 3, 2, 1 }, { 0, 2, 3, 3 } };
        return new CurveOrder(2, rank, next);
    }

    /** 0.9.8's {@code ZCurveDoubleComparator}: the Z-order (Morton) curve, the first axis most significant. */
    public static CurveOrder zOrder(int dimensions) {
        if (dimensions < 1 || dimensions > 16) {
            throw new IllegalArgumentException("Z-order needs 1 to 16 dimensions, got " + dimensions);
        }
        int quadrants = 1 << dimensions;
        int[][] rank = new int[1][quadrants];
        for (int q = 0; q < quadrants; q++) {
            rank[0][q] = q;
        }
        return new CurveOrder(dimensions, rank, new int[1][quadrants]);
    }

    public int dimensions() {
        return dimensions;
    }

    /**
     * The sign of 0.9.8's comparison of points {@code a} and {@code b} ({@code dimensions()} coordinates each): -1, 0
     * or 1.
     */
    public int compare(double[] a, double[] b) {
        int upperBits = 0; // which axes of the common path are in the upper half of level 0
        int firstTurn = LEVELS;
        for (int i = 0; i < dimensions; i++) {
            boolean upperA = a[i] >= 0.0;
            boolean upperB = b[i] >= 0.0;
            if (upperA != upperB) {
                return decideAtLevelZero(a, b);
            }
            if (upperA) {
                upperBits |= bits[i];
            }
            pathLeft[i] = Math.min(turnLevel(a[i]), turnLevel(b[i]));
            firstTurn = Math.min(firstTurn, pathLeft[i]);
        }
        if (firstTurn >= LEVELS) {
            return 0;
        }
        // Levels 1 .. firstTurn-1: every axis stays on the side of 0, so every level takes the same quadrant.
        int towardZero = ~upperBits & (quadrants - 1);
        int state = advance(next[upperBits], towardZero, firstTurn - 1);
        double step = splitAt(firstTurn + 1);
        for (int i = 0; i < dimensions; i++) {
            split[i] = signedSplit((upperBits & bits[i]) != 0, firstTurn);
        }
        int nextSkipAttempt = firstTurn + SKIP_RETRY_LEVELS;
        for (int level = firstTurn; level < LEVELS; level++) {
            int quadrantA = 0;
            int quadrantB = 0;
            for (int i = 0; i < dimensions; i++) {
                boolean upperA = a[i] >= split[i];
                if (upperA) {
                    quadrantA |= bits[i];
                }
                if (b[i] >= split[i]) {
                    quadrantB |= bits[i];
                }
                // The same addition as 0.9.8's, so the same rounding.
                split[i] = upperA ? split[i] + step : split[i] - step;
            }
            if (quadrantA != quadrantB) {
                return rank[state * quadrants + quadrantA] < rank[state * quadrants + quadrantB] ? -1 : 1;
            }
            state = next[state * quadrants + quadrantA];
            step *= 0.5;
            if (level + 1 >= nextSkipAttempt) {
                int skipTo = constantUntil(a, b, level + 1, step);
                if (skipTo > level + 1) {
                    state = advance(state, quadrantOf(a, towardZero, level + 1), skipTo - level - 1);
                    for (int i = 0; i < dimensions; i++) {
                        if (level + 1 < pathLeft[i]) {
                            split[i] = signedSplit((upperBits & bits[i]) != 0, skipTo);
                        }
                    }
                    step = splitAt(skipTo + 1);
                    level = skipTo - 1;
                }
                nextSkipAttempt = level + 1 + SKIP_RETRY_LEVELS;
            }
        }
        return 0;
    }

    /**
     * {@link #compare(double[], double[])} for 2-D points ({@code dimensions() == 2}), the R-tree's common case: the
     * same walk with both axes in locals, which is what keeps a curve comparison within a few times a plain one.
     */
    public int compare(double ax, double ay, double bx, double by) {
        if (dimensions != 2) {
            throw new IllegalStateException("a " + dimensions + "-D order cannot compare 2-D points");
        }
        boolean upperX = ax >= 0.0;
        boolean upperY = ay >= 0.0;
        int upperBits = quadrant2(upperX, upperY);
        int upperBitsB = quadrant2(bx >= 0.0, by >= 0.0);
        if (upperBits != upperBitsB) {
            return rank[upperBits] < rank[upperBitsB] ? -1 : 1;
        }
        int leftX = Math.min(turnLevel(ax), turnLevel(bx));
        int leftY = Math.min(turnLevel(ay), turnLevel(by));
        int level = Math.min(leftX, leftY);
        if (level >= LEVELS) {
            return 0;
        }
        int towardZero = upperBits ^ 3;
        int state = advance(next[upperBits], towardZero, level - 1);
        double splitX = signedSplit(upperX, level);
        double splitY = signedSplit(upperY, level);
        double step = splitAt(level + 1);
        while (true) {
            // The tight loop runs SKIP_RETRY_LEVELS levels; then the axes are checked for a run that can be skipped.
            for (int stop = Math.min(LEVELS, level + SKIP_RETRY_LEVELS); level < stop; level++) {
                boolean upperAx = ax >= splitX;
                boolean upperAy = ay >= splitY;
                int quadrantA = quadrant2(upperAx, upperAy);
                int quadrantB = quadrant2(bx >= splitX, by >= splitY);
                if (quadrantA != quadrantB) {
                    return rank[state * 4 + quadrantA] < rank[state * 4 + quadrantB] ? -1 : 1;
                }
                state = next[state * 4 + quadrantA];
                splitX = upperAx ? splitX + step : splitX - step; // 0.9.8's additions, so 0.9.8's rounding
                splitY = upperAy ? splitY + step : splitY - step;
                step *= 0.5;
            }
            if (level >= LEVELS) {
                return 0;
            }
            int skipTo = Math.min(axisConstantUntil(level, leftX, splitX, ax, bx, step),
                    axisConstantUntil(level, leftY, splitY, ay, by, step));
            if (skipTo > level) {
                boolean skippedUpperX = level < leftX ? (towardZero & 2) != 0 : ax >= splitX;
                boolean skippedUpperY = level < leftY ? (towardZero & 1) != 0 : ay >= splitY;
                state = advance(state, quadrant2(skippedUpperX, skippedUpperY), skipTo - level);
                splitX = level < leftX ? signedSplit(upperX, skipTo) : splitX;
                splitY = level < leftY ? signedSplit(upperY, skipTo) : splitY;
                step = splitAt(skipTo + 1);
                level = skipTo;
            }
        }
    }

    private static int quadrant2(boolean upperX, boolean upperY) {
        return (upperX ? 2 : 0) | (upperY ? 1 : 0);
    }

    /**
     * The level of {@code x}'s first move away from 0's side: the first level {@code >= 1} whose split it is on the
     * other side of than at the levels before, or {@link #LEVELS} if none. For {@code x >= 0} the splits are
     * {@code MAX_VALUE / 2^level} and the turn is the first one {@code x} reaches; for {@code x < 0} (and NaN, which
     * is never {@code >=} anything) the splits are {@code -MAX_VALUE / 2^level} and the turn is the first one
     * {@code x} falls below.
     */
    static int turnLevel(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int biasedExponent = (int) (bits >>> 52) & 0x7ff;
        // x >= MAX_VALUE / 2^k, where MAX_VALUE's mantissa is all ones: a larger exponent reaches it, an equal one
        // only with an all-ones mantissa.
        int level = x >= 0.0 ? 2047 - biasedExponent - ((bits & MANTISSA) == MANTISSA ? 1 : 0) : 2047 - biasedExponent;
        return Math.max(1, Math.min(LEVELS, level));
    }

    /**
     * If from {@code level} on no axis can change side until some later level, that level (where an axis turns, or
     * {@link #LEVELS}); otherwise {@code level}.
     */
    private int constantUntil(double[] a, double[] b, int level, double step) {
        int until = LEVELS;
        for (int i = 0; i < dimensions; i++) {
            until = Math.min(until, axisConstantUntil(level, pathLeft[i], split[i], a[i], b[i], step));
        }
        return until;
    }

    /**
     * For one axis, from {@code level} on: the level until which neither coordinate can change side, or {@code level}
     * if one may. An axis cannot change side while it is before its turn ({@code pathLeft}), or once its split is
     * frozen (the step is at most a quarter of the split's ulp, so adding or subtracting it rounds back) with both
     * coordinates on the same side of it.
     */
    private static int axisConstantUntil(int level, int pathLeft, double split, double a, double b, double step) {
        if (level < pathLeft) {
            return pathLeft;
        }
        boolean frozen = step <= Math.abs(split) * 0x1p-55;
        return frozen && (a >= split) == (b >= split) ? LEVELS : level;
    }

    /** The quadrant of the levels from {@code level} on, while no axis changes side. */
    private int quadrantOf(double[] a, int towardZero, int level) {
        int quadrant = 0;
        for (int i = 0; i < dimensions; i++) {
            boolean upper = level < pathLeft[i] ? (towardZero & bits[i]) != 0 : a[i] >= split[i];
            if (upper) {
                quadrant |= bits[i];
            }
        }
        return quadrant;
    }

    private int decideAtLevelZero(double[] a, double[] b) {
        int quadrantA = 0;
        int quadrantB = 0;
        for (int i = 0; i < dimensions; i++) {
            quadrantA |= a[i] >= 0.0 ? bits[i] : 0;
            quadrantB |= b[i] >= 0.0 ? bits[i] : 0;
        }
        return rank[quadrantA] < rank[quadrantB] ? -1 : 1;
    }

    private int advance(int state, int quadrant, int levels) {
        // A map of at most 4 states is periodic after at most 3 steps, with a period dividing lcm(1, 2, 3, 4) = 12.
        int n = levels < POWER_TABLE ? levels : POWER_TAIL + (levels - POWER_TAIL) % POWER_PERIOD;
        return power[(quadrant * POWER_TABLE + n) * states + state];
    }

    private static final int POWER_TAIL = 4;
    private static final int POWER_PERIOD = 12;
    private static final int POWER_TABLE = POWER_TAIL + POWER_PERIOD;

    private static int[] powers(int[][] next, int quadrants) {
        int states = next.length;
        if (states > POWER_TAIL) {
            throw new IllegalArgumentException("curve state tables above 4 states are not supported");
        }
        int[] power = new int[quadrants * POWER_TABLE * states];
        for (int q = 0; q < quadrants; q++) {
            for (int s = 0; s < states; s++) {
                int state = s;
                for (int n = 0; n < POWER_TABLE; n++) {
                    power[(q * POWER_TABLE + n) * states + s] = state;
                    state = next[state][q];
                }
            }
        }
        return power;
    }

    private static int[] flatten(int[][] table) {
        int width = table[0].length;
        int[] flat = new int[table.length * width];
        for (int row = 0; row < table.length; row++) {
            System.arraycopy(table[row], 0, flat, row * width, width);
        }
        return flat;
    }

    /** The split of an axis at {@code level} while it is still on 0's side: exact, no rounding below level 1045. */
    private static double signedSplit(boolean upper, int level) {
        double magnitude = splitAt(level);
        return upper ? magnitude : -magnitude;
    }

    private static double splitAt(int level) {
        return SPLITS[level];
    }
}

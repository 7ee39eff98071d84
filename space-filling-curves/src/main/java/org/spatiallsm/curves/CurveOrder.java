package org.spatiallsm.curves;

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
 * the same. While the axes only repeat one quadrant, the Hilbert curve's state is advanced by a precomputed power of
 * its transition, not level by level. The Z-order needs no state: up to four axes are walked together
 * (independent chains of additions that the processor overlaps), from the first level where any of them leaves 0's
 * path, and the first axis to part decides; more axes are walked one by one, each to the level where its two
 * coordinates part.
 *
 * <p>Instances hold no mutable state: one can serve any number of threads.
 */
public final class CurveOrder {

    /** Levels 0 to {@code LEVELS - 1} can tell two points apart; 0.9.8 stops before the next one. */
    public static final int LEVELS = 1044;

    private static final long MANTISSA = (1L << 52) - 1;
    /** How many levels the tight loops run before they check for a run of levels that can be skipped. */
    private static final int SKIP_RETRY_LEVELS = 8;

    /** {@code MAX_VALUE / 2^level} for every level: the splits above a coordinate's turn, and the steps. */
    private static final double[] SPLITS = new double[LEVELS + 2];

    static {
        for (int level = 0; level < SPLITS.length; level++) {
            SPLITS[level] = Math.scalb(Double.MAX_VALUE, -level); // exact: no subnormal this high
        }
    }

    // 0.9.8's Hilbert state machine. Quadrant numbers: x is the high bit, y the low bit (1 = upper half).
    /** {@code HILBERT_RANK[state * 4 + quadrant]}: where the quadrant comes along the curve in a cell of this state. */
    private static final int[] HILBERT_RANK = { 0, 1, 3, 2, 2, 1, 3, 0, 2, 3, 1, 0, 0, 3, 1, 2 };
    /** {@code HILBERT_NEXT[state * 4 + quadrant]}: the state of the sub-cell. */
    private static final int[] HILBERT_NEXT = { 3, 0, 1, 0, 1, 1, 0, 2, 2, 3, 2, 1, 0, 2, 3, 3 };
    private static final int POWER_TAIL = 4;
    private static final int POWER_PERIOD = 12;
    private static final int POWER_TABLE = POWER_TAIL + POWER_PERIOD;
    /** {@code HILBERT_POWER[(quadrant * POWER_TABLE + n) * 4 + state]}: the state after n levels of this quadrant. */
    private static final int[] HILBERT_POWER = hilbertPowers();

    private final int dimensions;
    private final boolean hilbert;

    private CurveOrder(int dimensions, boolean hilbert) {
        this.dimensions = dimensions;
        this.hilbert = hilbert;
    }

    /** 0.9.8's {@code HilbertDoubleComparator}: the Hilbert curve over 2-D points. */
    public static CurveOrder hilbert() {
        return new CurveOrder(2, true);
    }

    /** 0.9.8's {@code ZCurveDoubleComparator}: the Z-order (Morton) curve, the first axis most significant. */
    public static CurveOrder zOrder(int dimensions) {
        if (dimensions < 1 || dimensions > 16) {
            throw new IllegalArgumentException("Z-order needs 1 to 16 dimensions, got " + dimensions);
        }
        return new CurveOrder(dimensions, false);
    }

    public int dimensions() {
        return dimensions;
    }

    /**
     * The sign of 0.9.8's comparison of points {@code a} and {@code b} ({@code dimensions()} coordinates each): -1, 0
     * or 1.
     */
    public int compare(double[] a, double[] b) {
        if (hilbert) {
            return compareHilbert(a[0], a[1], b[0], b[1]);
        }
        switch (dimensions) {
            case 1:
                return compareZ(a[0], 0.0, 0.0, 0.0, b[0], 0.0, 0.0, 0.0);
            case 2:
                return compareZ(a[0], a[1], 0.0, 0.0, b[0], b[1], 0.0, 0.0);
            case 3:
                return compareZ(a[0], a[1], a[2], 0.0, b[0], b[1], b[2], 0.0);
            case 4:
                return compareZ(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
            default:
                return compareZAxisByAxis(a, b);
        }
    }

    /** {@link #compare(double[], double[])} for 2-D points ({@code dimensions() == 2}), without arrays. */
    public int compare(double ax, double ay, double bx, double by) {
        requireDimensions(2);
        return hilbert ? compareHilbert(ax, ay, bx, by) : compareZ(ax, ay, 0.0, 0.0, bx, by, 0.0, 0.0);
    }

    /** {@link #compare(double[], double[])} for 3-D points ({@code dimensions() == 3}), without arrays. */
    public int compare(double ax, double ay, double az, double bx, double by, double bz) {
        requireDimensions(3);
        return compareZ(ax, ay, az, 0.0, bx, by, bz, 0.0);
    }

    /** {@link #compare(double[], double[])} for 4-D points ({@code dimensions() == 4}), without arrays. */
    public int compare(double ax, double ay, double az, double aw, double bx, double by, double bz, double bw) {
        requireDimensions(4);
        return compareZ(ax, ay, az, aw, bx, by, bz, bw);
    }

    private void requireDimensions(int pointDimensions) {
        if (dimensions != pointDimensions) {
            throw new IllegalStateException(
                    "a " + dimensions + "-D order cannot compare " + pointDimensions + "-D points");
        }
    }

    /**
     * The Z-order of up to four axes, walked together level by level as 0.9.8 does (an axis with equal coordinates
     * never parts, so absent axes are given 0.0 on both sides). The four splits are independent chains of additions,
     * which the processor runs side by side; walking axis by axis would chain them one after the other and walk the
     * first axis past the level where a later one already decided.
     */
    private static int compareZ(double ax, double ay, double az, double aw, double bx, double by, double bz,
            double bw) {
        // Level 0: every split is 0. Quadrant bits: the first axis is the most significant, as in 0.9.8.
        int quadrantA = quadrant4(ax >= 0.0, ay >= 0.0, az >= 0.0, aw >= 0.0);
        int quadrantB = quadrant4(bx >= 0.0, by >= 0.0, bz >= 0.0, bw >= 0.0);
        if (quadrantA != quadrantB) {
            return quadrantA < quadrantB ? -1 : 1;
        }
        // Above an axis's path-left level both coordinates follow the exact splits MAX_VALUE / 2^level on 0's side,
        // so the walk may start at the lowest one, every axis on its exact split there.
        int pathLeftX = pathLeft(ax, bx);
        int pathLeftY = pathLeft(ay, by);
        int pathLeftZ = pathLeft(az, bz);
        int pathLeftW = pathLeft(aw, bw);
        int level = Math.min(Math.min(pathLeftX, pathLeftY), Math.min(pathLeftZ, pathLeftW));
        double splitX = signedSplit(ax >= 0.0, level);
        double splitY = signedSplit(ay >= 0.0, level);
        double splitZ = signedSplit(az >= 0.0, level);
        double splitW = signedSplit(aw >= 0.0, level);
        double step = splitAt(level + 1);
        while (true) {
            for (int stop = Math.min(LEVELS, level + SKIP_RETRY_LEVELS); level < stop; level++) {
                boolean upperX = ax >= splitX;
                boolean upperY = ay >= splitY;
                boolean upperZ = az >= splitZ;
                boolean upperW = aw >= splitW;
                quadrantA = quadrant4(upperX, upperY, upperZ, upperW);
                quadrantB = quadrant4(bx >= splitX, by >= splitY, bz >= splitZ, bw >= splitW);
                if (quadrantA != quadrantB) {
                    return quadrantA < quadrantB ? -1 : 1;
                }
                splitX = upperX ? splitX + step : splitX - step; // 0.9.8's additions, so 0.9.8's rounding
                splitY = upperY ? splitY + step : splitY - step;
                splitZ = upperZ ? splitZ + step : splitZ - step;
                splitW = upperW ? splitW + step : splitW - step;
                step *= 0.5;
            }
            if (level >= LEVELS) {
                return 0;
            }
            int skipTo = Math.min(
                    Math.min(axisConstantUntil(level, pathLeftX, splitX, ax, bx, step),
                            axisConstantUntil(level, pathLeftY, splitY, ay, by, step)),
                    Math.min(axisConstantUntil(level, pathLeftZ, splitZ, az, bz, step),
                            axisConstantUntil(level, pathLeftW, splitW, aw, bw, step)));
            if (skipTo > level) {
                splitX = level < pathLeftX ? signedSplit(ax >= 0.0, skipTo) : splitX;
                splitY = level < pathLeftY ? signedSplit(ay >= 0.0, skipTo) : splitY;
                splitZ = level < pathLeftZ ? signedSplit(az >= 0.0, skipTo) : splitZ;
                splitW = level < pathLeftW ? signedSplit(aw >= 0.0, skipTo) : splitW;
                step = splitAt(skipTo + 1);
                level = skipTo;
            }
        }
    }

    private static int quadrant4(boolean upperX, boolean upperY, boolean upperZ, boolean upperW) {
        return (upperX ? 8 : 0) | (upperY ? 4 : 0) | (upperZ ? 2 : 0) | (upperW ? 1 : 0);
    }

    /**
     * The level above which one axis's coordinates (on the same side of 0) follow 0.9.8's exact splits together:
     * the first one's turn, or {@link #LEVELS} if they are equal and never part.
     */
    private static int pathLeft(double a, double b) {
        return a == b ? LEVELS : Math.min(turnLevel(a), turnLevel(b));
    }

    /** The Z-order of more than four axes: each walked on its own, to the level where its coordinates part. */
    private int compareZAxisByAxis(double[] a, double[] b) {
        int result = 0;
        int firstParting = LEVELS;
        for (int i = 0; i < dimensions && firstParting > 0; i++) {
            // Only a parting above the best so far counts: on a tie the earlier axis (the higher bit) decides.
            int parting = parting(a[i], b[i], firstParting);
            if (parting >> 1 < firstParting) {
                firstParting = parting >> 1;
                result = (parting & 1) == 1 ? 1 : -1;
            }
        }
        return result;
    }

    /**
     * Where one axis's coordinates {@code a} and {@code b} part, searched below level {@code below}: the first level at
     * which they are on different sides of the split, times 2, plus 1 if {@code a} is then on the upper side; or
     * {@code below * 2} if they do not part above it.
     */
    private static int parting(double a, double b, int below) {
        boolean upper = a >= 0.0;
        if (upper != b >= 0.0) {
            return upper ? 1 : 0;
        }
        if (a == b) {
            return below * 2; // also -0.0 and 0.0: the same walk
        }
        int turnA = turnLevel(a);
        int turnB = turnLevel(b);
        int level = Math.min(turnA, turnB);
        if (level >= below) {
            return below * 2;
        }
        if (turnA != turnB) {
            // One leaves 0's side here, the other does not: the one that turns goes up if it is >= 0, down if not.
            boolean aUpper = (turnA == level) == upper;
            return level * 2 + (aUpper ? 1 : 0);
        }
        double split = signedSplit(upper, level);
        double step = splitAt(level + 1);
        while (true) {
            for (int stop = Math.min(below, level + SKIP_RETRY_LEVELS); level < stop; level++) {
                boolean aUpper = a >= split;
                if (aUpper != b >= split) {
                    return level * 2 + (aUpper ? 1 : 0);
                }
                split = aUpper ? split + step : split - step; // 0.9.8's additions, so 0.9.8's rounding
                step *= 0.5;
            }
            if (level >= below || axisConstantUntil(level, 0, split, a, b, step) > level) {
                return below * 2;
            }
        }
    }

    /** The Hilbert walk: both axes at once, as the curve's state depends on the quadrants of both. */
    private static int compareHilbert(double ax, double ay, double bx, double by) {
        boolean upperX = ax >= 0.0;
        boolean upperY = ay >= 0.0;
        int upperBits = quadrant2(upperX, upperY);
        int upperBitsB = quadrant2(bx >= 0.0, by >= 0.0);
        if (upperBits != upperBitsB) {
            return HILBERT_RANK[upperBits] < HILBERT_RANK[upperBitsB] ? -1 : 1;
        }
        int leftX = Math.min(turnLevel(ax), turnLevel(bx));
        int leftY = Math.min(turnLevel(ay), turnLevel(by));
        int level = Math.min(leftX, leftY);
        if (level >= LEVELS) {
            return 0;
        }
        int towardZero = upperBits ^ 3;
        int state = advance(HILBERT_NEXT[upperBits], towardZero, level - 1);
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
                    return HILBERT_RANK[state * 4 + quadrantA] < HILBERT_RANK[state * 4 + quadrantB] ? -1 : 1;
                }
                state = HILBERT_NEXT[state * 4 + quadrantA];
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

    private static int advance(int state, int quadrant, int levels) {
        // A map of 4 states is periodic after at most 3 steps, with a period dividing lcm(1, 2, 3, 4) = 12.
        int n = levels < POWER_TABLE ? levels : POWER_TAIL + (levels - POWER_TAIL) % POWER_PERIOD;
        return HILBERT_POWER[(quadrant * POWER_TABLE + n) * 4 + state];
    }

    private static int[] hilbertPowers() {
        int[] power = new int[4 * POWER_TABLE * 4];
        for (int quadrant = 0; quadrant < 4; quadrant++) {
            for (int start = 0; start < 4; start++) {
                int state = start;
                for (int n = 0; n < POWER_TABLE; n++) {
                    power[(quadrant * POWER_TABLE + n) * 4 + start] = state;
                    state = HILBERT_NEXT[state * 4 + quadrant];
                }
            }
        }
        return power;
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

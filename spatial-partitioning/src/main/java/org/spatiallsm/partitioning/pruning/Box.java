package org.spatiallsm.partitioning.pruning;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.spatiallsm.geometry.Rect;

/**
 * An axis-aligned box of any number of dimensions with closed bounds, ordered as AsterixDB's R-tree orders its double
 * keys ({@link Double#compare}: NaN after everything) except that -0.0 and 0.0 are one value, so that
 * {@link #overlaps} holds whenever the R-tree's own intersection test would: pruning may keep a component the R-tree
 * then finds nothing in, never skip one it would find something in. The zeros are equal because a component's MBR
 * may come from code that compares numbers (where -0.0 == 0.0) rather than from the R-tree's comparator, and a query
 * compares them so too. A component's MBR or a query window; {@link #empty} (the MBR of a component without entries)
 * overlaps nothing. Not a {@link Rect}: the R-tree's keys may have more than two dimensions, and the bounds are not
 * checked (a query may be inverted or hold NaN, and is then compared as the R-tree compares it).
 */
public final class Box {

    private final double[] min;
    private final double[] max;
    private final boolean empty;

    private Box(double[] min, double[] max, boolean empty) {
        if (min.length != max.length || min.length == 0) {
            throw new IllegalArgumentException("a box needs as many lower as upper bounds, at least one each; got "
                    + min.length + " and " + max.length);
        }
        this.min = min;
        this.max = max;
        this.empty = empty;
    }

    public static Box of(double[] min, double[] max) {
        return new Box(min.clone(), max.clone(), false);
    }

    /** The 2-D box of a rectangle. */
    public static Box of(Rect rect) {
        return new Box(new double[] { rect.minX(), rect.minY() }, new double[] { rect.maxX(), rect.maxY() }, false);
    }

    /** The MBR of nothing: overlaps no box, and is the neutral element of {@link #union}. */
    public static Box empty(int dimensions) {
        return new Box(new double[dimensions], new double[dimensions], true);
    }

    public int dimensions() {
        return min.length;
    }

    public boolean isEmpty() {
        return empty;
    }

    public double min(int dimension) {
        return min[dimension];
    }

    public double max(int dimension) {
        return max[dimension];
    }

    /**
     * The overlap test of the studies (Eq. 4.1): for every dimension d, min[d] &lt;= other.max[d] and other.min[d]
     * &lt;= max[d]. Closed intervals: touching boxes overlap.
     */
    public boolean overlaps(Box other) {
        checkDimensions(other);
        if (empty || other.empty) {
            return false;
        }
        for (int d = 0; d < min.length; d++) {
            if (after(min[d], other.max[d]) || after(other.min[d], max[d])) {
                return false;
            }
        }
        return true;
    }

    /** {@code a > b} in the R-tree's order, with -0.0 and 0.0 equal (see the class comment). */
    private static boolean after(double a, double b) {
        return a != b && Double.compare(a, b) > 0;
    }

    /** The smallest box holding both. */
    public Box union(Box other) {
        checkDimensions(other);
        if (other.empty) {
            return this;
        }
        if (empty) {
            return other;
        }
        double[] lower = new double[min.length];
        double[] upper = new double[min.length];
        for (int d = 0; d < min.length; d++) {
            lower[d] = Double.compare(min[d], other.min[d]) <= 0 ? min[d] : other.min[d];
            upper[d] = Double.compare(max[d], other.max[d]) >= 0 ? max[d] : other.max[d];
        }
        return new Box(lower, upper, false);
    }

    private void checkDimensions(Box other) {
        if (other.min.length != min.length) {
            throw new IllegalArgumentException("boxes of " + min.length + " and " + other.min.length
                    + " dimensions");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Box other && empty == other.empty && min.length == other.min.length
                && (empty || Arrays.equals(min, other.min) && Arrays.equals(max, other.max));
    }

    @Override
    public int hashCode() {
        return empty ? -min.length : 31 * Arrays.hashCode(min) + Arrays.hashCode(max);
    }

    /** {@code [x1, y1 .. x2, y2]}, or {@code empty}. */
    @Override
    public String toString() {
        if (empty) {
            return "empty";
        }
        return "[" + corner(min) + " .. " + corner(max) + "]";
    }

    private static String corner(double[] values) {
        return IntStream.range(0, values.length).mapToObj(d -> String.format(Locale.ROOT, "%s", values[d]))
                .collect(Collectors.joining(", "));
    }
}

package org.spatiallsm.curves;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Rectangles of grid cells seen along the Hilbert curve: the intervals of values that cover a rectangle, and the
 * next value inside a rectangle at or after a given value (the skip-scan's "next match").
 */
public final class HilbertRanges {

    /** What {@link #nextMatch} returns when no value at or after the start lies in the rectangle. */
    public static final long NO_MATCH = -1;

    private HilbertRanges() {
    }

    /**
     * The exact cover of {@code rect}: the sorted, merged intervals of the values of exactly its cells (no two
     * intervals touch). Time and memory grow with the rectangle's perimeter in cells; bound them with
     * {@link #cover(int, GridRect, int)} at high orders.
     */
    public static List<HilbertInterval> cover(int order, GridRect rect) {
        return cover(order, rect, Integer.MAX_VALUE);
    }

    /**
     * The intervals that cover {@code rect}, at most {@code maxIntervals} of them. The rectangle is decomposed level
     * by level, each level splitting the squares that straddle its border; at the first level whose cover would need
     * more than {@code maxIntervals} intervals, that level's cover is coarsened by bridging its smallest gaps
     * (which adds the fewest cells outside the rectangle for that level). The result always contains every cell of
     * the rectangle, is sorted and merged, and equals {@link #cover(int, GridRect)} when the exact cover has at
     * most {@code maxIntervals} intervals. A level is only kept while its merged cover fits the cap, so work and
     * memory follow the cap rather than the order.
     */
    public static List<HilbertInterval> cover(int order, GridRect rect, int maxIntervals) {
        requireInGrid(order, rect);
        if (maxIntervals < 1) {
            throw new IllegalArgumentException("the interval cap must be at least 1, was " + maxIntervals);
        }
        List<HilbertInterval> full = new ArrayList<>();
        List<Square> straddling = List.of(new Square(0, HilbertCurve.START_STATE, 0, 0));
        for (int level = 1; !straddling.isEmpty(); level++) {
            long side = 1L << (order - level);
            List<HilbertInterval> newlyFull = new ArrayList<>();
            List<Square> next = new ArrayList<>();
            for (Square square : straddling) {
                for (int digit = 0; digit < 4; digit++) {
                    Square child = square.child(digit, side);
                    if (child.disjointFrom(rect, side)) {
                        continue;
                    }
                    if (child.insideOf(rect, side)) {
                        newlyFull.add(child.values(order, level));
                    } else {
                        next.add(child);
                    }
                }
            }
            full.addAll(newlyFull);
            if (full.size() + next.size() > maxIntervals) {
                List<HilbertInterval> candidate = new ArrayList<>(full);
                for (Square square : next) {
                    candidate.add(square.values(order, level));
                }
                List<HilbertInterval> merged = merge(candidate);
                if (merged.size() > maxIntervals) {
                    return bridgeSmallestGaps(merged, maxIntervals);
                }
            }
            straddling = next;
        }
        return merge(full);
    }

    /**
     * The smallest value {@code >= from} whose cell lies in {@code rect}, or {@link #NO_MATCH}. A depth-first walk
     * that prunes squares outside the rectangle or wholly before {@code from}; only the squares containing
     * {@code from} can fail after being entered, so it visits at most about 4 x order squares.
     */
    public static long nextMatch(int order, GridRect rect, long from) {
        requireInGrid(order, rect);
        if (from > HilbertCurve.maxValue(order)) {
            return NO_MATCH;
        }
        return nextMatch(order, rect, Math.max(0, from), new Square(0, HilbertCurve.START_STATE, 0, 0), 0);
    }

    /** The first and the last value of the rectangle's cells (a depth-first walk each, as {@link #nextMatch}). */
    public static HilbertInterval span(int order, GridRect rect) {
        requireInGrid(order, rect);
        Square root = new Square(0, HilbertCurve.START_STATE, 0, 0);
        return new HilbertInterval(nextMatch(order, rect, 0, root, 0), lastMatch(order, rect, root, 0));
    }

    /** Every square that meets the rectangle holds one of its cells, so the first such child is the answer. */
    private static long lastMatch(int order, GridRect rect, Square square, int level) {
        long side = 1L << (order - level);
        if (square.disjointFrom(rect, side)) {
            return NO_MATCH;
        }
        if (square.insideOf(rect, side)) {
            return square.values(order, level).high();
        }
        for (int digit = 3; digit >= 0; digit--) {
            long match = lastMatch(order, rect, square.child(digit, side / 2), level + 1);
            if (match != NO_MATCH) {
                return match;
            }
        }
        return NO_MATCH;
    }

    private static long nextMatch(int order, GridRect rect, long from, Square square, int level) {
        long side = 1L << (order - level);
        HilbertInterval values = square.values(order, level);
        if (values.high() < from || square.disjointFrom(rect, side)) {
            return NO_MATCH;
        }
        if (square.insideOf(rect, side)) {
            return Math.max(values.low(), from);
        }
        for (int digit = 0; digit < 4; digit++) {
            long match = nextMatch(order, rect, from, square.child(digit, side / 2), level + 1);
            if (match != NO_MATCH) {
                return match;
            }
        }
        return NO_MATCH;
    }

    /** Sorts the intervals and joins those that overlap or touch. */
    static List<HilbertInterval> merge(List<HilbertInterval> intervals) {
        List<HilbertInterval> sorted = new ArrayList<>(intervals);
        sorted.sort(Comparator.comparingLong(HilbertInterval::low));
        List<HilbertInterval> merged = new ArrayList<>();
        for (HilbertInterval interval : sorted) {
            int last = merged.size() - 1;
            if (last >= 0 && merged.get(last).high() >= interval.low() - 1) {
                HilbertInterval previous = merged.get(last);
                merged.set(last, new HilbertInterval(previous.low(), Math.max(previous.high(), interval.high())));
            } else {
                merged.add(interval);
            }
        }
        return merged;
    }

    /** Joins neighbours across the {@code size - maxIntervals} smallest gaps (the earlier gap first on ties). */
    private static List<HilbertInterval> bridgeSmallestGaps(List<HilbertInterval> merged, int maxIntervals) {
        int gaps = merged.size() - 1;
        List<Integer> bySize = new ArrayList<>(gaps);
        for (int gap = 0; gap < gaps; gap++) {
            bySize.add(gap);
        }
        bySize.sort(Comparator.<Integer>comparingLong(gap -> merged.get(gap + 1).low() - merged.get(gap).high())
                .thenComparing(Comparator.naturalOrder()));
        boolean[] bridged = new boolean[gaps];
        for (int i = 0; i < merged.size() - maxIntervals; i++) {
            bridged[bySize.get(i)] = true;
        }
        List<HilbertInterval> coarse = new ArrayList<>(maxIntervals);
        long low = merged.get(0).low();
        for (int i = 0; i < merged.size(); i++) {
            if (i == gaps || !bridged[i]) {
                coarse.add(new HilbertInterval(low, merged.get(i).high()));
                if (i < gaps) {
                    low = merged.get(i + 1).low();
                }
            }
        }
        return coarse;
    }

    private static void requireInGrid(int order, GridRect rect) {
        HilbertCurve.requireOrder(order);
        HilbertCurve.requireCoordinate(order, "x1", rect.x1());
        HilbertCurve.requireCoordinate(order, "y1", rect.y1());
        HilbertCurve.requireCoordinate(order, "x2", rect.x2());
        HilbertCurve.requireCoordinate(order, "y2", rect.y2());
    }

    /** A square of the walk: its value prefix, its state and its lower-left cell. */
    private record Square(long prefix, int state, long x0, long y0) {

        Square child(int digit, long childSide) {
            int quadrant = HilbertCurve.quadrant(state, digit);
            return new Square(prefix << 2 | digit, HilbertCurve.nextState(state, quadrant),
                    x0 + (quadrant >> 1) * childSide, y0 + (quadrant & 1) * childSide);
        }

        HilbertInterval values(int order, int level) {
            int shift = 2 * (order - level);
            return new HilbertInterval(prefix << shift, ((prefix + 1) << shift) - 1);
        }

        boolean disjointFrom(GridRect rect, long side) {
            return x0 + side - 1 < rect.x1() || x0 > rect.x2() || y0 + side - 1 < rect.y1() || y0 > rect.y2();
        }

        boolean insideOf(GridRect rect, long side) {
            return rect.x1() <= x0 && x0 + side - 1 <= rect.x2() && rect.y1() <= y0 && y0 + side - 1 <= rect.y2();
        }
    }
}

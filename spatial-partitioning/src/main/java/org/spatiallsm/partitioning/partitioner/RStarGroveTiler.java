package org.spatiallsm.partitioning.partitioner;

import java.util.ArrayDeque;
import java.util.Deque;

import org.spatiallsm.partitioning.ordering.RowSort;

/**
 * R*-Grove's partition boundaries (Vu and Eldawy, "R*-Grove: Balanced Spatial Partitioning for Large-scale
 * Datasets", 2020): split the range of points
 * in two, recursively, until a range holds at most {@code cap} points. Each split picks the axis whose candidate
 * splits have the smallest summed margins, then, along it, the admissible split (both sides can be cut into parts of
 * [m, cap] points) with the smallest total area or perimeter of the two sides' extents. See {@link Partitioners} for
 * the parameters, the fallback and the tie-breaking.
 */
final class RStarGroveTiler implements Tiler {

    enum Cost {
        AREA, PERIMETER
    }

    private final Cost cost;
    private final double alpha;
    private final double beta;
    private final boolean forkStrip;

    RStarGroveTiler(Cost cost, double alpha, double beta, boolean forkStrip) {
        this.cost = cost;
        this.alpha = alpha;
        this.beta = beta;
        this.forkStrip = forkStrip;
    }

    /** A range of points still to split, with the minimum size in force and where to hang its subtree. */
    private record Range(int from, int to, long minSize, int parent, boolean lowerSide) {
    }

    /** s points can be cut into parts whose sizes all lie in [min, max]. */
    static boolean admissible(long s, long min, long max) {
        return (s + max - 1) / max <= s / min;
    }

    @Override
    public Tiling tile(double[] xs, double[] ys, long[] ids, int n, int cap) {
        Tiling tiling = new Tiling();
        // Each range is kept sorted along both axes at once; a split divides both orders in one stable pass, so a
        // level costs O(n) instead of a sort per range and axis.
        int[][] byAxis = { Tiler.identity(n), Tiler.identity(n) };
        int[] scratch = new int[n];
        RowSort.sort(byAxis[Tiling.X], 0, n, scratch, Tiler.byAxis(Tiling.X, xs, ys, ids));
        RowSort.sort(byAxis[Tiling.Y], 0, n, scratch, Tiler.byAxis(Tiling.Y, xs, ys, ids));
        boolean[] lowerSide = new boolean[n];
        double[] prefixCost = new double[n + 1];
        long minSize = Math.max(1, (long) Math.ceil(alpha * cap));
        Deque<Range> stack = new ArrayDeque<>();
        stack.push(new Range(0, n, minSize, -1, false));
        while (!stack.isEmpty()) {
            Range range = stack.pop();
            int size = range.to - range.from;
            int child;
            if (size <= cap) {
                child = tiling.newPartition();
            } else {
                long m = range.minSize;
                if (!forkStrip && !admissible(size, m, cap)) {
                    m = size / ((size + cap - 1) / cap); // the largest minimum that makes this range admissible
                }
                long lo = Math.max(m, (long) Math.floor(beta * size));
                long hi = size - lo;
                // x wins ties
                int axis = summedMargins(byAxis[Tiling.Y], range.from, range.to, lo, hi, xs, ys)
                        < summedMargins(byAxis[Tiling.X], range.from, range.to, lo, hi, xs, ys) ? Tiling.Y : Tiling.X;
                int[] rows = byAxis[axis];
                int best = bestSplit(rows, range.from, range.to, lo, hi, m, cap, xs, ys, prefixCost);
                if (best < 0 && lo > m) {
                    best = bestSplit(rows, range.from, range.to, m, size - m, m, cap, xs, ys, prefixCost);
                }
                if (best < 0) {
                    if (!forkStrip) {
                        throw new IllegalStateException("R*-Grove found no split of an admissible range of " + size);
                    }
                    best = Math.max(1, Math.min(size - 1, cap - 2));
                }
                int split = range.from + best;
                splitOtherOrder(byAxis[1 - axis], rows, range.from, split, range.to, lowerSide, scratch);
                child = tiling.newCut(axis, (axis == Tiling.X ? xs : ys)[rows[split]]);
                stack.push(new Range(split, range.to, m, child, false));
                stack.push(new Range(range.from, split, m, child, true));
            }
            if (range.parent < 0) {
                tiling.setRoot(child);
            } else if (range.lowerSide) {
                tiling.setLower(range.parent, child);
            } else {
                tiling.setUpper(range.parent, child);
            }
        }
        return tiling;
    }

    /**
     * Reorders {@code other[from, to)} so that the rows of {@code chosen[from, split)} come first, each side keeping
     * its order along the other axis.
     */
    private static void splitOtherOrder(int[] other, int[] chosen, int from, int split, int to, boolean[] lowerSide,
            int[] scratch) {
        for (int i = from; i < to; i++) {
            lowerSide[chosen[i]] = i < split;
        }
        int lower = from;
        int upper = split;
        for (int i = from; i < to; i++) {
            int row = other[i];
            scratch[lowerSide[row] ? lower++ : upper++] = row;
        }
        System.arraycopy(scratch, from, other, from, to - from);
    }

    private static double summedMargins(int[] rows, int from, int to, long lo, long hi, double[] xs, double[] ys) {
        double sum = 0;
        Extent prefix = new Extent();
        for (int i = 1; i <= hi; i++) {
            prefix.add(xs[rows[from + i - 1]], ys[rows[from + i - 1]]);
            if (i >= lo) {
                sum += prefix.margin();
            }
        }
        Extent suffix = new Extent();
        int n = to - from;
        for (int i = n - 1; i >= lo; i--) {
            suffix.add(xs[rows[from + i]], ys[rows[from + i]]);
            if (i <= hi) {
                sum += suffix.margin();
            }
        }
        return sum;
    }

    /**
     * The left size in [lo, hi] with both sides admissible and the smallest total cost, the one closest to the middle
     * among equals, then the smaller; -1 if none is admissible. {@code rows} is the range sorted along the chosen axis.
     */
    private int bestSplit(int[] rows, int from, int to, long lo, long hi, long m, int cap, double[] xs, double[] ys,
            double[] prefixCost) {
        int n = to - from;
        Extent prefix = new Extent();
        for (int i = 1; i <= hi; i++) {
            prefix.add(xs[rows[from + i - 1]], ys[rows[from + i - 1]]);
            prefixCost[i] = cost(prefix);
        }
        Extent suffix = new Extent();
        int best = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        long bestImbalance = Long.MAX_VALUE;
        for (int i = n - 1; i >= lo; i--) {
            suffix.add(xs[rows[from + i]], ys[rows[from + i]]);
            if (i > hi || !admissible(i, m, cap) || !admissible(n - i, m, cap)) {
                continue;
            }
            double total = prefixCost[i] + cost(suffix);
            long imbalance = Math.abs(2L * i - n);
            // Scanning downwards, "<=" on equal imbalance prefers the smaller left side.
            if (total < bestCost || total == bestCost && imbalance <= bestImbalance) {
                best = i;
                bestCost = total;
                bestImbalance = imbalance;
            }
        }
        return best;
    }

    private double cost(Extent extent) {
        return cost == Cost.AREA ? extent.area() : extent.margin();
    }

    /** The running bounding box of centres. */
    private static final class Extent {
        private double minX = Double.POSITIVE_INFINITY;
        private double minY = Double.POSITIVE_INFINITY;
        private double maxX = Double.NEGATIVE_INFINITY;
        private double maxY = Double.NEGATIVE_INFINITY;

        void add(double x, double y) {
            minX = Math.min(minX, x);
            minY = Math.min(minY, y);
            maxX = Math.max(maxX, x);
            maxY = Math.max(maxY, y);
        }

        double margin() {
            return (maxX - minX) + (maxY - minY);
        }

        double area() {
            return (maxX - minX) * (maxY - minY);
        }
    }
}

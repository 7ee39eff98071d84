package org.spatiallsm.partitioning.partitioner;

import org.spatiallsm.partitioning.ordering.RowSort;

/** Computes the partition boxes of STR or R*-Grove from entry centres (all of a merge's, or a sample). */
interface Tiler {

    /**
     * @param xs  centre x of each point, {@code n} of them
     * @param ys  centre y
     * @param ids ids, to break ties deterministically
     * @param cap the most points a partition should hold
     */
    Tiling tile(double[] xs, double[] ys, long[] ids, int n, int cap);

    /** The rows 0 .. n-1, to be sorted. */
    static int[] identity(int n) {
        int[] rows = new int[n];
        for (int i = 0; i < n; i++) {
            rows[i] = i;
        }
        return rows;
    }

    /** The order along one axis: by that coordinate, then the other, then id. */
    static RowSort.RowComparator byAxis(int axis, double[] xs, double[] ys, long[] ids) {
        double[] first = axis == Tiling.X ? xs : ys;
        double[] second = axis == Tiling.X ? ys : xs;
        return (a, b) -> {
            int c = Double.compare(first[a], first[b]);
            if (c == 0) {
                c = Double.compare(second[a], second[b]);
            }
            return c != 0 ? c : Long.compare(ids[a], ids[b]);
        };
    }
}

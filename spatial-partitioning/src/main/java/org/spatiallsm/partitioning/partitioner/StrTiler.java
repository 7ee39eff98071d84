package org.spatiallsm.partitioning.partitioner;

import org.spatiallsm.partitioning.ordering.RowSort;

/**
 * Sort-Tile-Recursive in 2-D: with P = ceil(n / cap) partitions, sort by x and cut ceil(sqrt(P)) vertical slabs of
 * cap * ceil(sqrt(P)) points; sort each slab by y and cut it every cap points. The cuts lie at the first point of
 * each slab (x) and of each partition (y).
 */
final class StrTiler implements Tiler {

    @Override
    public Tiling tile(double[] xs, double[] ys, long[] ids, int n, int cap) {
        Tiling tiling = new Tiling();
        int[] rows = Tiler.identity(n);
        int[] scratch = new int[n];
        RowSort.sort(rows, 0, n, scratch, Tiler.byAxis(Tiling.X, xs, ys, ids));
        long partitions = Math.max(1, (n + (long) cap - 1) / cap);
        long slabsPerSide = (long) Math.ceil(Math.sqrt(partitions));
        long slabSize = cap * slabsPerSide;
        int slabs = (int) Math.max(1, (n + slabSize - 1) / slabSize);
        double[] slabCuts = new double[slabs - 1];
        int[] slabTrees = new int[slabs];
        RowSort.RowComparator byY = Tiler.byAxis(Tiling.Y, xs, ys, ids);
        for (int s = 0; s < slabs; s++) {
            int from = (int) (s * slabSize);
            int to = (int) Math.min(n, from + slabSize);
            if (s > 0) {
                slabCuts[s - 1] = xs[rows[from]];
            }
            RowSort.sort(rows, from, to, scratch, byY);
            int cells = Math.max(1, (to - from + cap - 1) / cap);
            double[] cuts = new double[cells - 1];
            int[] leaves = new int[cells];
            for (int c = 0; c < cells; c++) {
                if (c > 0) {
                    cuts[c - 1] = ys[rows[from + c * cap]];
                }
                leaves[c] = tiling.newPartition();
            }
            slabTrees[s] = tiling.balanced(Tiling.Y, cuts, leaves, 0, cells - 1);
        }
        tiling.setRoot(tiling.balanced(Tiling.X, slabCuts, slabTrees, 0, slabs - 1));
        return tiling;
    }
}

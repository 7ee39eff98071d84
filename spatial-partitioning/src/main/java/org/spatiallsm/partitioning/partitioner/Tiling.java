package org.spatiallsm.partitioning.partitioner;

import java.util.Arrays;

import org.spatiallsm.geometry.Rect;

/**
 * A tiling of the plane into half-open boxes, one per partition, as a binary tree of axis-parallel cuts: a point
 * whose coordinate is below a cut goes to the lower side, any other to the upper side. Routing a centre costs one
 * comparison per tree level, and every point lands in exactly one box.
 */
final class Tiling {

    static final int X = 0;
    static final int Y = 1;

    // Internal nodes by index; a child reference c >= 0 is a node, c < 0 is partition -c - 1.
    private int[] axis = new int[16];
    private double[] cut = new double[16];
    private int[] lower = new int[16];
    private int[] upper = new int[16];
    private int nodes;
    private int partitions;
    private int root = Integer.MIN_VALUE;

    /** A new partition; returns its child reference. */
    int newPartition() {
        return -(++partitions);
    }

    /** A new cut whose children are set later; returns its child reference. */
    int newCut(int cutAxis, double coordinate) {
        if (nodes == axis.length) {
            int capacity = nodes * 2;
            axis = Arrays.copyOf(axis, capacity);
            cut = Arrays.copyOf(cut, capacity);
            lower = Arrays.copyOf(lower, capacity);
            upper = Arrays.copyOf(upper, capacity);
        }
        axis[nodes] = cutAxis;
        cut[nodes] = coordinate;
        return nodes++;
    }

    void setLower(int node, int child) {
        lower[node] = child;
    }

    void setUpper(int node, int child) {
        upper[node] = child;
    }

    void setRoot(int child) {
        root = child;
    }

    int partitions() {
        return partitions;
    }

    /** The partition whose box holds the point. */
    int locate(double x, double y) {
        int node = root;
        while (node >= 0) {
            node = (axis[node] == X ? x : y) < cut[node] ? lower[node] : upper[node];
        }
        return -node - 1;
    }

    /** Every partition's box, infinite at the outer sides. */
    Rect[] regions() {
        Rect[] regions = new Rect[partitions];
        fill(regions, root, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY);
        return regions;
    }

    private void fill(Rect[] regions, int node, double minX, double minY, double maxX, double maxY) {
        // Iterative on the upper side: a fork-strip tiling is a chain thousands of cuts deep.
        while (node >= 0) {
            double c = cut[node];
            if (axis[node] == X) {
                fill(regions, lower[node], minX, minY, c, maxY);
                minX = c;
            } else {
                fill(regions, lower[node], minX, minY, maxX, c);
                minY = c;
            }
            node = upper[node];
        }
        regions[-node - 1] = new Rect(minX, minY, maxX, maxY);
    }

    /**
     * Builds a balanced subtree of cuts along {@code cutAxis} at {@code cuts[from, to)} (ascending) between the
     * children {@code children[from, to]}, and returns its reference.
     */
    int balanced(int cutAxis, double[] cuts, int[] children, int from, int to) {
        if (from == to) {
            return children[from];
        }
        int middle = (from + to) >>> 1;
        int node = newCut(cutAxis, cuts[middle]);
        setLower(node, balanced(cutAxis, cuts, children, from, middle));
        setUpper(node, balanced(cutAxis, cuts, children, middle + 1, to));
        return node;
    }
}

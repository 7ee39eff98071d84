package org.spatiallsm.asterixdb.rtree.partitioned;

/**
 * The spike's partitioner: a merge's output stream, already in the R-tree's curve order, cut into contiguous runs
 * of (nearly) equal entry counts. Contiguous runs of a space-filling curve are spatially compact and never share a
 * key, which is all a sibling set needs. The real partitioners (STR, R*-Grove) replace this.
 */
public final class MergeSplit {

    private final long total;
    private final int outputs;

    /** Splits {@code total} entries into {@code wanted} outputs, or fewer when there are fewer entries (at least one). */
    public MergeSplit(long total, int wanted) {
        if (total < 0 || wanted < 1) {
            throw new IllegalArgumentException("total must be >= 0 and outputs >= 1, were " + total + ", " + wanted);
        }
        this.total = total;
        this.outputs = (int) Math.max(1, Math.min(wanted, total));
    }

    public int outputs() {
        return outputs;
    }

    /** The output of the entry at {@code position} (0-based) of the stream. */
    public int outputOf(long position) {
        if (position < 0) {
            throw new IllegalArgumentException("position must be >= 0, was " + position);
        }
        // A stream longer than counted (it cannot be, the count reads the same components) stays in the last output.
        return position >= total ? outputs - 1 : (int) (position * outputs / total);
    }
}

package org.spatiallsm.asterixdb.rtree;

/**
 * The bounding boxes of the runs of {@value #RUN} consecutive entries of one R-tree leaf, so that a search can skip a
 * run whose box its query misses instead of testing each entry. A leaf of a 128 KB page holds thousands of point
 * entries, and a small query's search tests every entry of every leaf whose MBR meets it; a bulk-loaded leaf lists its
 * entries in curve order, so a run covers a small area and most runs miss a small query.
 * <p>
 * Exact under any order of the entries: coordinates are ordered by {@code Double.compare} (a total order, the one
 * AsterixDB's comparator applies to doubles), a run's box is the least and greatest coordinate of its entries on each
 * axis, and an entry meets a query only if {@code query low <= entry high} and {@code query high >= entry low} on
 * every axis, which then holds for the run's box too. So a run whose box misses the query holds no entry that meets
 * it.
 */
public final class LeafRuns {

    /** Entries per run: a few box tests per leaf, and runs still small enough to miss a small query. */
    public static final int RUN = 64;

    private final int dimensions;
    /** Per run, per axis: the least low coordinate and the greatest high coordinate of its entries. */
    private final double[] lows;
    private final double[] highs;

    /** Where the coordinates of a leaf's entries come from. */
    @FunctionalInterface
    public interface Coordinates {
        /** Writes entry {@code entry}'s low corner into {@code low} and high corner into {@code high}. */
        void read(int entry, double[] low, double[] high);
    }

    private LeafRuns(int dimensions, int runs) {
        this.dimensions = dimensions;
        this.lows = new double[runs * dimensions];
        this.highs = new double[runs * dimensions];
    }

    /** The runs of a leaf of {@code entries} entries, reading every entry once. */
    public static LeafRuns of(int entries, int dimensions, Coordinates coordinates) {
        int runs = (entries + RUN - 1) / RUN;
        LeafRuns leaf = new LeafRuns(dimensions, runs);
        double[] low = new double[dimensions];
        double[] high = new double[dimensions];
        for (int entry = 0; entry < entries; entry++) {
            coordinates.read(entry, low, high);
            int base = entry / RUN * dimensions;
            boolean first = entry % RUN == 0;
            for (int d = 0; d < dimensions; d++) {
                if (first || Double.compare(low[d], leaf.lows[base + d]) < 0) {
                    leaf.lows[base + d] = low[d];
                }
                if (first || Double.compare(high[d], leaf.highs[base + d]) > 0) {
                    leaf.highs[base + d] = high[d];
                }
            }
        }
        return leaf;
    }

    public int runs() {
        return lows.length / dimensions;
    }

    /** Whether run {@code run}'s box meets the query box {@code low .. high}; if not, none of its entries does. */
    public boolean meets(int run, double[] low, double[] high) {
        int base = run * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (Double.compare(low[d], highs[base + d]) > 0 || Double.compare(high[d], lows[base + d]) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The memory the boxes take, for a cache's bound. */
    public long bytes() {
        return 16L * lows.length + 64;
    }
}

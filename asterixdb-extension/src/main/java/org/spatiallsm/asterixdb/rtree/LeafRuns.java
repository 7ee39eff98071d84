package org.spatiallsm.asterixdb.rtree;

/**
 * The bounding boxes of the runs of {@value #RUN} consecutive entries of one R-tree leaf, so that a search can skip a
 * run whose box its query misses instead of testing each entry, and of the groups of {@value #GROUP} consecutive runs,
 * so that it can skip a group without looking at its runs. A leaf of a 128 KB page holds thousands of point entries,
 * and a small query's search tests every entry of every leaf whose MBR meets it; a bulk-loaded leaf lists its entries
 * in curve order, so a run covers a small area and most runs miss a small query. Short runs leave few entries to test
 * in a run that meets the query, and the groups keep the runs of a leaf from costing what its entries did.
 * <p>
 * Exact under any order of the entries: coordinates are ordered by {@code Double.compare} (a total order, the one
 * AsterixDB's comparator applies to doubles), a run's box is the least and greatest coordinate of its entries on each
 * axis, and an entry meets a query only if {@code query low <= entry high} and {@code query high >= entry low} on
 * every axis, which then holds for the run's box too. So a run whose box misses the query holds no entry that meets
 * it, and a group's box, the least and greatest of its runs', likewise.
 */
public final class LeafRuns {

    /**
     * Entries per run. Measured on a join of 1,000 probes of radius 0.001 (docs/index-organisations.md): runs of 64
     * left most of the search's time in the entries of the runs that meet the window; runs of 16, a quarter of it.
     */
    public static final int RUN = 16;
    /** Runs per group: about 15 groups on a full leaf of points. */
    public static final int GROUP = 16;

    private final int dimensions;
    /** Per run, per axis: the least low coordinate and the greatest high coordinate of its entries. */
    private final double[] lows;
    private final double[] highs;
    /** Per group, per axis: the same of its runs. */
    private final double[] groupLows;
    private final double[] groupHighs;

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
        int groups = (runs + GROUP - 1) / GROUP;
        this.groupLows = new double[groups * dimensions];
        this.groupHighs = new double[groups * dimensions];
    }

    /** The runs of {@value #RUN} entries of a leaf of {@code entries} entries, reading every entry once. */
    public static LeafRuns of(int entries, int dimensions, Coordinates coordinates) {
        return of(entries, dimensions, RUN, coordinates);
    }

    /**
     * The runs of {@code run} entries of a page of {@code entries} entries, reading every entry once; with runs of 1,
     * each entry's own box (an interior page's children).
     */
    public static LeafRuns of(int entries, int dimensions, int run, Coordinates coordinates) {
        int runs = (entries + run - 1) / run;
        LeafRuns leaf = new LeafRuns(dimensions, runs);
        double[] low = new double[dimensions];
        double[] high = new double[dimensions];
        for (int entry = 0; entry < entries; entry++) {
            coordinates.read(entry, low, high);
            leaf.widen(leaf.lows, leaf.highs, entry / run, entry % run == 0, low, high, 0);
        }
        for (int r = 0; r < runs; r++) {
            leaf.widen(leaf.groupLows, leaf.groupHighs, r / GROUP, r % GROUP == 0, leaf.lows, leaf.highs,
                    r * dimensions);
        }
        return leaf;
    }

    /** Widens box {@code box} of {@code boxLows}/{@code boxHighs} to the box at {@code offset}, or sets it first. */
    private void widen(double[] boxLows, double[] boxHighs, int box, boolean first, double[] low, double[] high,
            int offset) {
        int base = box * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (first || Double.compare(low[offset + d], boxLows[base + d]) < 0) {
                boxLows[base + d] = low[offset + d];
            }
            if (first || Double.compare(high[offset + d], boxHighs[base + d]) > 0) {
                boxHighs[base + d] = high[offset + d];
            }
        }
    }

    public int runs() {
        return lows.length / dimensions;
    }

    public int groups() {
        return groupLows.length / dimensions;
    }

    /** Whether run {@code run}'s box meets the query box {@code low .. high}; if not, none of its entries does. */
    public boolean meets(int run, double[] low, double[] high) {
        return meets(lows, highs, run, low, high);
    }

    /** Whether group {@code group}'s box meets the query box; if not, none of its runs' entries does. */
    public boolean groupMeets(int group, double[] low, double[] high) {
        return meets(groupLows, groupHighs, group, low, high);
    }

    private boolean meets(double[] boxLows, double[] boxHighs, int box, double[] low, double[] high) {
        int base = box * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (Double.compare(low[d], boxHighs[base + d]) > 0 || Double.compare(high[d], boxLows[base + d]) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The memory the boxes take, for a cache's bound. */
    public long bytes() {
        return 8L * (lows.length + highs.length + groupLows.length + groupHighs.length) + 96;
    }
}

package org.spatiallsm.partitioning.pruning;

import java.util.concurrent.atomic.LongAdder;

/**
 * The spatial read amplification of one index partition: how many searches ran, and how many disk components they
 * opened and skipped by their MBR. Memory components are always searched and not counted, so for every search
 * opened + skipped is the number of disk components it saw. Safe to update from concurrent searches; counted since
 * the index was opened (in memory only: a restart starts at 0).
 */
public final class ReadAmplification {

    private final LongAdder searches = new LongAdder();
    private final LongAdder opened = new LongAdder();
    private final LongAdder skipped = new LongAdder();

    /** One search that opened {@code openedDisk} and skipped {@code skippedDisk} disk components. */
    public void recordSearch(int openedDisk, int skippedDisk) {
        if (openedDisk < 0 || skippedDisk < 0) {
            throw new IllegalArgumentException("component counts must be >= 0, were " + openedDisk + " and "
                    + skippedDisk);
        }
        searches.increment();
        opened.add(openedDisk);
        skipped.add(skippedDisk);
    }

    public Counts counts() {
        return new Counts(searches.sum(), opened.sum(), skipped.sum());
    }

    /**
     * A reading of the counters. Taken while searches run, the three sums may each include a search the others do
     * not yet; read them when the searches of interest are done.
     */
    public record Counts(long searches, long componentsOpened, long componentsSkipped) {

        public static final Counts NONE = new Counts(0, 0, 0);

        /** The counts of two index partitions together. */
        public Counts plus(Counts other) {
            return new Counts(searches + other.searches, componentsOpened + other.componentsOpened,
                    componentsSkipped + other.componentsSkipped);
        }

        /** Disk components opened per search on average; 0 without searches. */
        public double openedPerSearch() {
            return searches == 0 ? 0 : (double) componentsOpened / searches;
        }
    }
}

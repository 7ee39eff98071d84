package org.spatiallsm.partitioning.knn;

import java.util.concurrent.atomic.LongAdder;

import org.spatiallsm.partitioning.knn.BestFirstKnn.Stats;

/**
 * The kNN searches of one index partition, summed: how many ran, the disk components they opened and never opened,
 * and the entries they took from their queues. Memory components are always read and not counted, so for every
 * search opened + skipped is the number of disk components it saw. Safe to update from concurrent searches; counted
 * since the index was opened (in memory only: a restart starts at 0).
 */
public final class KnnCounters {

    private final LongAdder searches = new LongAdder();
    private final LongAdder opened = new LongAdder();
    private final LongAdder skipped = new LongAdder();
    private final LongAdder entriesVisited = new LongAdder();

    /** One search, as {@link BestFirstKnn} counted it. */
    public void record(Stats search) {
        searches.increment();
        opened.add(search.diskComponentsOpened());
        skipped.add(search.diskComponentsSkipped());
        entriesVisited.add(search.entriesVisited());
    }

    public Counts counts() {
        return new Counts(searches.sum(), opened.sum(), skipped.sum(), entriesVisited.sum());
    }

    /**
     * A reading of the counters. Taken while searches run, the sums may each include a search the others do not yet;
     * read them when the searches of interest are done.
     */
    public record Counts(long searches, long componentsOpened, long componentsSkipped, long entriesVisited) {
    }
}

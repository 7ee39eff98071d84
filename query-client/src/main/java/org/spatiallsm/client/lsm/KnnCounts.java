package org.spatiallsm.client.lsm;

import java.util.Optional;

import org.spatiallsm.introspection.IndexListing;

/**
 * The kNN searches of an index (partition) since its node opened it: how many ran, the disk components they opened
 * and never opened (farther than their answer), and the index entries they took from their queues.
 */
public record KnnCounts(long searches, long componentsOpened, long componentsSkipped, long entriesVisited) {

    /** An index partition's counts; empty for an index that does not answer kNN searches. */
    static Optional<KnnCounts> of(IndexListing index) {
        if (index.knnSearches() == null) {
            return Optional.empty();
        }
        return Optional.of(new KnnCounts(index.knnSearches(), index.knnComponentsOpened(),
                index.knnComponentsSkipped(), index.knnEntriesVisited()));
    }

    public KnnCounts plus(KnnCounts other) {
        return new KnnCounts(searches + other.searches, componentsOpened + other.componentsOpened,
                componentsSkipped + other.componentsSkipped, entriesVisited + other.entriesVisited);
    }

    /** Entries visited per search on average; 0 without searches. */
    public double entriesPerSearch() {
        return searches == 0 ? 0 : (double) entriesVisited / searches;
    }

}

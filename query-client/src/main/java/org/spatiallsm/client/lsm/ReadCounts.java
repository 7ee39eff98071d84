package org.spatiallsm.client.lsm;

import java.util.Optional;

import org.spatiallsm.introspection.IndexListing;

/**
 * The spatial read amplification of an index (partition) that prunes its searches by component MBR, since its node
 * opened it: searches, and the disk components they opened and skipped (memory components are not counted).
 */
public record ReadCounts(long searches, long componentsOpened, long componentsSkipped) {

    public static final ReadCounts NONE = new ReadCounts(0, 0, 0);

    /** An index partition's counts; empty for an index that does not prune. */
    static Optional<ReadCounts> of(IndexListing index) {
        if (index.searches() == null) {
            return Optional.empty();
        }
        return Optional.of(new ReadCounts(index.searches(), nullAsZero(index.componentsOpened()),
                nullAsZero(index.componentsSkipped())));
    }

    private static long nullAsZero(Long count) {
        return count == null ? 0 : count;
    }

    public ReadCounts plus(ReadCounts other) {
        return new ReadCounts(searches + other.searches, componentsOpened + other.componentsOpened,
                componentsSkipped + other.componentsSkipped);
    }

    /** What was counted since {@code earlier} was read. */
    public ReadCounts minus(ReadCounts earlier) {
        return new ReadCounts(searches - earlier.searches, componentsOpened - earlier.componentsOpened,
                componentsSkipped - earlier.componentsSkipped);
    }

    /** Disk components opened per search on average; 0 without searches. */
    public double openedPerSearch() {
        return searches == 0 ? 0 : (double) componentsOpened / searches;
    }
}

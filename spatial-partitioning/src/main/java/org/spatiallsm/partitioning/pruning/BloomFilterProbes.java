package org.spatiallsm.partitioning.pruning;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the point lookups of one index partition did with the Bloom filters of the disk components they reached: a
 * lookup tests the filter of each disk component in search order until one component holds the key, and searches
 * the B-tree of a component only when its filter lets the key pass. A passed test whose B-tree search finds no entry
 * of the key (matter or anti-matter) is a false positive. Safe to update from concurrent lookups; counted since the
 * index was opened (in memory only: a restart starts at 0).
 */
public final class BloomFilterProbes {

    private final LongAdder lookups = new LongAdder();
    private final LongAdder tested = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder falsePositives = new LongAdder();

    /**
     * One point lookup that tested {@code testedFilters} disk components' Bloom filters, of which
     * {@code rejectedByFilter} ruled the key out; {@code foundOnDisk} if the last B-tree it searched held the key
     * (every other B-tree it searched did not: a lookup stops at the first component holding its key).
     */
    public void recordLookup(int testedFilters, int rejectedByFilter, boolean foundOnDisk) {
        int searched = testedFilters - rejectedByFilter;
        if (rejectedByFilter < 0 || searched < 0 || (foundOnDisk && searched == 0)) {
            throw new IllegalArgumentException("a lookup that tested " + testedFilters + " filters, " + rejectedByFilter
                    + " of them rejecting, cannot have " + (foundOnDisk ? "found" : "missed") + " its key on disk");
        }
        lookups.increment();
        tested.add(testedFilters);
        rejected.add(rejectedByFilter);
        falsePositives.add(foundOnDisk ? searched - 1 : searched);
    }

    public Counts counts() {
        return new Counts(lookups.sum(), tested.sum(), rejected.sum(), falsePositives.sum());
    }

    /**
     * A reading of the counters (taken while lookups run, each sum may include a lookup the others do not yet).
     *
     * @param lookups        point lookups
     * @param tested         Bloom filters they tested
     * @param rejected       tests that ruled the key out, sparing a B-tree search
     * @param falsePositives B-tree searches after a passed test that found no entry of the key
     */
    public record Counts(long lookups, long tested, long rejected, long falsePositives) {

        public static final Counts NONE = new Counts(0, 0, 0, 0);

        /** B-trees searched: every passed test leads to one search. */
        public long btreeSearches() {
            return tested - rejected;
        }

        /** The counts of two index partitions together. */
        public Counts plus(Counts other) {
            return new Counts(lookups + other.lookups, tested + other.tested, rejected + other.rejected,
                    falsePositives + other.falsePositives);
        }
    }
}

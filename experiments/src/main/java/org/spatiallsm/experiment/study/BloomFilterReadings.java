package org.spatiallsm.experiment.study;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.spatiallsm.introspection.BloomFilterListing;
import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;

/**
 * What the nodes' listings say about one index's point lookups and Bloom filters, summed over its partitions: the
 * search counters of a leveled index (searches, components opened, skipped by key range), the Bloom-filter counters
 * of an index that keeps them, pages read, and the bytes of its filters and of its components. A counter some
 * partition does not keep is -1.
 */
record BloomFilterReadings(long searches, long opened, long skipped, long lookups, long tested, long rejected,
        long falsePositives, long pagesRead, long filterPagesRead, long filterBytes, long componentBytes) {

    static BloomFilterReadings of(List<ComponentsListing> listings, String index) {
        long[] sums = new long[11];
        boolean[] kept = { true, true, true, true, true, true, true, true, true, true, true };
        Set<String> seen = new HashSet<>();
        for (ComponentsListing listing : listings) {
            for (IndexListing partition : listing.indexes()) {
                if (!partition.index().equals(index) || !seen.add(listing.node() + "/" + partition.partition())) {
                    continue;
                }
                BloomFilterListing filters = partition.bloomFilters();
                add(sums, kept, 0, partition.searches());
                add(sums, kept, 1, partition.componentsOpened());
                add(sums, kept, 2, partition.componentsSkipped());
                add(sums, kept, 3, filters == null ? null : filters.lookups());
                add(sums, kept, 4, filters == null ? null : filters.tested());
                add(sums, kept, 5, filters == null ? null : filters.rejected());
                add(sums, kept, 6, filters == null ? null : filters.falsePositives());
                add(sums, kept, 7, partition.pagesRead());
                add(sums, kept, 8, filters == null ? null : filters.pagesRead());
                add(sums, kept, 9, filters == null ? null : filters.bytes());
                add(sums, kept, 10, partition.components().stream().mapToLong(ComponentListing::bytes).sum());
            }
        }
        for (int i = 0; i < sums.length; i++) {
            sums[i] = kept[i] ? sums[i] : -1;
        }
        return new BloomFilterReadings(sums[0], sums[1], sums[2], sums[3], sums[4], sums[5], sums[6], sums[7],
                sums[8], sums[9], sums[10]);
    }

    private static void add(long[] sums, boolean[] kept, int i, Long value) {
        kept[i] &= value != null;
        sums[i] += value == null ? 0 : value;
    }

    /** The counters' growth since {@code before} (unkept ones stay -1); sizes are this reading's. */
    BloomFilterReadings since(BloomFilterReadings before) {
        return new BloomFilterReadings(minus(searches, before.searches), minus(opened, before.opened),
                minus(skipped, before.skipped), minus(lookups, before.lookups), minus(tested, before.tested),
                minus(rejected, before.rejected), minus(falsePositives, before.falsePositives),
                minus(pagesRead, before.pagesRead), minus(filterPagesRead, before.filterPagesRead), filterBytes,
                componentBytes);
    }

    /** The counters of two spans together (unkept ones stay -1); sizes are {@code later}'s. */
    BloomFilterReadings plus(BloomFilterReadings later) {
        return new BloomFilterReadings(sum(searches, later.searches), sum(opened, later.opened),
                sum(skipped, later.skipped), sum(lookups, later.lookups), sum(tested, later.tested),
                sum(rejected, later.rejected), sum(falsePositives, later.falsePositives),
                sum(pagesRead, later.pagesRead), sum(filterPagesRead, later.filterPagesRead), later.filterBytes,
                later.componentBytes);
    }

    static final BloomFilterReadings NONE = new BloomFilterReadings(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    private static long minus(long now, long before) {
        return now < 0 || before < 0 ? -1 : now - before;
    }

    private static long sum(long a, long b) {
        return a < 0 || b < 0 ? -1 : a + b;
    }
}

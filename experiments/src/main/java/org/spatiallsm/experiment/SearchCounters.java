package org.spatiallsm.experiment;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;

/**
 * What the nodes' {@code /spatial-lsm/components} listings say about one index's searches, summed over its
 * partitions: searches, the components they opened and skipped, and the pages they read from disk when the
 * listing counts them ({@code pagesRead}).
 *
 * @param searches searches over all partitions; -1 when a partition does not report its counters
 * @param opened   components opened by those searches
 * @param skipped  components those searches skipped (their MBR missed the query)
 * @param pagesRead pages those searches read from disk; -1 when a partition does not count them
 */
public record SearchCounters(long searches, long opened, long skipped, long pagesRead) {

    public static SearchCounters of(List<ComponentsListing> listings, String index) {
        long searches = 0;
        long opened = 0;
        long skipped = 0;
        long pages = 0;
        boolean searchesCounted = true;
        boolean pagesCounted = true;
        // Each counter on its own: the organisations' B-trees count the pages they read but prune no components.
        for (IndexListing partition : partitionsOf(listings, index)) {
            searchesCounted &= partition.searches() != null && partition.componentsOpened() != null;
            if (searchesCounted) {
                searches += partition.searches();
                opened += partition.componentsOpened();
                skipped += partition.componentsSkipped() == null ? 0 : partition.componentsSkipped();
            }
            pagesCounted &= partition.pagesRead() != null;
            pages += partition.pagesRead() == null ? 0 : partition.pagesRead();
        }
        return searchesCounted ? new SearchCounters(searches, opened, skipped, pagesCounted ? pages : -1)
                : new SearchCounters(-1, -1, -1, pagesCounted ? pages : -1);
    }

    /** Components one partition search opened on average since {@code before}; empty without counters. */
    public OptionalDouble openedPerSearchSince(SearchCounters before) {
        long newSearches = searches - before.searches;
        if (searches < 0 || before.searches < 0 || newSearches <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of((double) (opened - before.opened) / newSearches);
    }

    /** Components opened since {@code before}, over all partitions; empty without counters. */
    public OptionalLong openedSince(SearchCounters before) {
        return searches < 0 || before.searches < 0 ? OptionalLong.empty() : OptionalLong.of(opened - before.opened);
    }

    /** Components skipped since {@code before}, over all partitions; empty without counters. */
    public OptionalLong skippedSince(SearchCounters before) {
        return searches < 0 || before.searches < 0 ? OptionalLong.empty()
                : OptionalLong.of(skipped - before.skipped);
    }

    /** Pages read from disk since {@code before}; empty when the listing does not count them. */
    public OptionalLong pagesReadSince(SearchCounters before) {
        return pagesRead < 0 || before.pagesRead < 0 ? OptionalLong.empty()
                : OptionalLong.of(pagesRead - before.pagesRead);
    }

    public static int partitions(List<ComponentsListing> listings, String index) {
        return Math.max(1, partitionsOf(listings, index).size());
    }

    /** Components per level, L0 first, all partitions; components without a level form one stack level. */
    public static List<Integer> levels(List<ComponentsListing> listings, String index) {
        TreeMap<Integer, Integer> perLevel = new TreeMap<>();
        for (IndexListing partition : partitionsOf(listings, index)) {
            for (ComponentListing component : partition.components()) {
                perLevel.merge(component.level() == null ? 0 : component.level(), 1, Integer::sum);
            }
        }
        if (perLevel.isEmpty()) {
            return List.of(0);
        }
        List<Integer> levels = new ArrayList<>();
        for (int level = 0; level <= perLevel.lastKey(); level++) {
            levels.add(perLevel.getOrDefault(level, 0));
        }
        return levels;
    }

    private static List<IndexListing> partitionsOf(List<ComponentsListing> listings, String index) {
        List<IndexListing> partitions = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ComponentsListing listing : listings) {
            for (IndexListing partition : listing.indexes()) {
                String key = listing.node() + "/" + partition.partition();
                if (partition.index().equals(index) && seen.add(key)) {
                    partitions.add(partition);
                }
            }
        }
        return partitions;
    }
}

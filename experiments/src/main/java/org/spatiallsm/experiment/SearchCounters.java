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
import org.spatiallsm.introspection.GridListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.introspection.SkipScanListing;

/**
 * What the nodes' {@code /spatial-lsm/components} listings say about one index's searches, summed over its
 * partitions: searches, the components they opened and skipped, and the pages they read from disk when the
 * listing counts them ({@code pagesRead}). An R-tree's kNN searches count with its window searches here; the
 * organisations' searches (each window of a kNN search is one) in {@code indexSearches} and {@code entriesRead}.
 *
 * @param searches       searches over all partitions, windows and kNN; -1 when a partition does not report them
 * @param opened         disk components opened by those searches
 * @param skipped        disk components those searches skipped (their MBR missed the window, or was farther than
 *                       the kNN answer)
 * @param pagesRead      pages those searches read from disk; -1 when a partition does not count them
 * @param indexSearches  searches of any kind: an R-tree's window and kNN searches, an organisation's skip-scans or
 *                       grid searches
 * @param entriesRead    index entries those searches read: an R-tree's kNN searches' entries, an organisation's
 *                       candidates; -1 when a partition counts none
 * @param windowSearches an R-tree's window searches, which read entries without counting them: entries read over
 *                       a span with one of them are unknown, not the kNN searches' count alone
 */
public record SearchCounters(long searches, long opened, long skipped, long pagesRead, long indexSearches,
        long entriesRead, long windowSearches) {

    public static SearchCounters of(List<ComponentsListing> listings, String index) {
        long searches = 0;
        long opened = 0;
        long skipped = 0;
        long pages = 0;
        long indexSearches = 0;
        long entries = 0;
        long windows = 0;
        boolean searchesCounted = true;
        boolean pagesCounted = true;
        boolean entriesCounted = true;
        // Each counter on its own: the organisations' B-trees count the pages they read but prune no components.
        for (IndexListing partition : partitionsOf(listings, index)) {
            searchesCounted &= partition.searches() != null && partition.componentsOpened() != null;
            if (searchesCounted) {
                searches += partition.searches() + orZero(partition.knnSearches());
                opened += partition.componentsOpened() + orZero(partition.knnComponentsOpened());
                skipped += orZero(partition.componentsSkipped()) + orZero(partition.knnComponentsSkipped());
            }
            pagesCounted &= partition.pagesRead() != null;
            pages += orZero(partition.pagesRead());
            SkipScanListing skipScan = partition.skipScan();
            GridListing grid = partition.grid();
            windows += orZero(partition.searches());
            indexSearches += orZero(partition.searches()) + orZero(partition.knnSearches())
                    + (skipScan == null ? 0 : skipScan.searches()) + (grid == null ? 0 : grid.searches());
            entriesCounted &= partition.knnEntriesVisited() != null || skipScan != null || grid != null;
            entries += orZero(partition.knnEntriesVisited()) + (skipScan == null ? 0 : skipScan.candidates())
                    + (grid == null ? 0 : grid.candidates());
        }
        long pagesOrUnknown = pagesCounted ? pages : -1;
        long entriesOrUnknown = entriesCounted ? entries : -1;
        return searchesCounted
                ? new SearchCounters(searches, opened, skipped, pagesOrUnknown, indexSearches, entriesOrUnknown,
                        windows)
                : new SearchCounters(-1, -1, -1, pagesOrUnknown, indexSearches, entriesOrUnknown, windows);
    }

    private static long orZero(Long counter) {
        return counter == null ? 0 : counter;
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

    /** Searches of any kind since {@code before}, over all partitions. */
    public long indexSearchesSince(SearchCounters before) {
        return indexSearches - before.indexSearches;
    }

    /**
     * Index entries read since {@code before}; empty when a partition does not count them, or when an R-tree's window
     * search ran in between (it reads entries it does not count: 0 would claim it read none).
     */
    public OptionalLong entriesReadSince(SearchCounters before) {
        return entriesRead < 0 || before.entriesRead < 0 || windowSearches != before.windowSearches
                ? OptionalLong.empty() : OptionalLong.of(entriesRead - before.entriesRead);
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

package org.spatiallsm.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.introspection.SkipScanListing;

class SearchCountersTest {

    private static IndexListing partition(String index, int partition, Long searches, Long opened, Long pagesRead) {
        return new IndexListing(index, partition, 1, false, 0, List.of(), searches, opened, opened == null ? null : 0L,
                pagesRead, null, null, null);
    }

    private static List<ComponentsListing> listing(IndexListing... partitions) {
        return List.of(new ComponentsListing("nc1", "dv", "ds", List.of(partitions)));
    }

    @Test
    void anRtreeCountsSearchesComponentsAndPagesOverItsPartitions() {
        SearchCounters before = SearchCounters.of(listing(partition("spatialIndex", 0, 2L, 4L, 10L),
                partition("spatialIndex", 1, 2L, 3L, 5L), partition("other", 0, 9L, 9L, 99L)), "spatialIndex");
        SearchCounters after = SearchCounters.of(listing(partition("spatialIndex", 0, 3L, 6L, 12L),
                partition("spatialIndex", 1, 3L, 5L, 9L)), "spatialIndex");

        assertThat(after.openedSince(before)).isEqualTo(OptionalLong.of(4));
        assertThat(after.pagesReadSince(before)).isEqualTo(OptionalLong.of(6));
    }

    @Test
    void anIndexThatPrunesNoComponentsStillCountsItsPages() {
        SearchCounters before = SearchCounters.of(listing(partition("spatialIndex", 0, null, null, 7L),
                partition("spatialIndex", 1, null, null, 1L)), "spatialIndex");
        SearchCounters after = SearchCounters.of(listing(partition("spatialIndex", 0, null, null, 9L),
                partition("spatialIndex", 1, null, null, 4L)), "spatialIndex");

        assertThat(after.openedSince(before)).isEmpty();
        assertThat(after.pagesReadSince(before)).isEqualTo(OptionalLong.of(5));
    }

    @Test
    void anRtreesKnnSearchesCountWithItsWindowSearches() {
        SearchCounters before = SearchCounters.of(listing(knnPartition(0, 0, 0L, 0L, 0L, 0L)), "spatialIndex");
        SearchCounters after = SearchCounters.of(listing(knnPartition(0, 0, 1L, 2L, 3L, 40L)), "spatialIndex");

        assertThat(after.openedSince(before)).isEqualTo(OptionalLong.of(2));
        assertThat(after.skippedSince(before)).isEqualTo(OptionalLong.of(3));
        assertThat(after.indexSearchesSince(before)).isEqualTo(1);
        assertThat(after.entriesReadSince(before)).isEqualTo(OptionalLong.of(40));
    }

    @Test
    void anOrganisationCountsItsSearchesAndTheEntriesTheyRead() {
        SearchCounters before = SearchCounters.of(listing(organisation(0, 4, 100), organisation(1, 2, 7)),
                "spatialIndex");
        SearchCounters after = SearchCounters.of(listing(organisation(0, 7, 150), organisation(1, 3, 8)),
                "spatialIndex");

        assertThat(after.indexSearchesSince(before)).isEqualTo(4);
        assertThat(after.entriesReadSince(before)).isEqualTo(OptionalLong.of(51));
        assertThat(after.openedSince(before)).as("no components pruned").isEmpty();
        SearchCounters windowsOnly = SearchCounters.of(listing(partition("spatialIndex", 0, 1L, 1L, 7L)),
                "spatialIndex");
        assertThat(windowsOnly.entriesReadSince(windowsOnly)).as("an R-tree's windows count no entries").isEmpty();
    }

    @Test
    void anRtreesWindowSearchesLeaveTheEntriesReadUnknownThoughItCountsItsKnnEntries() {
        SearchCounters before = SearchCounters.of(listing(knnPartition(0, 5, 1L, 0L, 0L, 40L)), "spatialIndex");
        SearchCounters window = SearchCounters.of(listing(knnPartition(0, 6, 1L, 0L, 0L, 40L)), "spatialIndex");
        SearchCounters windowAndKnn = SearchCounters.of(listing(knnPartition(0, 7, 2L, 0L, 0L, 50L)),
                "spatialIndex");

        assertThat(window.indexSearchesSince(before)).isEqualTo(1);
        assertThat(window.entriesReadSince(before)).as("a window search counts no entries, not 0").isEmpty();
        assertThat(windowAndKnn.entriesReadSince(window)).as("nor 10, the kNN search's alone").isEmpty();
        assertThat(before.entriesReadSince(before)).as("no search: 0 counted").isEqualTo(OptionalLong.of(0));
    }

    /** A partition of spatial-lsm's R-tree: window searches, and the kNN searches' counters. */
    private static IndexListing knnPartition(int partition, long windowSearches, long knnSearches, long opened,
            long skipped, long entries) {
        return new IndexListing("spatialIndex", partition, 1, false, 0, List.of(), windowSearches, 0L, 0L, 0L, null,
                null, null, knnSearches, opened, skipped, entries);
    }

    /** A DHB index partition: its skip-scan's searches and candidates, no component counters. */
    private static IndexListing organisation(int partition, long searches, long candidates) {
        return new IndexListing("spatialIndex", partition, 1, false, 0, List.of(), null, null, null, 0L, null,
                new SkipScanListing("dhb", searches, candidates, 0, 0), null);
    }

    @Test
    void pagesAreUnknownWhenAPartitionDoesNotCountThem() {
        SearchCounters counters = SearchCounters.of(listing(partition("spatialIndex", 0, 1L, 1L, 7L),
                partition("spatialIndex", 1, 1L, 1L, null)), "spatialIndex");

        assertThat(counters.pagesReadSince(counters)).isEmpty();
        assertThat(counters.openedSince(counters)).isEqualTo(OptionalLong.of(0));
    }
}

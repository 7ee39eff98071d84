package org.spatiallsm.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;

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
    void pagesAreUnknownWhenAPartitionDoesNotCountThem() {
        SearchCounters counters = SearchCounters.of(listing(partition("spatialIndex", 0, 1L, 1L, 7L),
                partition("spatialIndex", 1, 1L, 1L, null)), "spatialIndex");

        assertThat(counters.pagesReadSince(counters)).isEmpty();
        assertThat(counters.openedSince(counters)).isEqualTo(OptionalLong.of(0));
    }
}

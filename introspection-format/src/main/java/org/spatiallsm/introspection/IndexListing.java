package org.spatiallsm.introspection;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;

/**
 * One index partition and its disk components in search order (newest first; a leveled index level by level). The
 * counters count since the node opened the index (a restart starts at 0); null where the index does not count them.
 *
 * @param datasetId                     AsterixDB's id of the dataset
 * @param primary                       true for the dataset's primary index
 * @param flushCount                    the persistent number of flushes of the index
 * @param searches                      searches, for an index that prunes its disk components by MBR
 * @param componentsOpened              disk components those searches opened (memory components are not counted)
 * @param componentsSkipped             disk components they skipped by MBR
 * @param pagesRead                     buffer-cache pages the index's searches read from disk (the rest were
 *                                      cached), for spatial-lsm's R-trees and organisations
 * @param componentsScannedAtActivation for a leveled R-tree: components its activations scanned for want of a record
 * @param skipScan                      the search counters of a DHB or DHVB index; absent for other indexes
 * @param grid                          the search counters of an SHB-tree or SIF index; absent for other indexes
 * @param knnSearches                   kNN searches, for an index that answers them (spatial-lsm's R-trees); they
 *                                      are not counted in {@code searches}
 * @param knnComponentsOpened           disk components those kNN searches opened
 * @param knnComponentsSkipped          disk components they never opened, being farther than their answer
 * @param knnEntriesVisited             index entries they took from their queues, anti-matter included
 * @param bloomFilters                  the Bloom filters of an index with them and what its point lookups did with
 *                                      them; absent for other indexes
 */
public record IndexListing(String index, int partition, int datasetId, boolean primary, long flushCount,
        List<ComponentListing> components, Long searches, Long componentsOpened, Long componentsSkipped,
        Long pagesRead, Long componentsScannedAtActivation, @JsonInclude(Include.NON_NULL) SkipScanListing skipScan,
        @JsonInclude(Include.NON_NULL) GridListing grid, Long knnSearches, Long knnComponentsOpened,
        Long knnComponentsSkipped, Long knnEntriesVisited,
        @JsonInclude(Include.NON_NULL) BloomFilterListing bloomFilters) {

    public IndexListing {
        components = List.copyOf(components);
    }

    /** An index partition without Bloom filters. */
    @SuppressWarnings("squid:S00107") // the record's components
    public IndexListing(String index, int partition, int datasetId, boolean primary, long flushCount,
            List<ComponentListing> components, Long searches, Long componentsOpened, Long componentsSkipped,
            Long pagesRead, Long componentsScannedAtActivation, SkipScanListing skipScan, GridListing grid,
            Long knnSearches, Long knnComponentsOpened, Long knnComponentsSkipped, Long knnEntriesVisited) {
        this(index, partition, datasetId, primary, flushCount, components, searches, componentsOpened,
                componentsSkipped, pagesRead, componentsScannedAtActivation, skipScan, grid, knnSearches,
                knnComponentsOpened, knnComponentsSkipped, knnEntriesVisited, null);
    }

    /** An index partition that does not answer kNN searches, without Bloom filters. */
    @SuppressWarnings("squid:S00107") // the record's components
    public IndexListing(String index, int partition, int datasetId, boolean primary, long flushCount,
            List<ComponentListing> components, Long searches, Long componentsOpened, Long componentsSkipped,
            Long pagesRead, Long componentsScannedAtActivation, SkipScanListing skipScan, GridListing grid) {
        this(index, partition, datasetId, primary, flushCount, components, searches, componentsOpened,
                componentsSkipped, pagesRead, componentsScannedAtActivation, skipScan, grid, null, null, null, null,
                null);
    }
}

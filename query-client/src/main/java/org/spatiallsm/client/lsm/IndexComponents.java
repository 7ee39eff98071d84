package org.spatiallsm.client.lsm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;

/**
 * The disk components of one index partition at the moment of the request.
 *
 * @param node       the node controller that holds the partition
 * @param where      the index partition
 * @param primary    true for the dataset's primary index
 * @param flushCount t, the persistent number of flushes of the index (sequences from the oldest component's first to
 *                   the newest's last)
 * @param components newest first
 * @param mbrs       the MBR of each of {@code components}, in the same order; empty for an index that does not prune
 * @param levels     the level of each of {@code components}, in the same order; empty but for a leveled R-tree
 * @param reads      searches and the components they opened and skipped, for an index that prunes
 * @param pagesRead  buffer-cache pages its searches read from disk, for an index that counts them (the R-trees and
 *                   organisations of spatial-lsm)
 * @param skipScan   the search counters of a DHB or DHVB index; empty for other indexes
 * @param grid       the search counters of an SHB-tree or SIF index; empty for other indexes
 * @param knn        the kNN searches of an index that answers them (spatial-lsm's R-trees); empty for other indexes
 */
public record IndexComponents(String node, IndexPartition where, boolean primary, long flushCount,
        List<DiskComponent> components, List<Optional<ComponentMbr>> mbrs, List<OptionalInt> levels,
        Optional<ReadCounts> reads, OptionalLong pagesRead, Optional<SkipScanCounters> skipScan,
        Optional<GridCounters> grid, Optional<KnnCounts> knn) {

    public IndexComponents {
        components = List.copyOf(components);
        mbrs = List.copyOf(mbrs);
        levels = List.copyOf(levels);
        if (mbrs.size() != components.size() || levels.size() != components.size()) {
            throw new IllegalArgumentException(components.size() + " components but " + mbrs.size() + " MBRs and "
                    + levels.size() + " levels");
        }
    }

    /** An index partition that does not answer kNN searches. */
    public IndexComponents(String node, IndexPartition where, boolean primary, long flushCount,
            List<DiskComponent> components, List<Optional<ComponentMbr>> mbrs, List<OptionalInt> levels,
            Optional<ReadCounts> reads, OptionalLong pagesRead, Optional<SkipScanCounters> skipScan,
            Optional<GridCounters> grid) {
        this(node, where, primary, flushCount, components, mbrs, levels, reads, pagesRead, skipScan, grid,
                Optional.empty());
    }

    /** An index partition whose searches' page reads are not counted. */
    public IndexComponents(String node, IndexPartition where, boolean primary, long flushCount,
            List<DiskComponent> components, List<Optional<ComponentMbr>> mbrs, List<OptionalInt> levels,
            Optional<ReadCounts> reads, Optional<SkipScanCounters> skipScan, Optional<GridCounters> grid) {
        this(node, where, primary, flushCount, components, mbrs, levels, reads, OptionalLong.empty(), skipScan, grid);
    }

    /** An index partition that prunes its searches (or not) and has no levels. */
    public IndexComponents(String node, IndexPartition where, boolean primary, long flushCount,
            List<DiskComponent> components, List<Optional<ComponentMbr>> mbrs, Optional<ReadCounts> reads,
            Optional<SkipScanCounters> skipScan) {
        this(node, where, primary, flushCount, components, mbrs, noLevels(components), reads, skipScan,
                Optional.empty());
    }

    /** An index partition that does not prune its searches and has no organisation counters. */
    public IndexComponents(String node, IndexPartition where, boolean primary, long flushCount,
            List<DiskComponent> components) {
        this(node, where, primary, flushCount, components,
                components.stream().map(c -> Optional.<ComponentMbr>empty()).toList(), Optional.empty(),
                Optional.empty());
    }

    /** An index partition of a DHB or DHVB index (which does not prune by MBR) with its search counters. */
    public IndexComponents(String node, IndexPartition where, boolean primary, long flushCount,
            List<DiskComponent> components, Optional<SkipScanCounters> skipScan) {
        this(node, where, primary, flushCount, components,
                components.stream().map(c -> Optional.<ComponentMbr>empty()).toList(), Optional.empty(), skipScan);
    }

    /** An index partition of an SHB-tree or SIF index (which does not prune by MBR) with its search counters. */
    public static IndexComponents ofGrid(String node, IndexPartition where, boolean primary, long flushCount,
            List<DiskComponent> components, GridCounters grid) {
        return new IndexComponents(node, where, primary, flushCount, components,
                components.stream().map(c -> Optional.<ComponentMbr>empty()).toList(), noLevels(components),
                Optional.empty(), Optional.empty(), Optional.of(grid));
    }

    private static List<OptionalInt> noLevels(List<DiskComponent> components) {
        return components.stream().map(c -> OptionalInt.empty()).toList();
    }

    /** Every index partition of the nodes' {@code /spatial-lsm/components} answers, node by node. */
    public static List<IndexComponents> fromListings(List<ComponentsListing> listings) {
        List<IndexComponents> indexes = new ArrayList<>();
        for (ComponentsListing listing : listings) {
            indexes.addAll(fromListing(listing));
        }
        return indexes;
    }

    /** Every index partition of one node's {@code /spatial-lsm/components} answer. */
    static List<IndexComponents> fromListing(ComponentsListing listing) {
        List<IndexComponents> indexes = new ArrayList<>();
        for (IndexListing index : listing.indexes()) {
            List<DiskComponent> components = new ArrayList<>();
            List<Optional<ComponentMbr>> mbrs = new ArrayList<>();
            List<OptionalInt> levels = new ArrayList<>();
            for (ComponentListing component : index.components()) {
                components.add(DiskComponent.of(component));
                mbrs.add(Optional.ofNullable(component.mbr()).map(ComponentMbr::of));
                levels.add(component.level() == null ? OptionalInt.empty() : OptionalInt.of(component.level()));
            }
            indexes.add(new IndexComponents(listing.node(),
                    new IndexPartition(listing.dataverse(), listing.dataset(), index.index(), index.partition()),
                    index.primary(), index.flushCount(), components, mbrs, levels, ReadCounts.of(index),
                    index.pagesRead() == null ? OptionalLong.empty() : OptionalLong.of(index.pagesRead()),
                    Optional.ofNullable(index.skipScan()).map(SkipScanCounters::of),
                    Optional.ofNullable(index.grid()).map(GridCounters::of), KnnCounts.of(index)));
        }
        return indexes;
    }

    /**
     * The flushes {@code component} holds, numbered like {@link #flushCount}: 1 is the oldest component's first
     * sequence. Inclusive, e.g. "5-8".
     */
    public String flushRange(DiskComponent component) {
        // Not the last component's: a leveled index lists its components level by level.
        long base = components.stream().mapToLong(DiskComponent::firstSequence).min().orElseThrow();
        return (component.firstSequence() - base + 1) + "-" + (component.lastSequence() - base + 1);
    }

    public boolean anyMerging() {
        return components.stream().anyMatch(DiskComponent::merging);
    }
}

package org.spatiallsm.client.lsm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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
 * @param skipScan   the search counters of a DHB or DHVB index; empty for other indexes
 * @param grid       the search counters of an SHB-tree or SIF index; empty for other indexes
 */
public record IndexComponents(String node, IndexPartition where, boolean primary, long flushCount,
        List<DiskComponent> components, List<Optional<ComponentMbr>> mbrs, List<OptionalInt> levels,
        Optional<ReadCounts> reads, Optional<SkipScanCounters> skipScan, Optional<GridCounters> grid) {

    public IndexComponents {
        components = List.copyOf(components);
        mbrs = List.copyOf(mbrs);
        levels = List.copyOf(levels);
        if (mbrs.size() != components.size() || levels.size() != components.size()) {
            throw new IllegalArgumentException(components.size() + " components but " + mbrs.size() + " MBRs and "
                    + levels.size() + " levels");
        }
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

    /** Every index partition of one node's {@code /spatial-lsm/components} answer. */
    static List<IndexComponents> fromListing(JsonNode listing) {
        String node = listing.path("node").asText();
        String dataverse = listing.path("dataverse").asText();
        String dataset = listing.path("dataset").asText();
        List<IndexComponents> indexes = new ArrayList<>();
        for (JsonNode index : listing.path("indexes")) {
            List<DiskComponent> components = new ArrayList<>();
            List<Optional<ComponentMbr>> mbrs = new ArrayList<>();
            List<OptionalInt> levels = new ArrayList<>();
            for (JsonNode component : index.path("components")) {
                components.add(DiskComponent.fromJson(component));
                mbrs.add(ComponentMbr.fromJson(component));
                JsonNode level = component.path("level");
                levels.add(level.isInt() ? OptionalInt.of(level.asInt()) : OptionalInt.empty());
            }
            Optional<SkipScanCounters> skipScan = index.has("skipScan")
                    ? Optional.of(SkipScanCounters.fromJson(index.get("skipScan"))) : Optional.empty();
            Optional<GridCounters> grid =
                    index.has("grid") ? Optional.of(GridCounters.fromJson(index.get("grid"))) : Optional.empty();
            indexes.add(new IndexComponents(node, IndexPartition.fromJson(index, dataverse, dataset),
                    index.path("primary").asBoolean(), index.path("flushCount").asLong(), components, mbrs, levels,
                    ReadCounts.fromJson(index), skipScan, grid));
        }
        return indexes;
    }

    public ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("node", node);
        json.put("index", where.index());
        json.put("partition", where.partition());
        json.put("primary", primary);
        json.put("flushCount", flushCount);
        // As the NC endpoint answers: null where the index does not prune, level null where it has no levels.
        if (reads.isPresent()) {
            reads.get().writeTo(json);
        } else {
            json.putNull("searches").putNull("componentsOpened").putNull("componentsSkipped");
        }
        ArrayNode array = json.putArray("components");
        for (int i = 0; i < components.size(); i++) {
            ObjectNode component = components.get(i).toJson();
            component.set("mbr", mbrs.get(i).<JsonNode>map(ComponentMbr::toJson).orElse(NullNode.instance));
            if (levels.get(i).isPresent()) {
                component.put("level", levels.get(i).getAsInt());
            } else {
                component.putNull("level");
            }
            array.add(component);
        }
        skipScan.ifPresent(counters -> json.set("skipScan", counters.toJson()));
        grid.ifPresent(counters -> json.set("grid", counters.toJson()));
        return json;
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

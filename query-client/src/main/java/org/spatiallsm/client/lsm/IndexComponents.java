package org.spatiallsm.client.lsm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
 * @param skipScan   the search counters of a DHB or DHVB index; empty for other indexes
 * @param grid       the search counters of an SHB-tree or SIF index; empty for other indexes
 */
public record IndexComponents(String node, IndexPartition where, boolean primary, long flushCount,
        List<DiskComponent> components, Optional<SkipScanCounters> skipScan, Optional<GridCounters> grid) {

    public IndexComponents {
        components = List.copyOf(components);
    }

    /** An index without search counters. */
    public IndexComponents(String node, IndexPartition where, boolean primary, long flushCount,
            List<DiskComponent> components) {
        this(node, where, primary, flushCount, components, Optional.empty(), Optional.empty());
    }

    /** A DHB or DHVB index. */
    public IndexComponents(String node, IndexPartition where, boolean primary, long flushCount,
            List<DiskComponent> components, Optional<SkipScanCounters> skipScan) {
        this(node, where, primary, flushCount, components, skipScan, Optional.empty());
    }

    /** Every index partition of one node's {@code /spatial-lsm/components} answer. */
    static List<IndexComponents> fromListing(JsonNode listing) {
        String node = listing.path("node").asText();
        String dataverse = listing.path("dataverse").asText();
        String dataset = listing.path("dataset").asText();
        List<IndexComponents> indexes = new ArrayList<>();
        for (JsonNode index : listing.path("indexes")) {
            List<DiskComponent> components = new ArrayList<>();
            index.path("components").forEach(c -> components.add(DiskComponent.fromJson(c)));
            Optional<SkipScanCounters> skipScan = index.has("skipScan")
                    ? Optional.of(SkipScanCounters.fromJson(index.get("skipScan"))) : Optional.empty();
            Optional<GridCounters> grid =
                    index.has("grid") ? Optional.of(GridCounters.fromJson(index.get("grid"))) : Optional.empty();
            indexes.add(new IndexComponents(node, IndexPartition.fromJson(index, dataverse, dataset),
                    index.path("primary").asBoolean(), index.path("flushCount").asLong(), components, skipScan,
                    grid));
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
        ArrayNode array = json.putArray("components");
        components.forEach(c -> array.add(c.toJson()));
        skipScan.ifPresent(counters -> json.set("skipScan", counters.toJson()));
        grid.ifPresent(counters -> json.set("grid", counters.toJson()));
        return json;
    }

    /**
     * The flushes {@code component} holds, numbered like {@link #flushCount}: 1 is the oldest component's first
     * sequence. Inclusive, e.g. "5-8".
     */
    public String flushRange(DiskComponent component) {
        long base = components.get(components.size() - 1).firstSequence();
        return (component.firstSequence() - base + 1) + "-" + (component.lastSequence() - base + 1);
    }

    public boolean anyMerging() {
        return components.stream().anyMatch(DiskComponent::merging);
    }
}

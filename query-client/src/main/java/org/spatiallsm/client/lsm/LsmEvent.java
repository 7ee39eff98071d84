package org.spatiallsm.client.lsm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One line of a node's LSM event file.
 *
 * @param type           "flush", "merge" or "merge-scheduled"
 * @param node           the node controller that wrote it
 * @param where          the index partition
 * @param time           ISO-8601 wall-clock time of the event
 * @param flushCount     t of the index when the event happened
 * @param component      the new component of a flush or merge; empty for merge-scheduled
 * @param outputs        every component a merge wrote, newest first (K for a leveled R-tree); the component of a
 *                       flush, and of a merge recorded before events listed their outputs; empty for merge-scheduled
 * @param level          the level a flush or merge installed its components in, for an index with levels (a leveled
 *                       R-tree); empty for other indexes and for events recorded before events carried it
 * @param inputs         the merged (or to be merged) components, newest first; empty for a flush
 * @param bytesWritten   the new component's size; a merge's all outputs' (K for a leveled R-tree); 0 for
 *                       merge-scheduled
 * @param durationMillis a merge's time from scheduling to installation; empty for flushes
 * @param stack          the index partition's components after the event, newest first; empty for merge-scheduled
 */
public record LsmEvent(String type, String node, IndexPartition where, String time, long flushCount,
        Optional<DiskComponent> component, List<DiskComponent> outputs, OptionalInt level, List<DiskComponent> inputs,
        long bytesWritten, OptionalDouble durationMillis, List<DiskComponent> stack) {

    public static final String FLUSH = "flush";
    public static final String MERGE = "merge";
    public static final String MERGE_SCHEDULED = "merge-scheduled";

    public LsmEvent {
        outputs = List.copyOf(outputs);
        inputs = List.copyOf(inputs);
        stack = List.copyOf(stack);
    }

    public static LsmEvent fromJson(JsonNode json) {
        JsonNode duration = json.path("durationMillis");
        JsonNode level = json.path("level");
        Optional<DiskComponent> component =
                json.has("component") ? Optional.of(DiskComponent.fromJson(json.get("component"))) : Optional.empty();
        return new LsmEvent(json.path("event").asText(), json.path("node").asText(),
                IndexPartition.fromJson(json, "", ""), json.path("time").asText(), json.path("flushCount").asLong(),
                component, json.has("outputs") ? components(json.get("outputs")) : component.stream().toList(),
                level.isInt() ? OptionalInt.of(level.asInt()) : OptionalInt.empty(),
                components(json.path("inputs")), json.path("bytesWritten").asLong(),
                duration.isNumber() ? OptionalDouble.of(duration.asDouble()) : OptionalDouble.empty(),
                components(json.path("stack")));
    }

    public boolean isFlush() {
        return FLUSH.equals(type);
    }

    public boolean isMerge() {
        return MERGE.equals(type);
    }

    public boolean isMergeScheduled() {
        return MERGE_SCHEDULED.equals(type);
    }

    private static List<DiskComponent> components(JsonNode array) {
        List<DiskComponent> list = new ArrayList<>();
        array.forEach(c -> list.add(DiskComponent.fromJson(c)));
        return list;
    }
}

package org.spatiallsm.merge.simulation;

import java.util.List;
import java.util.Optional;

/**
 * One flush, scheduled merge or merge of an index partition, as the engine reported it.
 *
 * @param type         what happened
 * @param flushCount   t of the index when it happened
 * @param component    the new component of a flush or merge; empty for a scheduled merge
 * @param inputs       the merged (or to be merged) components, newest first; empty for a flush
 * @param bytesWritten the new component's size; 0 for a scheduled merge
 * @param stack        the partition's components after the event, newest first; empty for a scheduled merge
 */
public record EngineEvent(Type type, long flushCount, Optional<EngineComponent> component,
        List<EngineComponent> inputs, long bytesWritten, List<EngineComponent> stack) {

    public enum Type {
        FLUSH,
        MERGE_SCHEDULED,
        MERGE
    }

    public EngineEvent {
        inputs = List.copyOf(inputs);
        stack = List.copyOf(stack);
    }

    public boolean isFlush() {
        return type == Type.FLUSH;
    }

    public boolean isMerge() {
        return type == Type.MERGE;
    }

    public boolean isMergeScheduled() {
        return type == Type.MERGE_SCHEDULED;
    }
}

package org.spatiallsm.client.lsm;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import org.spatiallsm.introspection.EventComponent;
import org.spatiallsm.introspection.FlushOrMerge;
import org.spatiallsm.introspection.IndexEvent;
import org.spatiallsm.introspection.IntrospectionJson;
import org.spatiallsm.introspection.MergeScheduled;

/**
 * One event of a node's LSM event file, as the client analyses it ({@link #of} the typed line).
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

    /** The client's view of a node's event line. */
    public static LsmEvent of(IndexEvent event) {
        IndexPartition where = new IndexPartition(event.dataverse(), event.dataset(), event.index(), event.partition());
        if (event instanceof MergeScheduled scheduled) {
            return new LsmEvent(MERGE_SCHEDULED, event.node(), where, event.time(), event.flushCount(),
                    Optional.empty(), List.of(), OptionalInt.empty(), components(scheduled.inputs()), 0,
                    OptionalDouble.empty(), List.of());
        }
        FlushOrMerge installed = (FlushOrMerge) event;
        DiskComponent component = DiskComponent.of(installed.component());
        return new LsmEvent(installed.event(), event.node(), where, event.time(), event.flushCount(),
                Optional.of(component),
                installed.outputs() == null ? List.of(component) : components(installed.outputs()),
                installed.level() == null ? OptionalInt.empty() : OptionalInt.of(installed.level()),
                installed.inputs() == null ? List.of() : components(installed.inputs()), installed.bytesWritten(),
                installed.durationMillis() == null ? OptionalDouble.empty()
                        : OptionalDouble.of(installed.durationMillis()),
                components(installed.stack()));
    }

    /**
     * One line as a node writes it; empty for a kind of event this client does not know.
     *
     * @throws IllegalArgumentException if the line is no event of an index (half a line, or a {@code lost} line)
     */
    public static Optional<LsmEvent> parse(String line) {
        return IntrospectionJson.eventLine(line).map(event -> {
            if (event instanceof IndexEvent indexEvent) {
                return of(indexEvent);
            }
            throw new IllegalArgumentException("not an event of an index: " + line);
        });
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

    private static List<DiskComponent> components(List<EventComponent> components) {
        return components.stream().map(DiskComponent::of).toList();
    }
}

package org.spatiallsm.introspection;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;

/**
 * A flushed or a merged component was installed ({@code flush}: a bulk load looks the same; {@code merge}: its
 * inputs left the stack). A flush has no outputs, inputs nor input bytes; an event written before events listed a
 * merge's outputs and level reads with null there.
 *
 * @param component      the new component; of a leveled merge that wrote several, the newest
 * @param outputs        a merge's every output, newest first: one for a stack policy, K for a leveled R-tree
 * @param level          the level the new components were installed in, for an index with levels; else null
 * @param bytesWritten   the new component's size (flush), all outputs' (merge)
 * @param inputs         the merged components, newest first
 * @param inputBytes     their total size
 * @param durationMillis a merge's time from its scheduling to its installation; null for a flush (not observable)
 * @param stack          every disk component of the index partition after the event, newest first
 */
public record FlushOrMerge(String time, String node, String event, String dataverse, String dataset, String index,
        int partition, int datasetId, long flushCount, EventComponent component,
        @JsonInclude(Include.NON_NULL) List<EventComponent> outputs, Integer level, long bytesWritten,
        @JsonInclude(Include.NON_NULL) List<EventComponent> inputs, @JsonInclude(Include.NON_NULL) Long inputBytes,
        Double durationMillis, List<EventComponent> stack) implements IndexEvent {

    public static final String FLUSH = "flush";
    public static final String MERGE = "merge";

    public FlushOrMerge {
        if (!FLUSH.equals(event) && !MERGE.equals(event)) {
            throw new IllegalArgumentException("event must be flush or merge, was " + event);
        }
        if (component == null || stack == null) {
            throw new IllegalArgumentException("a " + event + " names its component and the stack after it");
        }
        outputs = outputs == null ? null : List.copyOf(outputs);
        inputs = inputs == null ? null : List.copyOf(inputs);
        stack = List.copyOf(stack);
    }

    @JsonIgnore
    public boolean isFlush() {
        return FLUSH.equals(event);
    }
}

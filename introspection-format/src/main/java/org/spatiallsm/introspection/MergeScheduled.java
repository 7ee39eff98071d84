package org.spatiallsm.introspection;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The merge policy asked for a merge, and AsterixDB accepted it.
 *
 * @param inputs the components to merge, newest first
 */
@JsonPropertyOrder({"time", "node", "event", "dataverse", "dataset", "index", "partition", "datasetId", "flushCount",
    "inputs"})
public record MergeScheduled(String time, String node, String dataverse, String dataset, String index, int partition,
        int datasetId, long flushCount, List<EventComponent> inputs) implements IndexEvent {

    public static final String EVENT = "merge-scheduled";

    public MergeScheduled {
        inputs = List.copyOf(inputs);
    }

    @Override
    @JsonProperty("event")
    public String event() {
        return EVENT;
    }
}

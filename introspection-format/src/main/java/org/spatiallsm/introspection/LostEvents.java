package org.spatiallsm.introspection;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The last line of a node's {@code /spatial-lsm/events} answer when its event files miss some of the dataset's
 * events: a partial history would mislead whoever analyses it.
 *
 * @param notRecorded           events the node could not build
 * @param dropped               events dropped because the node's event queue was full
 * @param notWritten            events whose write failed
 * @param olderLinesRotatedAway true if the oldest of the dataset's events were in event files rotated away
 * @param message               all of this in one line
 */
@JsonPropertyOrder({"event", "node", "notRecorded", "dropped", "notWritten", "olderLinesRotatedAway", "message"})
public record LostEvents(String node, long notRecorded, long dropped, long notWritten, boolean olderLinesRotatedAway,
        String message) implements LsmEventLine {

    public static final String EVENT = "lost";

    @Override
    @JsonProperty("event")
    public String event() {
        return EVENT;
    }
}

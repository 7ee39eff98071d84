package org.spatiallsm.introspection;

/**
 * One line of a node's LSM events ({@code /spatial-lsm/events}): an event of an index partition, or the last line
 * saying that the node misses some of the dataset's events.
 */
public sealed interface LsmEventLine permits IndexEvent, LostEvents {

    /** {@code flush}, {@code merge}, {@code merge-scheduled} or {@code lost}. */
    String event();
}

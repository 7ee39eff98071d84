package org.spatiallsm.merge.simulation;

/**
 * A disk component of an index partition as the engine reported it.
 *
 * @param firstSequence the first flush sequence it covers (the engine's numbering, see
 *                      {@link FlushRange#ofSequences})
 * @param lastSequence  the last flush sequence it covers; a flushed component covers one
 * @param bytes         its size
 * @param merging       true while a running or queued merge holds it
 */
public record EngineComponent(long firstSequence, long lastSequence, long bytes, boolean merging) {
}

package org.spatiallsm.merge.simulation;

/**
 * The flushes a component holds, numbered like a simulation: 1-based and inclusive, flush 1 being the index's first.
 * Merges take consecutive components, so every component holds such a range.
 */
public record FlushRange(long first, long last) {

    public FlushRange {
        if (first < 1 || last < first) {
            throw new IllegalArgumentException("flushes " + first + ".." + last + " are not a range");
        }
    }

    /**
     * The range of an engine component that covers flush sequences {@code firstSequence..lastSequence}, when the
     * index's first flush has sequence {@code firstFlushSequence} (0 for a primary index, 1 for a secondary index
     * created with its dataset, whose creation spends sequence 0).
     */
    public static FlushRange ofSequences(long firstSequence, long lastSequence, long firstFlushSequence) {
        return new FlushRange(firstSequence - firstFlushSequence + 1, lastSequence - firstFlushSequence + 1);
    }

    @Override
    public String toString() {
        return first == last ? Long.toString(first) : first + "-" + last;
    }
}

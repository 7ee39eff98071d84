package org.spatiallsm.partitioning.entries;

/** Reads a run block by block, so a reader holds one block per input instead of one object per entry. */
public interface EntryCursor extends AutoCloseable {

    /**
     * Appends the next entries, at most {@code max} of them, to {@code into}.
     *
     * @return how many were appended; 0 only at the end of the run
     */
    int read(Entries into, int max);

    /** Releases what the cursor holds (an open file); the default holds nothing. */
    @Override
    default void close() {
    }
}

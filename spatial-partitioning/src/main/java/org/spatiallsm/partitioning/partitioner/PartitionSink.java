package org.spatiallsm.partitioning.partitioner;

import org.spatiallsm.partitioning.entries.Entries;

/**
 * Receives a merge's output partitions in turn, as the engine's bulk loaders would: {@link #begin}, then every
 * entry of the partition in order, then {@link #end}. Partitions never interleave.
 */
public interface PartitionSink {

    /** Starts partition {@code index} (0, 1, 2, ... in output order). */
    void begin(int index);

    /**
     * The next entry of the current partition: row {@code row} of {@code block}. The block belongs to the
     * partitioner and is reused after the call returns, so copy what you keep ({@link Entries#add(Entries, int)}).
     */
    void add(Entries block, int row);

    /** Ends the current partition; {@code info} describes it. */
    void end(PartitionInfo info);
}

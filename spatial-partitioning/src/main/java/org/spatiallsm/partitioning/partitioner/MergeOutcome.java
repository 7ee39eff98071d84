package org.spatiallsm.partitioning.partitioner;

import java.util.List;

/**
 * What one call of {@link Partitioner#partition} produced.
 *
 * @param partitions  the partitions in output order
 * @param entries     the number of entries partitioned (the sum of the inputs' sizes)
 * @param peakHeld    the largest number of entries held in memory at once (blocks, buffers, sample), the unit of
 *                    the memory budget; a measured count, not an estimate of JVM heap
 * @param twoPass     whether the merge exceeded the memory budget and was partitioned from a sample in two passes
 * @param spilled     entries written to temporary files, once per write: a two-pass merge writes every entry once,
 *                    and once more per round of merging runs (0 when nothing was spilled)
 */
public record MergeOutcome(List<PartitionInfo> partitions, long entries, long peakHeld, boolean twoPass,
        long spilled) {
}

package org.spatiallsm.merge.simulation;

import java.util.Collection;

/**
 * What one index partition's flushes and merges cost, from the engine's events: the bytes written, the most times
 * one record was written, and the transient space of its merges.
 *
 * @param flushes            flushes of the partition
 * @param flushedBytes       bytes its flushes wrote
 * @param mergedBytes        bytes its merges wrote
 * @param maxWritesPerRecord the most times a record of one flush was written, its flush included (a record is
 *                           written again by every merge whose output holds its flush); the quantity the
 *                           bounded-depth optimum bounds ({@code BoundedDepth.optimalMaxWrites}); 0 when the
 *                           merge outputs do not tell it (a leveled index cuts each merge into several outputs)
 * @param peakBytes          the most bytes on disk while a merge ran: the components after it installed its output,
 *                           plus its inputs, which stay on disk until the output is installed
 * @param transientSpace     {@link TransientSpace} of the run: the largest ratio of the bytes on disk (after a flush,
 *                           or while a merge ran) to the bytes flushed so far (Mao's transient space amplification:
 *                           2 when a merge takes every component; 1 + a little for small merges)
 */
public record EngineCosts(int flushes, long flushedBytes, long mergedBytes, int maxWritesPerRecord, long peakBytes,
        double transientSpace) {

    /** (bytes flushed + bytes merged) / bytes flushed, the log-based measure; 1 for no merge, NaN for no flush. */
    public double writeAmplification() {
        return flushedBytes == 0 ? Double.NaN : (double) (flushedBytes + mergedBytes) / flushedBytes;
    }

    /**
     * The costs of an index partition.
     *
     * @param stack true for a stack policy, whose every merge output holds all records of a range of flushes, so
     *              that the outputs tell how often each record was written
     */
    public static EngineCosts of(PartitionHistory history, boolean stack) {
        long flushed = 0;
        long merged = 0;
        long peak = 0;
        TransientSpace transientSpace = new TransientSpace();
        for (EngineEvent event : history.events()) {
            if (event.isFlush()) {
                flushed += event.bytesWritten();
                transientSpace.flush(bytes(event.stack()), flushed);
            } else {
                merged += event.bytesWritten();
                long during = bytes(event.stack()) + bytes(event.inputs());
                peak = Math.max(peak, during);
                transientSpace.merge(during, flushed);
            }
        }
        int flushes = history.flushSizes().length;
        return new EngineCosts(flushes, flushed, merged,
                stack ? maxWritesPerRecord(flushes, history.mergedRanges()) : 0, peak, transientSpace.largest());
    }

    /**
     * The most writes of one flush's records among flushes 1..{@code flushes}: its flush plus every merge output in
     * {@code mergeOutputs} that holds it; 0 for no flush.
     */
    public static int maxWritesPerRecord(int flushes, Collection<FlushRange> mergeOutputs) {
        if (flushes == 0) {
            return 0;
        }
        // Difference array: +1 where an output's range starts, -1 after it ends; its prefix sums count the outputs.
        int[] change = new int[flushes + 2];
        for (FlushRange output : mergeOutputs) {
            if (output.last() > flushes) {
                throw new IllegalArgumentException("merge output " + output + " holds flushes after the last, "
                        + flushes);
            }
            change[(int) output.first()]++;
            change[(int) output.last() + 1]--;
        }
        int max = 0;
        int merges = 0;
        for (int flush = 1; flush <= flushes; flush++) {
            merges += change[flush];
            max = Math.max(max, merges);
        }
        return max + 1;
    }

    private static long bytes(Collection<EngineComponent> components) {
        return components.stream().mapToLong(EngineComponent::bytes).sum();
    }
}

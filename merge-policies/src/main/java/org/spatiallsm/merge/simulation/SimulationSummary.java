package org.spatiallsm.merge.simulation;

/**
 * The totals of a simulation run.
 *
 * @param flushes                      flushes simulated
 * @param bytesFlushed                 sum of the flush sizes
 * @param bytesWrittenByMerges         sum of all merge outputs, intermediate cascade outputs included
 * @param merges                       merges performed
 * @param writeAmplification           W (see {@link SimulationStep})
 * @param writeAmplificationLogged     W_logged (see {@link SimulationStep})
 * @param readAmplification            average component count after a flush
 * @param maxReadAmplification         largest component count after a flush
 * @param transientSpaceAmplification  {@link TransientSpace}: max over all merges of (stack bytes + merge output) /
 *                                     bytes flushed so far; 1 when nothing ever merged
 */
public record SimulationSummary(long flushes, long bytesFlushed, long bytesWrittenByMerges, long merges,
        double writeAmplification, double writeAmplificationLogged, double readAmplification,
        int maxReadAmplification, double transientSpaceAmplification) {

    /** Everything the LSM index wrote: flushes plus merges. */
    public long bytesWritten() {
        return bytesFlushed + bytesWrittenByMerges;
    }
}

package org.spatiallsm.partitioning.simulation;

import java.util.List;

/**
 * The totals of a leveled simulation run (definitions in {@link LeveledSimulator}).
 *
 * @param flushes                     flushes simulated
 * @param bytesFlushed                sum of the flush sizes
 * @param bytesWrittenByMerges        sum of all merge outputs
 * @param merges                      merges performed
 * @param moves                       moves performed (nothing written)
 * @param writeAmplification          W
 * @param writeAmplificationLogged    W_logged
 * @param readAmplification           average point-read cost after a flush
 * @param maxReadAmplification        largest point-read cost after a flush
 * @param transientSpaceAmplification max over all merges of (stored bytes + merge outputs) / bytes flushed so far
 * @param levels                      component count per level at the end, level 0 first
 */
public record LeveledSummary(long flushes, long bytesFlushed, long bytesWrittenByMerges, long merges, long moves,
        double writeAmplification, double writeAmplificationLogged, double readAmplification,
        int maxReadAmplification, double transientSpaceAmplification, List<Integer> levels) {

    public LeveledSummary {
        levels = List.copyOf(levels);
    }
}

package org.spatiallsm.partitioning.simulation;

import java.util.List;

/**
 * The state after one flush and every merge and move it triggered; amplifications are cumulative from the first
 * flush (definitions in {@link LeveledSimulator}).
 *
 * @param flush                    t, 1-based
 * @param levels                   component count per level, level 0 first, up to the deepest non-empty level
 * @param writeAmplification       W
 * @param writeAmplificationLogged W_logged
 * @param readAmplification        time average of the point-read cost (level-0 count + non-empty deeper levels)
 * @param merges                   merges so far
 * @param moves                    moves so far (a component re-tagged to the next level, nothing written)
 * @param transientSpace           transient space amplification so far ({@code TransientSpace} of merge-policies)
 * @param transientSpaceOfFlush    the same of this flush and its merges alone (not cumulative)
 */
public record LeveledStep(long flush, List<Integer> levels, double writeAmplification,
        double writeAmplificationLogged, double readAmplification, long merges, long moves, double transientSpace,
        double transientSpaceOfFlush) {

    public LeveledStep {
        levels = List.copyOf(levels);
    }
}

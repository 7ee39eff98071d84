package org.spatiallsm.partitioning.simulation;

import java.util.List;

/**
 * The outcome of a spatial simulation run (see {@link SpatialSimulation}); amplifications are in entries, or in the
 * unit of the component sizes a stack run was given.
 *
 * @param flushes                  flushes simulated
 * @param records                  records inserted
 * @param writeAmplification       W: entries of the components each flush step created and kept, over entries flushed
 * @param writeAmplificationLogged W_logged: entries flushed plus every merge output, over entries flushed
 * @param merges                   merges performed
 * @param moves                    moves performed (always 0 for stack policies)
 * @param levels                   component count per level at the end, level 0 first; a stack is one level
 * @param overlapWithinLevel       per level, the average number of other components of the same level whose MBR
 *                                 intersects a component's MBR (0 = the level is spatially disjoint)
 * @param queries                  the read amplification per selectivity
 */
public record SpatialSummary(long flushes, long records, double writeAmplification, double writeAmplificationLogged,
        long merges, long moves, List<Integer> levels, List<Double> overlapWithinLevel, List<QueryCost> queries) {

    public SpatialSummary {
        levels = List.copyOf(levels);
        overlapWithinLevel = List.copyOf(overlapWithinLevel);
        queries = List.copyOf(queries);
    }

    /** Components in all levels. */
    public int components() {
        return levels.stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * The spatial read amplification at one selectivity.
     *
     * @param sigma                 the query window is 360·10^-sigma × 180·10^-sigma degrees
     * @param queries               how many windows were tested
     * @param operationalComponents the average number of components whose MBR intersects a window
     */
    public record QueryCost(double sigma, int queries, double operationalComponents) {
    }
}

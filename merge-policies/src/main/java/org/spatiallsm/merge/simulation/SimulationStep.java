package org.spatiallsm.merge.simulation;

import java.util.List;

/**
 * The state after one flush and every merge it triggered. The amplification values are cumulative: they describe
 * the run from the first flush up to and including this one, except {@code transientSpaceOfFlush}.
 *
 * @param flush                    t, 1-based
 * @param components               the stack, newest first
 * @param writeAmplification       W: bytes of the components each step created and kept, over bytes flushed
 * @param writeAmplificationLogged W_logged: bytes flushed plus every merge output, over bytes flushed
 * @param readAmplification        time average of the component count over flushes 1..t
 * @param transientSpace           transient space amplification over flushes 1..t ({@link TransientSpace})
 * @param transientSpaceOfFlush    the same of this flush and its merges alone
 * @param maxWritesPerRecord       the most times one record was written over flushes 1..t, counted as W counts
 */
public record SimulationStep(long flush, List<SimulatedComponent> components, double writeAmplification,
        double writeAmplificationLogged, double readAmplification, double transientSpace,
        double transientSpaceOfFlush, int maxWritesPerRecord) {

    public SimulationStep {
        components = List.copyOf(components);
    }

    /** Component sizes, newest first. */
    public List<Long> runsNewestFirst() {
        return components.stream().map(SimulatedComponent::bytes).toList();
    }

    public int componentCount() {
        return components.size();
    }
}

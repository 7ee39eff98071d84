package org.spatiallsm.merge.simulation;

import java.util.List;

/**
 * The state after one flush and every merge it triggered. The amplification values are cumulative: they describe
 * the run from the first flush up to and including this one.
 *
 * @param flush                    t, 1-based
 * @param components               the stack, newest first
 * @param writeAmplification       W: bytes of the components each step created and kept, over bytes flushed
 * @param writeAmplificationLogged W_logged: bytes flushed plus every merge output, over bytes flushed
 * @param readAmplification        time average of the component count over flushes 1..t
 */
public record SimulationStep(long flush, List<SimulatedComponent> components, double writeAmplification,
        double writeAmplificationLogged, double readAmplification) {

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

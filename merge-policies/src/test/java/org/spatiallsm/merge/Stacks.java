package org.spatiallsm.merge;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import org.spatiallsm.merge.simulation.SimulationStep;
import org.spatiallsm.merge.simulation.Simulator;

/** Test fixtures: stacks written as text, and per-flush states of uniform-flush simulations. */
public final class Stacks {

    private Stacks() {
    }

    /**
     * A stack written newest first, e.g. {@code "1 4* 4* 16"}; a trailing {@code *} marks a component that is
     * being merged.
     */
    public static StackView stack(long flushCount, StackView.Event event, String newestFirst) {
        List<ComponentView> components = Arrays.stream(newestFirst.trim().split("\\s+"))
                .filter(token -> !token.isEmpty())
                .map(token -> new ComponentView(Long.parseLong(token.replace("*", "")), token.endsWith("*")))
                .toList();
        return new StackView(components, flushCount, event);
    }

    public static StackView afterFlush(long flushCount, String newestFirst) {
        return stack(flushCount, StackView.Event.FLUSH, newestFirst);
    }

    public static StackView afterMerge(long flushCount, String newestFirst) {
        return stack(flushCount, StackView.Event.MERGE_COMPLETED, newestFirst);
    }

    /** Component sizes (newest first) after each of {@code flushes} flushes of size 1; index 0 = flush 1. */
    public static List<List<Long>> uniformStates(MergePolicy policy, int flushes) {
        Simulator simulator = new Simulator(policy);
        return IntStream.rangeClosed(1, flushes)
                .mapToObj(t -> simulator.flush(1))
                .map(SimulationStep::runsNewestFirst)
                .toList();
    }

    /** The state after flush {@code t} (1-based) of {@link #uniformStates}. */
    public static List<Long> stateAfter(List<List<Long>> states, int t) {
        return states.get(t - 1);
    }
}

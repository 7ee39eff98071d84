package org.spatiallsm.merge.simulation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.spatiallsm.merge.ComponentView;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;

/**
 * Replays what an engine did in one index partition through a policy's decision core, to tell whether the engine
 * made exactly the merges the core decides. Then any difference between the engine and a simulation comes from
 * sizes the simulator had to model, not from the decisions.
 *
 * <p>Two replays. {@link #replayFlushes} runs the simulator over the partition's flush sizes, with the merged sizes
 * the engine measured: it shows the merges and stacks the core makes when every merge completes before the next
 * flush. {@link #decisionsAtEachEvent} asks the core at each of the engine's decision points, for the stack the
 * event shows (components still merging included): it holds also when flushes land while merges run.
 */
public final class DecisionReplay {

    private DecisionReplay() {
    }

    /**
     * What the simulator did.
     *
     * @param stacks the components after each flush 1..n and its merges, newest first
     * @param merges every merge it made, cascade intermediates included, in order
     */
    public record FlushReplay(List<List<FlushRange>> stacks, List<FlushRange> merges) {
        public FlushReplay {
            stacks = List.copyOf(stacks);
            merges = List.copyOf(merges);
        }
    }

    /**
     * The simulator over the partition's flushes, with the engine's merged sizes (see
     * {@link MergedSize#measuredOrSum}).
     */
    public static FlushReplay replayFlushes(MergePolicy core, PartitionHistory history) {
        return replayFlushes(core, history.flushSizes(), MergedSize.measuredOrSum(history::mergedBytes));
    }

    /** The simulator over {@code flushSizes}, with merged sizes from {@code mergedSize}. */
    public static FlushReplay replayFlushes(MergePolicy core, long[] flushSizes, MergedSize mergedSize) {
        List<List<FlushRange>> stacks = new ArrayList<>();
        List<FlushRange> merges = new ArrayList<>();
        MergedSize recordingMerges = inputs -> {
            // Newest first: the oldest input holds the first flush.
            merges.add(new FlushRange(inputs.get(inputs.size() - 1).firstFlush(), inputs.get(0).lastFlush()));
            return mergedSize.bytes(inputs);
        };
        Simulator.run(core, recordingMerges, flushSizes, step -> stacks.add(step.components().stream()
                .map(SimulatedComponent::flushes).toList()));
        return new FlushReplay(stacks, merges);
    }

    /**
     * Whether the core, given the partition's flushes and the engine's own merged sizes, makes exactly the merges the
     * engine made (as sets: the order in which concurrent merges completed does not matter).
     */
    public static boolean makesTheEnginesMerges(MergePolicy core, PartitionHistory history) {
        return Set.copyOf(replayFlushes(core, history).merges()).equals(history.mergedRanges());
    }

    /**
     * Why the core, replayed over the partition's flushes ({@link #replayFlushes}), does not make exactly the engine's
     * merges; empty when it does. Two causes, told apart by asking the core at the engine's own decision points
     * ({@link #decisionsAtEachEvent}):
     * <ul>
     * <li>at some decision point the core, given the stack the engine showed, picks another merge than the engine
     * scheduled: the engine or its adapter does not do what the core decides;</li>
     * <li>the core agrees at every decision point, but merges ran while flushes landed: the engine's core counted the
     * running merge's inputs (a policy with a component bound k may switch rules when they push the stack over k),
     * where the replay, whose merges complete before the next flush, had already merged them. Then the reason names
     * the engine's first merge the replay does not make, the stack it was decided on and the merging components.</li>
     * </ul>
     */
    public static Optional<String> difference(MergePolicy core, PartitionHistory history) {
        Set<FlushRange> replayed = Set.copyOf(replayFlushes(core, history).merges());
        if (replayed.equals(history.mergedRanges())) {
            return Optional.empty();
        }
        List<Decision> decisions;
        try {
            decisions = decisionsAtEachEvent(core, history);
        } catch (IllegalStateException coreAskedTheImpossible) {
            return Optional.of(coreAskedTheImpossible.getMessage());
        }
        Optional<Decision> disagreement = decisions.stream().filter(decision -> !decision.agrees()).findFirst();
        if (disagreement.isPresent()) {
            Decision decision = disagreement.get();
            return Optional.of("engine and core differ after " + describe(decision.after(), history)
                    + ": the core merges " + decision.core().map(Object::toString).orElse("nothing")
                    + ", the engine " + decision.engine().map(Object::toString).orElse("nothing"));
        }
        List<EngineEvent> events = history.allEvents();
        for (int i = 1; i < events.size(); i++) {
            EngineEvent scheduled = events.get(i);
            List<FlushRange> inputs = scheduled.isMergeScheduled() ? history.flushes(scheduled.inputs()) : List.of();
            if (!inputs.isEmpty() && !replayed.contains(span(inputs))) {
                EngineEvent decidedAfter = events.get(i - 1);
                List<FlushRange> merging = history.flushes(decidedAfter.stack().stream()
                        .filter(EngineComponent::merging).toList());
                return Optional.of("the core agrees at every decision point of the engine; its merge of " + inputs
                        + " after " + describe(decidedAfter, history) + " is not the replay's: it was decided on "
                        + decidedAfter.stack().size() + " components, " + merging.size()
                        + " of them in running merges " + merging
                        + ", which the replay, completing every merge before the next flush, had already merged");
            }
        }
        Optional<FlushRange> unannounced = history.mergedRanges().stream().filter(range -> !replayed.contains(range))
                .min(Comparator.comparingLong(FlushRange::last));
        if (unannounced.isPresent()) {
            return Optional.of("the engine merged flushes " + unannounced.get()
                    + ", which the replay does not, and no scheduled-merge event shows the decision");
        }
        FlushRange missing = replayed.stream().filter(range -> !history.mergedRanges().contains(range))
                .min(Comparator.comparingLong(FlushRange::last)).orElseThrow();
        return Optional.of("the core agrees at every decision point of the engine, but the replay merges flushes "
                + missing + ", which the engine never merged (a merge still running when the events ended?)");
    }

    /** The merge of consecutive components {@code newestFirst}, as the flushes its output holds. */
    private static FlushRange span(List<FlushRange> newestFirst) {
        return new FlushRange(newestFirst.get(newestFirst.size() - 1).first(), newestFirst.get(0).last());
    }

    private static String describe(EngineEvent event, PartitionHistory history) {
        String what = event.isFlush() ? "flush " : "the merge into ";
        return what + history.flushes(event.component().orElseThrow());
    }

    /**
     * At one decision point, the merge the core picks and the one the engine scheduled, each as the flushes of its
     * inputs (newest first); empty for no merge.
     *
     * @param after  the flush or merge after which the decision was taken
     * @param core   what the core decides for the stack, flush count and event {@code after} shows
     * @param engine the merge the engine scheduled right after it
     */
    public record Decision(EngineEvent after, Optional<List<FlushRange>> core, Optional<List<FlushRange>> engine) {

        public boolean agrees() {
            return core.equals(engine);
        }
    }

    /**
     * One decision per flush and merge event: the engine asks its policy after each and logs the merge it schedules
     * as the very next event of the partition.
     */
    public static List<Decision> decisionsAtEachEvent(MergePolicy core, PartitionHistory history) {
        List<EngineEvent> events = history.allEvents();
        List<Decision> decisions = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            EngineEvent event = events.get(i);
            if (!event.isFlush() && !event.isMerge()) {
                continue;
            }
            StackView view = new StackView(event.stack().stream()
                    .map(c -> new ComponentView(c.bytes(), c.merging())).toList(), event.flushCount(),
                    event.isFlush() ? StackView.Event.FLUSH : StackView.Event.MERGE_COMPLETED);
            Optional<MergeSpec> decision = core.findMerge(view);
            if (decision.isPresent() && decision.get().oldest() >= event.stack().size()) {
                throw new IllegalStateException(core + " asked to merge " + decision.get() + " of only "
                        + event.stack().size() + " components after " + event);
            }
            Optional<EngineEvent> scheduled = i + 1 < events.size() && events.get(i + 1).isMergeScheduled()
                    ? Optional.of(events.get(i + 1)) : Optional.empty();
            decisions.add(new Decision(event,
                    decision.map(d -> history.flushes(event.stack().subList(d.newest(), d.oldest() + 1))),
                    scheduled.map(s -> history.flushes(s.inputs()))));
        }
        return decisions;
    }
}

package org.spatiallsm.it;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.merge.ComponentView;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;
import org.spatiallsm.merge.simulation.SimulationStep;
import org.spatiallsm.merge.simulation.Simulator;

/**
 * What the simulator predicts for one index partition, as flush intervals after each flush. Two predictions:
 * <ul>
 * <li>{@link #simulator}: the {@link Simulator} itself, fed the engine's flush sizes; a merge's output is the sum of
 * its inputs, as in the studies' model;</li>
 * <li>{@link #withEngineMergeSizes}: the same instant-merge procedure (ask the core after the flush, then after every
 * merge until it declines), but each merge output has the size the engine measured for the component with that
 * interval. AsterixDB's merged components are smaller than the sum of their inputs (each component carries fixed
 * overhead: metadata page, Bloom filter, compression), so size-based policies compare different numbers in the two
 * models; given the engine's own sizes they must decide exactly as the engine did.</li>
 * </ul>
 */
final class ScheduleReplay {

    private ScheduleReplay() {
    }

    /** Intervals (newest first) after each flush t = 1..n, from the unmodified simulator. */
    static List<List<FlushInterval>> simulator(MergePolicy policy, long[] flushSizes) {
        List<List<FlushInterval>> after = new ArrayList<>();
        Simulator.run(policy, flushSizes, step -> after.add(intervals(step, flushSizes)));
        return after;
    }

    /** Intervals (newest first) after each flush t = 1..n, merged sizes taken from the engine's merge events. */
    static List<List<FlushInterval>> withEngineMergeSizes(MergePolicy policy, long[] flushSizes,
            List<LsmEvent> partitionEvents) {
        long base = partitionEvents.stream().filter(LsmEvent::isFlush).findFirst().orElseThrow().component()
                .orElseThrow().firstSequence();
        Map<FlushInterval, Long> mergedSizes = new HashMap<>();
        partitionEvents.stream().filter(LsmEvent::isMerge).forEach(
                e -> mergedSizes.put(FlushInterval.of(e.component().orElseThrow(), base), e.bytesWritten()));
        List<Sized> stack = new ArrayList<>();
        List<List<FlushInterval>> after = new ArrayList<>();
        for (int t = 1; t <= flushSizes.length; t++) {
            stack.add(0, new Sized(new FlushInterval(t, t), flushSizes[t - 1]));
            StackView.Event event = StackView.Event.FLUSH;
            for (Optional<MergeSpec> merge = policy.findMerge(view(stack, t, event)); merge.isPresent();
                    merge = policy.findMerge(view(stack, t, event))) {
                List<Sized> inputs = stack.subList(merge.get().newest(), merge.get().oldest() + 1);
                FlushInterval merged = new FlushInterval(inputs.get(inputs.size() - 1).interval().first(),
                        inputs.get(0).interval().last());
                // An interval the engine never produced means the schedules already differ; the sum keeps going.
                long bytes = mergedSizes.getOrDefault(merged, inputs.stream().mapToLong(Sized::bytes).sum());
                inputs.clear();
                stack.add(merge.get().newest(), new Sized(merged, bytes));
                event = StackView.Event.MERGE_COMPLETED;
            }
            after.add(stack.stream().map(Sized::interval).toList());
        }
        return after;
    }

    private static StackView view(List<Sized> stack, long t, StackView.Event event) {
        return new StackView(stack.stream().map(s -> ComponentView.idle(s.bytes())).toList(), t, event);
    }

    /** A simulated run of s bytes is the newest flushes whose sizes add up to s (runs are contiguous). */
    private static List<FlushInterval> intervals(SimulationStep step, long[] flushSizes) {
        List<FlushInterval> intervals = new ArrayList<>();
        long last = step.flush();
        for (long runBytes : step.runsNewestFirst()) {
            long first = last;
            long bytes = flushSizes[(int) first - 1];
            while (bytes < runBytes) {
                first--;
                bytes += flushSizes[(int) first - 1];
            }
            intervals.add(new FlushInterval(first, last));
            last = first - 1;
        }
        return intervals;
    }

    private record Sized(FlushInterval interval, long bytes) {
    }
}

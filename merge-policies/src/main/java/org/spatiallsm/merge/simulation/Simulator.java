package org.spatiallsm.merge.simulation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import org.spatiallsm.merge.ComponentView;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;

/**
 * Replays flushes through a {@link MergePolicy} with instant merges, the model of Mao's design-by-simulation
 * study: merged size = sum of the inputs (or another {@link MergedSize}), cost = bytes written. After each flush the
 * policy is asked with
 * {@link StackView.Event#FLUSH}, then with {@link StackView.Event#MERGE_COMPLETED} after every merge until it
 * declines, so cascades run to completion within the flush. Single-use and not thread-safe.
 */
public final class Simulator {

    private final MergePolicy policy;
    private final MergedSize mergedSize;
    /** Newest first. */
    private final List<Component> stack = new ArrayList<>();

    private long flushes;
    private long bytesFlushed;
    /** Bytes of the components in the stack: bytesFlushed as long as merged sizes are sums. */
    private long bytesStored;
    /** Sum over flushes of the bytes of the components that flush created and that still exist after it (W). */
    private long bytesKept;
    private long bytesWrittenByMerges;
    private long merges;
    private long componentCountSum;
    private int maxComponentCount;
    private final TransientSpace transientSpace = new TransientSpace();
    /** Per flush (index t - 1): how many kept components have held its records, the flushed one included. */
    private int[] writesPerFlush = new int[64];
    private int maxWritesPerRecord;

    /** The studies' model: merged size = sum of the inputs. */
    public Simulator(MergePolicy policy) {
        this(policy, MergedSize.SUM_OF_INPUTS);
    }

    public Simulator(MergePolicy policy, MergedSize mergedSize) {
        this.policy = policy;
        this.mergedSize = mergedSize;
    }

    /** Runs {@code flushSizes} through a fresh simulator, handing every step to {@code onStep}. */
    public static SimulationSummary run(MergePolicy policy, long[] flushSizes, Consumer<SimulationStep> onStep) {
        return run(policy, MergedSize.SUM_OF_INPUTS, flushSizes, onStep);
    }

    /** Like {@link #run(MergePolicy, long[], Consumer)} with merged sizes from {@code mergedSize}. */
    public static SimulationSummary run(MergePolicy policy, MergedSize mergedSize, long[] flushSizes,
            Consumer<SimulationStep> onStep) {
        Simulator simulator = new Simulator(policy, mergedSize);
        for (long size : flushSizes) {
            onStep.accept(simulator.flush(size));
        }
        return simulator.summary();
    }

    /** Flushes one component of {@code bytes} and applies every merge the policy then asks for. */
    public SimulationStep flush(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("flush size must be > 0, was " + bytes);
        }
        flushes++;
        bytesFlushed = Math.addExact(bytesFlushed, bytes);
        bytesStored = Math.addExact(bytesStored, bytes);
        stack.add(0, new Component(new SimulatedComponent(flushes, flushes, bytes), flushes));
        transientSpace.flush(bytesStored, bytesFlushed);
        StackView.Event event = StackView.Event.FLUSH;
        for (Optional<MergeSpec> merge = ask(event); merge.isPresent(); merge = ask(event)) {
            apply(merge.get());
            event = StackView.Event.MERGE_COMPLETED;
        }
        // Components created during this flush that a later merge of the same cascade consumed are not counted.
        bytesKept = Math.addExact(bytesKept,
                stack.stream().filter(c -> c.createdAtFlush() == flushes).mapToLong(Component::bytes).sum());
        stack.stream().filter(c -> c.createdAtFlush() == flushes).forEach(this::countWrite);
        componentCountSum += stack.size();
        maxComponentCount = Math.max(maxComponentCount, stack.size());
        return new SimulationStep(flushes, stack.stream().map(Component::simulated).toList(), writeAmplification(),
                writeAmplificationLogged(), (double) componentCountSum / flushes, transientSpace.largest(),
                transientSpace.ofLastFlush(), maxWritesPerRecord);
    }

    /**
     * The most times one record has been written so far, counted as W counts: its flush and every merge output
     * that held it and outlived the flush step that created it.
     */
    public int maxWritesPerRecord() {
        return maxWritesPerRecord;
    }

    private void countWrite(Component kept) {
        SimulatedComponent written = kept.simulated();
        if (written.lastFlush() > writesPerFlush.length) {
            writesPerFlush = Arrays.copyOf(writesPerFlush, (int) Math.max(written.lastFlush(),
                    2L * writesPerFlush.length));
        }
        for (long t = written.firstFlush(); t <= written.lastFlush(); t++) {
            maxWritesPerRecord = Math.max(maxWritesPerRecord, ++writesPerFlush[(int) t - 1]);
        }
    }

    public SimulationSummary summary() {
        if (flushes == 0) {
            throw new IllegalStateException("no flush simulated yet");
        }
        return new SimulationSummary(flushes, bytesFlushed, bytesWrittenByMerges, merges, writeAmplification(),
                writeAmplificationLogged(), (double) componentCountSum / flushes, maxComponentCount,
                transientSpace.largest());
    }

    private Optional<MergeSpec> ask(StackView.Event event) {
        List<ComponentView> views = stack.stream().map(c -> ComponentView.idle(c.bytes())).toList();
        Optional<MergeSpec> merge = policy.findMerge(new StackView(views, flushes, event));
        if (merge.isPresent() && merge.get().oldest() >= stack.size()) {
            throw new IllegalStateException(policy + " asked to merge " + merge.get() + " of only " + stack.size()
                    + " components at flush " + flushes);
        }
        return merge;
    }

    private void apply(MergeSpec merge) {
        List<Component> inputs = stack.subList(merge.newest(), merge.oldest() + 1);
        List<SimulatedComponent> merged = inputs.stream().map(Component::simulated).toList();
        long output = mergedSize.bytes(merged);
        if (output <= 0) {
            throw new IllegalStateException("merged size " + output + " for " + merged + " is not positive");
        }
        // While the output is built its inputs still exist: the stack holds bytesStored plus the output.
        transientSpace.merge(Math.addExact(bytesStored, output), bytesFlushed);
        inputs.clear();
        stack.add(merge.newest(), new Component(new SimulatedComponent(merged.get(merged.size() - 1).firstFlush(),
                merged.get(0).lastFlush(), output), flushes));
        bytesStored = Math.addExact(bytesStored - merged.stream().mapToLong(SimulatedComponent::bytes).sum(), output);
        merges++;
        bytesWrittenByMerges = Math.addExact(bytesWrittenByMerges, output);
    }

    private double writeAmplification() {
        return (double) bytesKept / bytesFlushed;
    }

    private double writeAmplificationLogged() {
        return (double) (bytesFlushed + bytesWrittenByMerges) / bytesFlushed;
    }

    private record Component(SimulatedComponent simulated, long createdAtFlush) {
        long bytes() {
            return simulated.bytes();
        }
    }
}

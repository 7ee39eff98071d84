package org.spatiallsm.partitioning.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.spatiallsm.merge.simulation.TransientSpace;
import org.spatiallsm.partitioning.leveled.CompactionPointer;
import org.spatiallsm.partitioning.leveled.KeySpace;
import org.spatiallsm.partitioning.leveled.LeveledComponent;
import org.spatiallsm.partitioning.leveled.LeveledMerge;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.partitioning.leveled.LeveledView;

/**
 * Replays flushes through a {@link LeveledPolicy} with instant merges: after each flush the policy is asked until
 * it answers nothing, so cascades complete within the flush. What a merge writes is up to a {@link Storage}: the
 * count model of the studies' tables ({@link CountModel}, 1-D key ranges as a B-tree has) or real points cut by real
 * partitioners (MBRs).
 *
 * <p>The metrics have the definitions of the stack simulator: W counts the bytes of the components each flush
 * step created and kept (moves create nothing), W_logged the bytes flushed plus every merge output, both over the
 * bytes flushed; the read amplification of a point read is the level-0 count plus the number of non-empty deeper
 * levels (one component per level, levels &gt;= 1 being disjoint in 1-D), averaged over flushes. Single-use and
 * not thread-safe.
 *
 * @param <E> the bounds of a component (key ranges for the count model, MBRs for the spatial one)
 * @param <D> what a component holds besides its view (nothing for the count model, points for the spatial one)
 */
public final class LeveledSimulator<E, D> {

    /** Writes the outputs of a merge. */
    public interface Storage<E, D> {
        /** How the components' bounds compare. */
        KeySpace<E> keySpace();

        /**
         * @param inputs the inputs' data, in the order of {@link LeveledMerge#inputs()}
         * @return the new components of {@link LeveledMerge#targetLevel()}, at least one
         */
        List<Written<E, D>> merge(List<D> inputs, LeveledMerge<E> merge);
    }

    /** A component as written by a flush or a merge. */
    public record Written<E, D>(E bounds, long entries, long bytes, D data) {
    }

    private record Stored<E, D>(LeveledComponent<E> view, D data, long createdAtFlush) {
    }

    private final LeveledPolicy policy;
    private final Storage<E, D> storage;
    private final List<Stored<E, D>> components = new ArrayList<>();
    private final Map<Integer, CompactionPointer<E>> pointers = new HashMap<>();
    private long nextId = 1;

    private long flushes;
    private long bytesFlushed;
    private long bytesStored;
    private long bytesKept;
    private long bytesWrittenByMerges;
    private long merges;
    private long moves;
    private long readCostSum;
    private int maxReadCost;
    private final TransientSpace transientSpace = new TransientSpace();

    public LeveledSimulator(LeveledPolicy policy, Storage<E, D> storage) {
        this.policy = policy;
        this.storage = storage;
    }

    /** Adds {@code flushed} to level 0 and applies every merge and move the policy then asks for. */
    public LeveledStep flush(Written<E, D> flushed) {
        if (flushed.bytes() <= 0) {
            throw new IllegalArgumentException("flush size must be > 0, was " + flushed.bytes());
        }
        flushes++;
        bytesFlushed = Math.addExact(bytesFlushed, flushed.bytes());
        bytesStored = Math.addExact(bytesStored, flushed.bytes());
        add(0, flushed);
        transientSpace.flush(bytesStored, bytesFlushed);
        for (Optional<LeveledMerge<E>> next = policy.findMerge(view()); next.isPresent();
                next = policy.findMerge(view())) {
            apply(next.get());
        }
        bytesKept = Math.addExact(bytesKept, components.stream().filter(c -> c.createdAtFlush() == flushes)
                .mapToLong(c -> c.view().bytes()).sum());
        int readCost = pointReadCost();
        readCostSum += readCost;
        maxReadCost = Math.max(maxReadCost, readCost);
        return new LeveledStep(flushes, view().levelCounts(), writeAmplification(), writeAmplificationLogged(),
                (double) readCostSum / flushes, merges, moves, transientSpace.largest(),
                transientSpace.ofLastFlush());
    }

    public LeveledSummary summary() {
        if (flushes == 0) {
            throw new IllegalStateException("no flush simulated yet");
        }
        return new LeveledSummary(flushes, bytesFlushed, bytesWrittenByMerges, merges, moves, writeAmplification(),
                writeAmplificationLogged(), (double) readCostSum / flushes, maxReadCost, transientSpace.largest(),
                view().levelCounts());
    }

    /** The current picture, as the policy sees it. */
    public LeveledView<E> view() {
        return new LeveledView<>(storage.keySpace(), components.stream().map(Stored::view).toList(), pointers);
    }

    /** The current components with their data. */
    public List<Map.Entry<LeveledComponent<E>, D>> contents() {
        return components.stream().map(c -> Map.entry(c.view(), c.data())).toList();
    }

    private void apply(LeveledMerge<E> merge) {
        merge.compactionPointer().ifPresent(pointer -> pointers.put(merge.sourceLevel(), pointer));
        if (merge.isMove()) {
            int at = indexOf(merge.picked());
            Stored<E, D> moved = components.get(at);
            components.set(at, new Stored<>(moved.view().atLevel(merge.targetLevel()), moved.data(),
                    moved.createdAtFlush()));
            moves++;
            return;
        }
        List<D> inputs = new ArrayList<>();
        long inputBytes = 0;
        for (LeveledComponent<E> input : merge.inputs()) {
            Stored<E, D> stored = components.remove(indexOf(input));
            inputs.add(stored.data());
            inputBytes += stored.view().bytes();
        }
        List<Written<E, D>> outputs = storage.merge(inputs, merge);
        if (outputs.isEmpty()) {
            throw new IllegalStateException("a merge of " + merge.inputs().size() + " components wrote nothing");
        }
        long outputBytes = outputs.stream().mapToLong(Written::bytes).reduce(0, Math::addExact);
        // While the outputs are built the inputs still exist.
        transientSpace.merge(Math.addExact(bytesStored, outputBytes), bytesFlushed);
        bytesStored = Math.addExact(bytesStored - inputBytes, outputBytes);
        outputs.forEach(output -> add(merge.targetLevel(), output));
        merges++;
        bytesWrittenByMerges = Math.addExact(bytesWrittenByMerges, outputBytes);
    }

    private void add(int level, Written<E, D> written) {
        components.add(new Stored<>(LeveledComponent.idle(nextId++, level, written.bounds(), written.entries(),
                written.bytes()), written.data(), flushes));
    }

    private int indexOf(LeveledComponent<E> component) {
        for (int i = 0; i < components.size(); i++) {
            if (components.get(i).view().id() == component.id()) {
                return i;
            }
        }
        throw new IllegalStateException("the policy chose component " + component.id() + ", which does not exist");
    }

    private int pointReadCost() {
        List<Integer> levels = view().levelCounts();
        int cost = levels.isEmpty() ? 0 : levels.get(0);
        for (int level = 1; level < levels.size(); level++) {
            cost += levels.get(level) > 0 ? 1 : 0;
        }
        return cost;
    }

    private double writeAmplification() {
        return (double) bytesKept / bytesFlushed;
    }

    private double writeAmplificationLogged() {
        return (double) (bytesFlushed + bytesWrittenByMerges) / bytesFlushed;
    }
}

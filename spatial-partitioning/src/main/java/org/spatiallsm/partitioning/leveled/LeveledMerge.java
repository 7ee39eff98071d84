package org.spatiallsm.partitioning.leveled;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The leveled policy's answer: push {@code picked} from {@code sourceLevel} into {@code targetLevel}
 * (= sourceLevel + 1), or for a {@link Action#FULL} compaction, merge every component into {@code targetLevel}.
 *
 * @param sourceLevel       the level over capacity; for a full compaction the shallowest level present
 * @param targetLevel       where the outputs (or the moved component) go
 * @param picked            the component chosen in the source level (for a full compaction its oldest)
 * @param overlapping       the target-level components that join the merge, oldest first (empty for a move); for a
 *                          full compaction every other component, oldest first
 * @param action            {@link Action#MOVE}: only the picked component's level changes, nothing is written;
 *                          {@link Action#MERGE}: read the inputs, write new components into the target level;
 *                          {@link Action#FULL}: a merge of every component (COMPACT)
 * @param dropAntiMatter    true only for a merge whose target is the deepest level: no older matter can exist below
 *                          it, so anti-matter has nothing left to cancel. Every other merge must keep anti-matter
 * @param partitioning      how to cut the merged output: one of the key space's {@link KeySpace#partitionings()}:
 *                          {@code size}, {@code str}, {@code rstar-grove-area} or {@code rstar-grove-perimeter} for
 *                          MBRs, {@code size} (along the key order) for key ranges
 * @param maxOutputEntries  the most entries one output component may hold
 * @param memoryBudget      the partitioner's {@code memory-budget}: the most entries it partitions in memory
 * @param compactionPointer for a {@code round-robin} pick, the new compaction pointer of the source level
 * @param <E>               the bounds type of the index's key space
 */
public record LeveledMerge<E>(int sourceLevel, int targetLevel, LeveledComponent<E> picked,
        List<LeveledComponent<E>> overlapping, Action action, boolean dropAntiMatter, String partitioning,
        long maxOutputEntries, int memoryBudget, Optional<CompactionPointer<E>> compactionPointer) {

    public enum Action {
        MOVE,
        MERGE,
        FULL
    }

    public LeveledMerge {
        overlapping = List.copyOf(overlapping);
        // A push-down goes one level deeper; a full compaction drops anti-matter into a level at or below all data.
        boolean valid = action == Action.FULL
                ? targetLevel >= Math.max(1, sourceLevel) && dropAntiMatter && compactionPointer.isEmpty()
                : targetLevel == sourceLevel + 1;
        if (!valid) {
            throw new IllegalArgumentException(action + " from level " + sourceLevel + " into level " + targetLevel
                    + " is not a leveled " + (action == Action.FULL ? "compaction" : "push-down"));
        }
        if (action == Action.MOVE && (!overlapping.isEmpty() || dropAntiMatter)) {
            throw new IllegalArgumentException("a move has no other inputs and writes nothing");
        }
    }

    /** Every input: the picked component first, then the overlapping ones. */
    public List<LeveledComponent<E>> inputs() {
        List<LeveledComponent<E>> inputs = new ArrayList<>(overlapping.size() + 1);
        inputs.add(picked);
        inputs.addAll(overlapping);
        return inputs;
    }

    /** The parameters of the partitioner that cuts this merge's output. */
    public Map<String, String> partitionerParameters() {
        return Map.of("memory-budget", String.valueOf(memoryBudget));
    }

    public boolean isMove() {
        return action == Action.MOVE;
    }
}

package org.spatiallsm.partitioning.leveled;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable picture of one leveled index partition at a decision point.
 *
 * @param components       every disk component, any order
 * @param compactionPointers per level, where the {@code round-robin} pick stopped last time (LevelDB's compaction
 *                         pointer); the caller keeps what {@link LeveledMerge#compactionPointer()} returns. A lost
 *                         pointer (e.g. after a restart) only restarts the walk at the start of the curve.
 */
public record LeveledView(List<LeveledComponent> components, Map<Integer, CurvePosition> compactionPointers) {

    public LeveledView {
        components = List.copyOf(components);
        compactionPointers = Map.copyOf(compactionPointers);
    }

    public static LeveledView of(List<LeveledComponent> components) {
        return new LeveledView(components, Map.of());
    }

    /** The components of {@code level}, oldest first. */
    public List<LeveledComponent> level(int level) {
        return components.stream().filter(c -> c.level() == level)
                .sorted(Comparator.comparingLong(LeveledComponent::id)).toList();
    }

    /** The deepest level that holds a component; -1 when there is none. */
    public int deepestLevel() {
        return components.stream().mapToInt(LeveledComponent::level).max().orElse(-1);
    }

    public boolean anyMerging() {
        return components.stream().anyMatch(LeveledComponent::merging);
    }

    public Optional<CurvePosition> compactionPointer(int level) {
        return Optional.ofNullable(compactionPointers.get(level));
    }

    /** Component count per level, level 0 first, up to the deepest non-empty level. */
    public List<Integer> levelCounts() {
        int[] counts = new int[deepestLevel() + 1];
        components.forEach(c -> counts[c.level()]++);
        return Arrays.stream(counts).boxed().toList();
    }
}

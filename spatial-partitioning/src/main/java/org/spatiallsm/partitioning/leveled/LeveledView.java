package org.spatiallsm.partitioning.leveled;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable picture of one leveled index partition at a decision point. Each level's components are grouped and
 * sorted once, when the picture is made: the policy asks for levels many times per decision, under the engine's lock.
 */
public final class LeveledView {

    private final List<LeveledComponent> components;
    private final Map<Integer, CurvePosition> compactionPointers;
    private final Map<Integer, List<LeveledComponent>> levels;
    private final int deepestLevel;
    private final boolean anyMerging;

    /**
     * @param components         every disk component, any order
     * @param compactionPointers per level, where the {@code round-robin} pick stopped last time (LevelDB's compaction
     *                           pointer); the caller keeps what {@link LeveledMerge#compactionPointer()} returns. A
     *                           lost pointer (e.g. after a restart) only restarts the walk at the start of the curve.
     */
    public LeveledView(List<LeveledComponent> components, Map<Integer, CurvePosition> compactionPointers) {
        this.components = List.copyOf(components);
        this.compactionPointers = Map.copyOf(compactionPointers);
        Map<Integer, List<LeveledComponent>> byLevel = new HashMap<>();
        for (LeveledComponent component : this.components) {
            byLevel.computeIfAbsent(component.level(), level -> new ArrayList<>()).add(component);
        }
        byLevel.replaceAll((level, members) -> members.stream()
                .sorted(Comparator.comparingLong(LeveledComponent::id)).toList());
        this.levels = byLevel;
        this.deepestLevel = this.components.stream().mapToInt(LeveledComponent::level).max().orElse(-1);
        this.anyMerging = this.components.stream().anyMatch(LeveledComponent::merging);
    }

    public static LeveledView of(List<LeveledComponent> components) {
        return new LeveledView(components, Map.of());
    }

    /** Every disk component, in the order given. */
    public List<LeveledComponent> components() {
        return components;
    }

    public Map<Integer, CurvePosition> compactionPointers() {
        return compactionPointers;
    }

    /** The components of {@code level}, oldest first. */
    public List<LeveledComponent> level(int level) {
        return levels.getOrDefault(level, List.of());
    }

    /** The deepest level that holds a component; -1 when there is none. */
    public int deepestLevel() {
        return deepestLevel;
    }

    public boolean anyMerging() {
        return anyMerging;
    }

    public Optional<CurvePosition> compactionPointer(int level) {
        return Optional.ofNullable(compactionPointers.get(level));
    }

    /** Component count per level, level 0 first, up to the deepest non-empty level. */
    public List<Integer> levelCounts() {
        int[] counts = new int[deepestLevel + 1];
        components.forEach(c -> counts[c.level()]++);
        return Arrays.stream(counts).boxed().toList();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LeveledView view && components.equals(view.components)
                && compactionPointers.equals(view.compactionPointers);
    }

    @Override
    public int hashCode() {
        return Objects.hash(components, compactionPointers);
    }

    @Override
    public String toString() {
        return "LeveledView[components=" + components + ", compactionPointers=" + compactionPointers + "]";
    }
}

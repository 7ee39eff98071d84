package org.spatiallsm.partitioning.leveled;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.spatiallsm.geometry.Rect;

/**
 * An immutable picture of one leveled index partition at a decision point. Each level's components are grouped and
 * sorted once, when the picture is made: the policy asks for levels many times per decision, under the engine's lock.
 * The view carries the index's {@link KeySpace}, which tells the policy how the components' bounds compare.
 *
 * @param <E> the bounds type of the key space
 */
public final class LeveledView<E> {

    private final KeySpace<E> keySpace;
    private final List<LeveledComponent<E>> components;
    private final Map<Integer, CompactionPointer<E>> compactionPointers;
    private final Map<Integer, List<LeveledComponent<E>>> levels;
    private final int deepestLevel;
    private final boolean anyMerging;

    /**
     * @param keySpace           how the components' bounds compare
     * @param components         every disk component, any order
     * @param compactionPointers per level, where the {@code round-robin} pick stopped last time (LevelDB's compaction
     *                           pointer); the caller keeps what {@link LeveledMerge#compactionPointer()} returns. A
     *                           lost pointer (e.g. after a restart) only restarts the walk at its start.
     */
    public LeveledView(KeySpace<E> keySpace, List<LeveledComponent<E>> components,
            Map<Integer, CompactionPointer<E>> compactionPointers) {
        this.keySpace = Objects.requireNonNull(keySpace, "keySpace");
        this.components = List.copyOf(components);
        this.compactionPointers = Map.copyOf(compactionPointers);
        Map<Integer, List<LeveledComponent<E>>> byLevel = new HashMap<>();
        for (LeveledComponent<E> component : this.components) {
            byLevel.computeIfAbsent(component.level(), level -> new ArrayList<>()).add(component);
        }
        byLevel.replaceAll((level, members) -> members.stream()
                .sorted(Comparator.comparingLong(LeveledComponent::id)).toList());
        this.levels = byLevel;
        this.deepestLevel = this.components.stream().mapToInt(LeveledComponent::level).max().orElse(-1);
        this.anyMerging = this.components.stream().anyMatch(LeveledComponent::merging);
    }

    /** A view without compaction pointers. */
    public static <E> LeveledView<E> of(KeySpace<E> keySpace, List<LeveledComponent<E>> components) {
        return new LeveledView<>(keySpace, components, Map.of());
    }

    /** A leveled R-tree's view without compaction pointers. */
    public static LeveledView<Rect> ofMbrs(List<LeveledComponent<Rect>> components) {
        return of(MbrKeySpace.INSTANCE, components);
    }

    public KeySpace<E> keySpace() {
        return keySpace;
    }

    /** Every disk component, in the order given. */
    public List<LeveledComponent<E>> components() {
        return components;
    }

    public Map<Integer, CompactionPointer<E>> compactionPointers() {
        return compactionPointers;
    }

    /** The components of {@code level}, oldest first. */
    public List<LeveledComponent<E>> level(int level) {
        return levels.getOrDefault(level, List.of());
    }

    /** The deepest level that holds a component; -1 when there is none. */
    public int deepestLevel() {
        return deepestLevel;
    }

    public boolean anyMerging() {
        return anyMerging;
    }

    public Optional<CompactionPointer<E>> compactionPointer(int level) {
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
        return other instanceof LeveledView<?> view && keySpace.equals(view.keySpace)
                && components.equals(view.components)
                && compactionPointers.equals(view.compactionPointers);
    }

    @Override
    public int hashCode() {
        return Objects.hash(keySpace, components, compactionPointers);
    }

    @Override
    public String toString() {
        return "LeveledView[components=" + components + ", compactionPointers=" + compactionPointers + "]";
    }
}

package org.spatiallsm.asterixdb.rtree.leveled;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.leveled.KeySpace;
import org.spatiallsm.partitioning.leveled.LeveledComponent;
import org.spatiallsm.partitioning.leveled.LeveledView;
import org.spatiallsm.partitioning.leveled.MbrKeySpace;

/**
 * The leveled policy's picture of one index partition ({@link LeveledView}), built under the operation tracker's
 * lock after every flush and merge from the manifest's version and the component list. Pure (no Hyracks type): the
 * engine's components are any {@code C} with a name, so that {@code bench leveled-flush} drives it with names.
 * <p>
 * A picture asked for again with nothing changed is the same picture (a flush asks twice: for
 * {@code isMergeLagging}, then for the decision). The ids are the components' ranks by age among the listed ones
 * ({@link ComponentIds}), so they are made for each new picture. Not thread-safe: the lock guards it.
 *
 * @param <E> the bounds of a component in the index's key space (an R-tree's MBR, a B-tree's key range)
 */
public final class LeveledSnapshots<E> {

    /** The picture, and the component behind each of its ids. */
    public static final class Snapshot<C, E> {
        private final LeveledView<E> view;
        private final List<C> components;
        private Map<Long, C> byId;

        private Snapshot(LeveledView<E> view, List<C> components) {
            this.view = view;
            this.components = components;
        }

        public LeveledView<E> view() {
            return view;
        }

        /** The component behind the view's component {@code id}; the map is made at the first call (a decision). */
        public C component(long id) {
            if (byId == null) {
                Map<Long, C> ids = new HashMap<>();
                for (int i = 0; i < components.size(); i++) {
                    ids.put(view.components().get(i).id(), components.get(i));
                }
                byId = ids;
            }
            return byId.get(id);
        }
    }

    private final KeySpace<E> keySpace;
    private final Function<LeveledManifest.Component, E> bounds;
    private Snapshot<?, E> last;
    private LeveledManifest.Version lastVersion;
    private List<?> lastComponents = List.of();
    private boolean[] lastMerging = new boolean[0];

    /** @param bounds a component's bounds in {@code keySpace}, from its manifest record */
    public LeveledSnapshots(KeySpace<E> keySpace, Function<LeveledManifest.Component, E> bounds) {
        this.keySpace = keySpace;
        this.bounds = bounds;
    }

    /** The pictures of an R-tree's components, bounded by their MBRs. */
    public static LeveledSnapshots<Rect> ofMbrs() {
        return new LeveledSnapshots<>(MbrKeySpace.INSTANCE, LeveledManifest.Component::mbr);
    }

    /**
     * The picture of {@code components}: level, bounds, entries and bytes as {@code version} records them, the id from
     * the names ({@link ComponentIds}), merging as {@code merging} says.
     *
     * @throws IllegalStateException if a component has no record in {@code version}
     */
    @SuppressWarnings("unchecked")
    public <C> Snapshot<C, E> snapshot(List<C> components, Function<C, String> name, Predicate<C> merging,
            LeveledManifest.Version version) {
        boolean[] mergingNow = new boolean[components.size()];
        for (int i = 0; i < mergingNow.length; i++) {
            mergingNow[i] = merging.test(components.get(i));
        }
        if (version == lastVersion && sameElements(components, lastComponents)
                && java.util.Arrays.equals(mergingNow, lastMerging)) {
            return (Snapshot<C, E>) last;
        }
        List<String> names = components.stream().map(name).toList();
        Map<String, Long> ids = ComponentIds.of(names);
        if (ids.size() != names.size()) {
            throw new IllegalStateException("a component is listed twice in " + names);
        }
        List<LeveledComponent<E>> view = new ArrayList<>(components.size());
        for (int i = 0; i < mergingNow.length; i++) {
            LeveledManifest.Component record = version.live().get(names.get(i));
            if (record == null) {
                throw new IllegalStateException("no manifest record for component " + names.get(i));
            }
            view.add(new LeveledComponent<>(ids.get(names.get(i)), record.level(), bounds.apply(record),
                    record.entries(), record.bytes(), mergingNow[i]));
        }
        List<C> copied = List.copyOf(components);
        Snapshot<C, E> snapshot = new Snapshot<>(LeveledView.of(keySpace, view), copied);
        last = snapshot;
        lastVersion = version;
        lastComponents = copied;
        lastMerging = mergingNow;
        return snapshot;
    }

    private static boolean sameElements(List<?> a, List<?> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }
}

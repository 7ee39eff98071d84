package org.spatiallsm.asterixdb.rtree.leveled;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

import org.spatiallsm.partitioning.geometry.Rect;
import org.spatiallsm.partitioning.leveled.LeveledComponent;
import org.spatiallsm.partitioning.leveled.LeveledView;

/**
 * The leveled policy's picture of one index partition ({@link LeveledView}), built under the operation tracker's
 * lock after every flush and merge from the manifest's version and the component list. Pure (no Hyracks type): the
 * engine's components are any {@code C} with a name, so that {@code bench leveled-flush} drives it with names.
 * <p>
 * Each component's description is kept from one picture to the next while its manifest record stays the same (the
 * name parsed once, not at every flush), and a picture asked for again with nothing changed is the same picture (a
 * flush asks twice: for {@code isMergeLagging}, then for the decision). Not thread-safe: the lock guards it.
 */
public final class LeveledSnapshots {

    /** The picture, and the component behind each of its ids. */
    public static final class Snapshot<C> {
        private final LeveledView view;
        private final List<C> components;
        private Map<Long, C> byId;

        private Snapshot(LeveledView view, List<C> components) {
            this.view = view;
            this.components = components;
        }

        public LeveledView view() {
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

    /** A component as the policy saw it, and the manifest record it was made from. */
    private record Described(LeveledManifest.Component record, LeveledComponent idle) {
    }

    private final Map<String, Described> described = new HashMap<>();
    private Snapshot<?> last;
    private LeveledManifest.Version lastVersion;
    private List<?> lastComponents = List.of();
    private boolean[] lastMerging = new boolean[0];

    /**
     * The picture of {@code components}: level, MBR, entries and bytes as {@code version} records them, the id from
     * the name, merging as {@code merging} says.
     *
     * @throws IllegalStateException if a component has no record in {@code version}
     */
    @SuppressWarnings("unchecked")
    public <C> Snapshot<C> snapshot(List<C> components, Function<C, String> name, Predicate<C> merging,
            LeveledManifest.Version version) {
        boolean[] mergingNow = new boolean[components.size()];
        for (int i = 0; i < mergingNow.length; i++) {
            mergingNow[i] = merging.test(components.get(i));
        }
        if (version == lastVersion && sameElements(components, lastComponents)
                && java.util.Arrays.equals(mergingNow, lastMerging)) {
            return (Snapshot<C>) last;
        }
        if (described.size() > 2 * components.size() + 64) {
            // Forget the components that are gone (merged away).
            described.keySet().retainAll(components.stream().map(name).toList());
        }
        List<LeveledComponent> view = new ArrayList<>(components.size());
        for (int i = 0; i < mergingNow.length; i++) {
            LeveledComponent idle = describe(name.apply(components.get(i)), version);
            view.add(mergingNow[i] ? new LeveledComponent(idle.id(), idle.level(), idle.mbr(), idle.entries(),
                    idle.bytes(), true) : idle);
        }
        List<C> copied = List.copyOf(components);
        Snapshot<C> snapshot = new Snapshot<>(LeveledView.of(view), copied);
        last = snapshot;
        lastVersion = version;
        lastComponents = copied;
        lastMerging = mergingNow;
        return snapshot;
    }

    /** Component {@code fileName} as {@code version} records it, idle; made again only when its record changed. */
    private LeveledComponent describe(String fileName, LeveledManifest.Version version) {
        LeveledManifest.Component record = version.live().get(fileName);
        if (record == null) {
            throw new IllegalStateException("no manifest record for component " + fileName);
        }
        Described known = described.get(fileName);
        if (known == null || known.record() != record) {
            long id = LeveledManifest.Name.parse(fileName).orElseThrow().age();
            List<Double> mbr = record.mbr();
            known = new Described(record, LeveledComponent.idle(id, record.level(),
                    new Rect(mbr.get(0), mbr.get(1), mbr.get(2), mbr.get(3)), record.entries(), record.bytes()));
            described.put(fileName, known);
        }
        return known.idle();
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

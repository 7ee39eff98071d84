package org.spatiallsm.partitioning.leveled;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The key space of a leveled B-tree: a component's bounds are its [min key, max key] range in the index's key order.
 * Two components may share a key only when their closed ranges meet. A merge's output is cut by size along the key
 * order (partitioning {@code size}), so the outputs of one merge have disjoint ranges; the spatial partitioners have
 * no meaning here. The {@code round-robin} walk goes along the key order (by min key, then max key), LevelDB's
 * compaction pointer.
 *
 * @param <K> the key type
 */
public final class KeyRangeSpace<K> implements KeySpace<KeyRange<K>> {

    /** Only cuts along the key order apply to a B-tree. */
    public static final List<String> PARTITIONINGS = List.of("size");

    private final Comparator<? super K> order;

    /** @param order the index's key order, total and consistent */
    public KeyRangeSpace(Comparator<? super K> order) {
        this.order = Objects.requireNonNull(order, "order");
    }

    /** The key order this space compares with. */
    public Comparator<? super K> order() {
        return order;
    }

    /** The range of {@code min} and {@code max}, refused when they are out of order. */
    public KeyRange<K> range(K min, K max) {
        if (order.compare(min, max) > 0) {
            throw new IllegalArgumentException("key range [" + min + ", " + max + "] has its min above its max");
        }
        return new KeyRange<>(min, max);
    }

    /** Whether {@code key} lies in {@code range}, bounds included: a point lookup's test. */
    public boolean contains(KeyRange<K> range, K key) {
        return order.compare(range.min(), key) <= 0 && order.compare(key, range.max()) <= 0;
    }

    /**
     * Whether a component with keys in {@code range} may hold a key of {@code search}: a search opens only the
     * components whose range meets it, so a point lookup opens at most one component of a level &gt;= 1, whose ranges
     * are disjoint.
     */
    public boolean meets(KeyRange<K> range, KeySearch<K> search) {
        if (search.low() != null) {
            int cmp = order.compare(range.max(), search.low());
            if (cmp < 0 || cmp == 0 && !search.lowInclusive()) {
                return false;
            }
        }
        if (search.high() != null) {
            int cmp = order.compare(range.min(), search.high());
            return cmp < 0 || cmp == 0 && search.highInclusive();
        }
        return true;
    }

    @Override
    public boolean overlaps(KeyRange<K> a, KeyRange<K> b) {
        return order.compare(a.min(), b.max()) <= 0 && order.compare(b.min(), a.max()) <= 0;
    }

    @Override
    public KeyRange<K> union(KeyRange<K> a, KeyRange<K> b) {
        K min = order.compare(a.min(), b.min()) <= 0 ? a.min() : b.min();
        K max = order.compare(a.max(), b.max()) >= 0 ? a.max() : b.max();
        return new KeyRange<>(min, max);
    }

    @Override
    public int compareAlongWalk(KeyRange<K> a, KeyRange<K> b) {
        int byMin = order.compare(a.min(), b.min());
        return byMin != 0 ? byMin : order.compare(a.max(), b.max());
    }

    @Override
    public int compareByCentre(KeyRange<K> a, KeyRange<K> b) {
        return compareAlongWalk(a, b);
    }

    @Override
    public List<String> partitionings() {
        return PARTITIONINGS;
    }

    @Override
    public String indexKind() {
        return "B-tree";
    }
}

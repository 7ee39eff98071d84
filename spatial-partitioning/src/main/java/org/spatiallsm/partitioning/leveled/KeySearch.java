package org.spatiallsm.partitioning.leveled;

/**
 * A B-tree search as key-range pruning sees it: the keys from {@code low} to {@code high}, each bound included or
 * not, a {@code null} bound unbounded (as a B-tree range predicate has them). A point lookup is one key, both bounds
 * included.
 *
 * @param low           the smallest key searched, {@code null} for no lower bound
 * @param lowInclusive  whether {@code low} itself is searched
 * @param high          the largest key searched, {@code null} for no upper bound
 * @param highInclusive whether {@code high} itself is searched
 * @param <K>           the key type
 */
public record KeySearch<K>(K low, boolean lowInclusive, K high, boolean highInclusive) {

    /** A point lookup of {@code key}. */
    public static <K> KeySearch<K> point(K key) {
        return new KeySearch<>(key, true, key, true);
    }

    /** Every key: a scan, which no component's range can miss. */
    public static <K> KeySearch<K> all() {
        return new KeySearch<>(null, false, null, false);
    }
}

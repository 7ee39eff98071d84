package org.spatiallsm.partitioning.leveled;

import java.util.Objects;

/**
 * The bounds of a B-tree component: its smallest and its largest key, both included, anti-matter included. The keys
 * are compared by the {@link KeyRangeSpace} of the index, never by this record.
 *
 * @param min the smallest key
 * @param max the largest key, not smaller than {@code min} in the index's order
 * @param <K> the key type
 */
public record KeyRange<K>(K min, K max) {

    public KeyRange {
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
    }

    /** The range of one key. */
    public static <K> KeyRange<K> of(K key) {
        return new KeyRange<>(key, key);
    }

    @Override
    public String toString() {
        return "[" + min + ", " + max + "]";
    }
}

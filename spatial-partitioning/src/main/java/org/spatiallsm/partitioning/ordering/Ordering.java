package org.spatiallsm.partitioning.ordering;

import org.spatiallsm.partitioning.entries.Entries;

/**
 * The order of entries inside an LSM R-tree component (flush, merge and bulk-load order), as a pure function of the
 * entries: partitioners use it to merge sorted inputs and to sort the records of every output partition. The
 * built-in orderings ({@link Orderings#create}) are named as in the DDL: {@code hilbert}, {@code zorder},
 * {@code simple}. The engine may pass its own implementation so that partitions come out in exactly its order.
 *
 * <p>To keep sorting cheap an ordering is split in two: a {@link #key} computed <em>once per entry</em> (a curve
 * position, not recomputed at every comparison as AsterixDB 0.9.8's comparators do), and {@link #compareSameKey}
 * that orders entries whose keys are equal. The total order is {@link #compare}: key (signed), then
 * {@code compareSameKey}, then id. An ordering that is not a function of a {@code long} may return a constant key and
 * decide everything in {@code compareSameKey}.
 *
 * <p>Implementations must be stateless (or immutable) and thread-safe.
 */
public interface Ordering {

    /** The DDL name: {@code hilbert}, {@code zorder}, {@code simple}, or the engine's own. */
    String name();

    /**
     * The entry's primary sort key; must be consistent with the order: an entry with a smaller key sorts first.
     */
    long key(double minX, double minY, double maxX, double maxY);

    /** The key of row {@code row} of {@code entries}. */
    default long key(Entries entries, int row) {
        return key(entries.minX(row), entries.minY(row), entries.maxX(row), entries.maxY(row));
    }

    /** Orders two entries whose keys are equal; 0 leaves them to the id tie-break. */
    int compareSameKey(Entries a, int rowA, Entries b, int rowB);

    /**
     * The total order: key, then {@link #compareSameKey}, then id, so that sorting is deterministic. Callers pass the
     * keys they computed once with {@link #key(Entries, int)}.
     */
    default int compare(Entries a, int rowA, long keyA, Entries b, int rowB, long keyB) {
        int byKey = Long.compare(keyA, keyB);
        if (byKey != 0) {
            return byKey;
        }
        int bySameKey = compareSameKey(a, rowA, b, rowB);
        return bySameKey != 0 ? bySameKey : Long.compare(a.id(rowA), b.id(rowB));
    }
}

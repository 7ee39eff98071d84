package org.spatiallsm.partitioning.leveled;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code size} partitioning of a leveled B-tree's merge: the merged stream, in strictly increasing key order
 * (a merge reconciles every key to one entry, matter or anti-matter), is cut into outputs of {@code cap} entries each,
 * the last one holding the rest. The outputs' key ranges are therefore disjoint and in key order, which is what lets a
 * point lookup open at most one component per level. A key out of order means a broken merge stream and is refused
 * rather than cut into overlapping outputs. Single-use and not thread-safe.
 *
 * @param <K> the key type
 */
public final class KeyOrderCut<K> {

    /** One output: its key range and how many entries it holds. */
    public record Output<K>(KeyRange<K> range, long entries) {
    }

    private final KeyRangeSpace<K> keys;
    private final long cap;
    private final List<Output<K>> finished = new ArrayList<>();
    private K first;
    private K last;
    private long entries;
    private long position;

    /** @param cap the most entries one output holds, at least 1 */
    public KeyOrderCut(KeyRangeSpace<K> keys, long cap) {
        if (cap < 1) {
            throw new IllegalArgumentException("the output cap must be at least 1 entry, was " + cap);
        }
        this.keys = keys;
        this.cap = cap;
    }

    /**
     * Adds the next key of the stream and answers the number of the output it goes to (0 first).
     *
     * @throws IllegalArgumentException if {@code key} is not above the previous key
     */
    public int add(K key) {
        if (last != null && keys.order().compare(last, key) >= 0) {
            throw new IllegalArgumentException("merge stream out of key order at entry " + position + ": " + key
                    + " after " + last);
        }
        if (entries == cap) {
            finish();
        }
        if (entries == 0) {
            first = key;
        }
        last = key;
        entries++;
        position++;
        return finished.size();
    }

    /** Every output, in key order; an empty stream has none. */
    public List<Output<K>> outputs() {
        List<Output<K>> all = new ArrayList<>(finished);
        current().ifPresent(all::add);
        return all;
    }

    private Optional<Output<K>> current() {
        return entries == 0 ? Optional.empty() : Optional.of(new Output<>(keys.range(first, last), entries));
    }

    private void finish() {
        finished.add(current().orElseThrow());
        entries = 0;
    }
}

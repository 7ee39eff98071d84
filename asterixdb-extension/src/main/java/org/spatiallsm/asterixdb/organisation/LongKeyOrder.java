package org.spatiallsm.asterixdb.organisation;

import java.util.Comparator;
import java.util.List;

/**
 * An order on records whose leading keys compare as signed 64-bit integers: records compare by these keys in turn,
 * then by a tie-breaking comparator. {@link #sort} reads each record's keys once into a primitive array and sorts on
 * them, so that the tie-breaker, which may be slow (a generic tuple comparator), runs only on records whose keys are
 * all equal. Plain Java: what the keys are is the caller's {@link KeyReader}.
 *
 * @param <T> a record
 */
public final class LongKeyOrder<T> implements Comparator<T> {

    /** Runs this short are sorted by insertion; longer ones are merged. */
    private static final int INSERTION_SORT_LENGTH = 16;

    /** Reads a record's keys. */
    @FunctionalInterface
    public interface KeyReader<T> {
        /** The record's {@code key}-th key, {@code 0 <= key < keyCount}. */
        long key(T record, int key);
    }

    private final int keyCount;
    private final KeyReader<? super T> keys;
    private final Comparator<? super T> ties;

    /**
     * @param keyCount the leading keys, at least one
     * @param ties the order of records whose keys are all equal; it must agree with the keys' order (a comparator
     *        that compares the keys' fields first, as their longs do, and then others, is fine)
     */
    public LongKeyOrder(int keyCount, KeyReader<? super T> keys, Comparator<? super T> ties) {
        if (keyCount < 1) {
            throw new IllegalArgumentException("a long key order needs at least one key, not " + keyCount);
        }
        this.keyCount = keyCount;
        this.keys = keys;
        this.ties = ties;
    }

    /**
     * The long that orders tagged doubles as {@link Double#compare} does: -0.0 before 0.0, and NaN (every NaN
     * alike) after positive infinity. Negative doubles' bits grow with their magnitude, so all but the sign bit are
     * inverted for them.
     */
    public static long orderedBits(double value) {
        long bits = Double.doubleToLongBits(value);
        return bits ^ ((bits >> (Long.SIZE - 1)) & Long.MAX_VALUE);
    }

    @Override
    public int compare(T a, T b) {
        for (int key = 0; key < keyCount; key++) {
            int order = Long.compare(keys.key(a, key), keys.key(b, key));
            if (order != 0) {
                return order;
            }
        }
        return ties.compare(a, b);
    }

    /** Sorts {@code records} in this order; stable, as {@link List#sort}. */
    public void sort(List<T> records) {
        @SuppressWarnings("unchecked")
        T[] items = (T[]) records.toArray();
        IndexSort sort = new IndexSort(items);
        sort.sort();
        sort.writeTo(records);
    }

    /** A merge sort of record indices on keys read once into one array: {@code keyCount} longs per record. */
    private final class IndexSort {
        private final T[] items;
        private final long[] keyValues;
        private final int[] order;
        private final int[] scratch;

        IndexSort(T[] items) {
            this.items = items;
            this.keyValues = new long[items.length * keyCount];
            for (int item = 0; item < items.length; item++) {
                for (int key = 0; key < keyCount; key++) {
                    keyValues[item * keyCount + key] = keys.key(items[item], key);
                }
            }
            this.order = new int[items.length];
            for (int item = 0; item < order.length; item++) {
                order[item] = item;
            }
            this.scratch = new int[items.length];
        }

        void sort() {
            mergeSort(0, order.length);
        }

        /** The records in order, written back into {@code records}. */
        void writeTo(List<T> records) {
            for (int position = 0; position < order.length; position++) {
                records.set(position, items[order[position]]);
            }
        }

        /** Sorts {@code order[from, to)}. */
        private void mergeSort(int from, int to) {
            if (to - from <= INSERTION_SORT_LENGTH) {
                insertionSort(from, to);
                return;
            }
            int middle = (from + to) >>> 1;
            mergeSort(from, middle);
            mergeSort(middle, to);
            if (compareItems(order[middle - 1], order[middle]) <= 0) {
                return;
            }
            System.arraycopy(order, from, scratch, from, to - from);
            int left = from;
            int right = middle;
            for (int position = from; position < to; position++) {
                // Taking from the left on equality keeps equal records in their input order.
                if (right >= to || left < middle && compareItems(scratch[left], scratch[right]) <= 0) {
                    order[position] = scratch[left++];
                } else {
                    order[position] = scratch[right++];
                }
            }
        }

        private void insertionSort(int from, int to) {
            for (int next = from + 1; next < to; next++) {
                int item = order[next];
                int position = next;
                while (position > from && compareItems(order[position - 1], item) > 0) {
                    order[position] = order[position - 1];
                    position--;
                }
                order[position] = item;
            }
        }

        private int compareItems(int a, int b) {
            int aKeys = a * keyCount;
            int bKeys = b * keyCount;
            for (int key = 0; key < keyCount; key++) {
                int keyOrder = Long.compare(keyValues[aKeys + key], keyValues[bKeys + key]);
                if (keyOrder != 0) {
                    return keyOrder;
                }
            }
            return ties.compare(items[a], items[b]);
        }
    }
}

package org.spatiallsm.partitioning.ordering;

import org.spatiallsm.partitioning.entries.Entries;

/** Sorts row indices with a comparator on rows, without boxing: a stable merge sort. */
public final class RowSort {

    /** Compares two rows. */
    @FunctionalInterface
    public interface RowComparator {
        int compare(int rowA, int rowB);
    }

    private static final int INSERTION_LIMIT = 24;

    private RowSort() {
    }

    /** A copy of {@code entries} sorted by {@code ordering} (each key computed once): a flush's or a run's order. */
    public static Entries sorted(Entries entries, Ordering ordering) {
        int n = entries.size();
        long[] keys = new long[n];
        int[] rows = new int[n];
        for (int row = 0; row < n; row++) {
            keys[row] = ordering.key(entries, row);
            rows[row] = row;
        }
        sort(rows, 0, n, new int[n], (a, b) -> ordering.compare(entries, a, keys[a], entries, b, keys[b]));
        Entries out = new Entries(n);
        for (int row : rows) {
            out.add(entries, row);
        }
        return out;
    }

    /** Sorts {@code rows[from, to)} stably; {@code scratch} must be at least as long as {@code rows}. */
    public static void sort(int[] rows, int from, int to, int[] scratch, RowComparator comparator) {
        if (to - from <= INSERTION_LIMIT) {
            insertionSort(rows, from, to, comparator);
            return;
        }
        int middle = (from + to) >>> 1;
        sort(rows, from, middle, scratch, comparator);
        sort(rows, middle, to, scratch, comparator);
        if (comparator.compare(rows[middle - 1], rows[middle]) <= 0) {
            return; // already in order: sorted inputs (runs, presorted axes) cost a linear pass
        }
        System.arraycopy(rows, from, scratch, from, to - from);
        int left = from;
        int right = middle;
        for (int out = from; out < to; out++) {
            if (right >= to || left < middle && comparator.compare(scratch[left], scratch[right]) <= 0) {
                rows[out] = scratch[left++];
            } else {
                rows[out] = scratch[right++];
            }
        }
    }

    private static void insertionSort(int[] rows, int from, int to, RowComparator comparator) {
        for (int i = from + 1; i < to; i++) {
            int row = rows[i];
            int j = i - 1;
            while (j >= from && comparator.compare(rows[j], row) > 0) {
                rows[j + 1] = rows[j];
                j--;
            }
            rows[j + 1] = row;
        }
    }
}

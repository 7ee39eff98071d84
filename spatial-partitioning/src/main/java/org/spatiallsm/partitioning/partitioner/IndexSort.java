package org.spatiallsm.partitioning.partitioner;

/** Sorts a range of an {@code int[]} of row indices with a comparator on rows, without boxing. */
final class IndexSort {

    /** Compares two rows. */
    @FunctionalInterface
    interface RowComparator {
        int compare(int rowA, int rowB);
    }

    private static final int INSERTION_LIMIT = 24;

    private IndexSort() {
    }

    /** Sorts {@code rows[from, to)} stably; {@code scratch} must be at least as long as {@code rows}. */
    static void sort(int[] rows, int from, int to, int[] scratch, RowComparator comparator) {
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

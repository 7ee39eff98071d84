package org.spatiallsm.organisations;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.ToLongFunction;

/**
 * An in-memory {@link CurveIndex}: entries already in B-tree order, cut into leaf pages of {@code pageSize}
 * entries; a seek is a binary search. The reference the skip-scan is tested on, and what a sorted memory
 * component looks like.
 */
public final class SortedEntries<E> implements CurveIndex<E> {

    private final List<E> entries;
    private final long[] positions;
    private final int pageSize;

    /** Refuses entries whose positions are not in ascending order (the skip-scan would miss entries). */
    public SortedEntries(List<E> entries, ToLongFunction<E> position, int pageSize) {
        if (pageSize < 1) {
            throw new IllegalArgumentException("the page size must be at least 1, was " + pageSize);
        }
        this.entries = List.copyOf(entries);
        this.positions = this.entries.stream().mapToLong(position).toArray();
        for (int i = 1; i < positions.length; i++) {
            if (positions[i] < positions[i - 1]) {
                throw new IllegalArgumentException("entry " + i + " has position " + positions[i]
                        + ", below its predecessor's " + positions[i - 1] + ": the entries are not in curve order");
            }
        }
        this.pageSize = pageSize;
    }

    @Override
    public LeafCursor<E> seek(long position, long last) {
        int low = 0;
        int high = positions.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (positions[middle] < position) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return new Cursor(low, last);
    }

    private final class Cursor implements LeafCursor<E> {
        private final long last;
        private int next;

        Cursor(int first, long last) {
            this.next = first;
            this.last = last;
        }

        @Override
        public boolean hasNext() {
            return next < entries.size() && positions[next] <= last;
        }

        @Override
        public E next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return entries.get(next++);
        }

        @Override
        public boolean atPageStart() {
            return (next - 1) % pageSize == 0;
        }
    }
}

package org.spatiallsm.partitioning.partitioner;

import java.util.List;

import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryCursor;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Ordering;

/**
 * The priority-queue merge of sorted runs by an ordering, holding one block per run; equal entries come out in run
 * order. Each entry's key is computed once, when its block is read.
 */
final class KWayMerge implements AutoCloseable {

    private final Ordering ordering;
    private final int blockSize;
    private final EntryCursor[] cursors;
    private final Entries[] blocks;
    private final long[][] keys;
    private final int[] positions;
    /** The last entry taken from each run, to prove the run sorted. */
    private final Entries[] previous;
    private final long[] previousKey;
    private final int[] heap;
    private int heapSize;
    private int current = -1;

    KWayMerge(List<? extends EntryRun> runs, Ordering ordering, int blockSize) {
        this.ordering = ordering;
        this.blockSize = blockSize;
        int k = runs.size();
        cursors = new EntryCursor[k];
        blocks = new Entries[k];
        keys = new long[k][blockSize];
        positions = new int[k];
        previous = new Entries[k];
        previousKey = new long[k];
        heap = new int[k];
        for (int run = 0; run < k; run++) {
            cursors[run] = runs.get(run).open();
            blocks[run] = new Entries(blockSize);
            previous[run] = new Entries(1);
            if (refill(run)) {
                heap[heapSize++] = run;
            }
        }
        for (int i = heapSize / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
    }

    /** The entries a merge of {@code runs} holds at once: one block and one remembered entry per run. */
    static long held(int runs, int blockSize) {
        return (long) runs * (blockSize + 1);
    }

    /**
     * Moves to the next entry in merged order.
     *
     * @return false at the end
     * @throws IllegalArgumentException if a run turns out not to be sorted by the ordering
     */
    boolean next() {
        if (current >= 0) {
            advance(current);
        }
        if (heapSize == 0) {
            current = -1;
            return false;
        }
        current = heap[0];
        return true;
    }

    Entries block() {
        return blocks[current];
    }

    int row() {
        return positions[current];
    }

    private void advance(int run) {
        Entries block = blocks[run];
        int position = positions[run];
        previous[run].clear();
        previous[run].add(block, position);
        previousKey[run] = keys[run][position];
        boolean more;
        if (position + 1 < block.size()) {
            positions[run]++;
            more = true;
        } else {
            more = refill(run);
        }
        if (!more) {
            heap[0] = heap[--heapSize];
        } else if (ordering.compare(previous[run], 0, previousKey[run], blocks[run], positions[run],
                keys[run][positions[run]]) > 0) {
            throw new IllegalArgumentException("merge input " + run + " is not sorted by the " + ordering.name()
                    + " ordering (entry " + blocks[run].id(positions[run]) + " follows entry " + previous[run].id(0)
                    + ")");
        }
        if (heapSize > 0) {
            siftDown(0);
        }
    }

    private boolean refill(int run) {
        Entries block = blocks[run];
        block.clear();
        positions[run] = 0;
        while (block.size() < blockSize && cursors[run].read(block, blockSize - block.size()) > 0) {
            // keep reading: a cursor may return fewer than asked before its end
        }
        for (int row = 0; row < block.size(); row++) {
            keys[run][row] = ordering.key(block, row);
        }
        return block.size() > 0;
    }

    private boolean less(int runA, int runB) {
        int c = ordering.compare(blocks[runA], positions[runA], keys[runA][positions[runA]], blocks[runB],
                positions[runB], keys[runB][positions[runB]]);
        return c < 0 || c == 0 && runA < runB;
    }

    private void siftDown(int i) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= heapSize) {
                return;
            }
            if (child + 1 < heapSize && less(heap[child + 1], heap[child])) {
                child++;
            }
            if (!less(heap[child], heap[i])) {
                return;
            }
            int swap = heap[i];
            heap[i] = heap[child];
            heap[child] = swap;
            i = child;
        }
    }

    @Override
    public void close() {
        for (EntryCursor cursor : cursors) {
            cursor.close();
        }
    }
}

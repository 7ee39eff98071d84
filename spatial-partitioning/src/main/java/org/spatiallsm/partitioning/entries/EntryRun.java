package org.spatiallsm.partitioning.entries;

import java.util.function.Supplier;

/**
 * One input of a merge (in the engine: one disk component), readable as many times as a partitioner needs
 * (two-pass partitioning reads every input twice). A run need not be held in memory: {@link #open()} may read a
 * file or regenerate the entries.
 *
 * <p>The size partitioner requires every run to be sorted by the merge's {@code Ordering}, as the engine's
 * components are, and fails with a one-line error if one is not; STR and R*-Grove accept runs in any order.
 */
public interface EntryRun {

    /** The number of entries {@link #open()} yields. */
    long size();

    /** A new cursor positioned before the first entry. */
    EntryCursor open();

    /** A run of {@code size} entries that {@code opener} reads anew at every {@link #open()}. */
    static EntryRun of(long size, Supplier<EntryCursor> opener) {
        return new EntryRun() {
            @Override
            public long size() {
                return size;
            }

            @Override
            public EntryCursor open() {
                return opener.get();
            }
        };
    }

    /** An in-memory run over all rows of {@code entries}, in their row order. */
    static EntryRun of(Entries entries) {
        return of(entries.size(), () -> new EntryCursor() {
            private int next;

            @Override
            public int read(Entries into, int max) {
                int end = Math.min(entries.size(), next + max);
                for (int row = next; row < end; row++) {
                    into.add(entries, row);
                }
                int read = end - next;
                next = end;
                return read;
            }
        });
    }
}

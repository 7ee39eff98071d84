package org.spatiallsm.ycsb;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import site.ycsb.Status;

/**
 * Writes sent together in one statement, so that YCSB never counts a write as OK before it is stored. With a batch
 * size of 1 a write runs at once and returns its real status. Otherwise a write is held and returns
 * {@link Status#BATCHED_OK} (which YCSB counts apart from OK), and when its batch runs (full, before the thread's
 * next read, or at the end) the outcome of every write in it goes to {@link Outcomes}: a batch is one statement, so
 * its writes are stored or lost together. A lost batch is never sent again, and never charged to the operation that
 * happened to trigger it.
 */
final class WriteBatch<T> {

    /** Sends writes as one statement; throws with the cluster's message when they were not stored. */
    @FunctionalInterface
    interface Sender<T> {
        void send(List<T> writes);
    }

    /** Where the outcomes of held writes go once their batch has run. */
    interface Outcomes {
        void stored(int writes, long micros);

        void lost(int writes, long micros, RuntimeException cause);
    }

    private final int size;
    private final Sender<T> sender;
    private final Outcomes outcomes;
    private final List<T> held = new ArrayList<>();

    WriteBatch(int size, Sender<T> sender, Outcomes outcomes) {
        if (size < 1) {
            throw new IllegalArgumentException("batch size must be >= 1, got " + size);
        }
        this.size = size;
        this.sender = sender;
        this.outcomes = outcomes;
    }

    /**
     * @return OK or the failure's status (via {@code onError}) for an unbatched write; BATCHED_OK for a held one
     */
    Status add(T write, Function<RuntimeException, Status> onError) {
        if (size == 1) {
            try {
                sender.send(List.of(write));
                return Status.OK;
            } catch (RuntimeException e) {
                return onError.apply(e);
            }
        }
        held.add(write);
        if (held.size() >= size) {
            flush();
        }
        return Status.BATCHED_OK;
    }

    /** Runs the held writes, if any, and reports their outcome; returns whether they were stored. */
    boolean flush() {
        if (held.isEmpty()) {
            return true;
        }
        List<T> writes = List.copyOf(held);
        held.clear();
        long start = System.nanoTime();
        try {
            sender.send(writes);
            outcomes.stored(writes.size(), (System.nanoTime() - start) / 1000);
            return true;
        } catch (RuntimeException e) {
            outcomes.lost(writes.size(), (System.nanoTime() - start) / 1000, e);
            return false;
        }
    }
}

package org.spatiallsm.load;

import java.util.concurrent.locks.LockSupport;

/**
 * Holds a sender to a target rate: record n is not sent before start + n / rate. Sleeping only once the sender is
 * at least a millisecond ahead keeps high rates exact despite coarse sleeps.
 */
public final class Pacer {

    private static final long MIN_SLEEP_NANOS = 1_000_000;
    private final double nanosPerRecord;
    private final long start;

    /** @param recordsPerSecond the target rate; 0 means as fast as possible */
    public Pacer(double recordsPerSecond) {
        if (!(recordsPerSecond >= 0)) {
            throw new IllegalArgumentException("rate must be >= 0 records/s, got " + recordsPerSecond);
        }
        this.nanosPerRecord = recordsPerSecond == 0 ? 0 : 1e9 / recordsPerSecond;
        this.start = System.nanoTime();
    }

    /** Waits until record number {@code sent} (counting from 0) is due. */
    public void awaitTurn(long sent) {
        if (nanosPerRecord == 0) {
            return;
        }
        long due = start + (long) (sent * nanosPerRecord);
        for (long ahead = due - System.nanoTime(); ahead >= MIN_SLEEP_NANOS; ahead = due - System.nanoTime()) {
            LockSupport.parkNanos(ahead);
        }
    }
}

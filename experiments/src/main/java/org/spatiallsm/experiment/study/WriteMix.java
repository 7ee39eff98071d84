package org.spatiallsm.experiment.study;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.SplittableRandom;

import org.spatiallsm.workloads.ZipfSampler;

/**
 * The writes of the merge-policy study's loads, as record numbers (0, 1, 2, ... in the order new records arrive).
 * {@code append}: every write a new record (YCSB's load phase). {@code update}: the study's update runs, where 70 %
 * of the writes are upserts of existing records drawn by a Zipf law of exponent 0.99 over their recency (the newest
 * record most often, like YCSB's "latest"), the other 30 % new records. Deterministic for a seed, so every policy
 * gets the same writes.
 */
final class WriteMix {

    /** Share of a batch's writes that update an existing record (Mao's dissertation, chapter 3). */
    static final double UPDATE_SHARE = 0.7;
    /** Zipf exponent of the updated records' recency ranks. */
    static final double ZIPF_EXPONENT = 0.99;

    private final boolean updates;
    private final SplittableRandom random;
    /** The lookups' own draws, so that their number does not change the updates. */
    private final SplittableRandom lookups;
    private long next;

    /** @param updates false for append-only writes */
    WriteMix(boolean updates, long seed) {
        this.updates = updates;
        this.random = new SplittableRandom(seed);
        this.lookups = random.split();
    }

    /** Records written so far: numbers 0 .. this - 1 exist. */
    long records() {
        return next;
    }

    /**
     * The record numbers of the next {@code writes} writes: new records first, then the updated ones, each number
     * once (the memory component keeps one version of a record anyway, so the repeats of a popular record within
     * one batch would write nothing more to disk). Hence fewer than {@code writes} numbers when updates repeat.
     */
    Set<Long> batch(long writes) {
        long updated = updates && next > 0 ? Math.round(writes * UPDATE_SHARE) : 0;
        long existing = next;
        Set<Long> batch = new LinkedHashSet<>();
        for (long i = 0; i < writes - updated; i++) {
            batch.add(next++);
        }
        if (updated > 0) {
            ZipfSampler recency = new ZipfSampler(existing, ZIPF_EXPONENT);
            for (long i = 0; i < updated; i++) {
                batch.add(existing - recency.sample(random));
            }
        }
        return batch;
    }

    /** A record that exists, uniformly at random (the point lookups). */
    long anyExisting() {
        return lookups.nextLong(next);
    }
}

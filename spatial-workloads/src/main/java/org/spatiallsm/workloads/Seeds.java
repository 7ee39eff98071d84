package org.spatiallsm.workloads;

import java.util.SplittableRandom;

/**
 * Every generated value is a pure function of (seed, id): a record can be regenerated on its own (by a query
 * generator that needs the point of record 123, or by a YCSB thread that inserts key 123), in any order, on any
 * thread, and come out identical.
 */
public final class Seeds {

    private Seeds() {
    }

    /** A random stream for one item; distinct (seed, id) pairs give unrelated streams. */
    public static SplittableRandom forItem(long seed, long id) {
        return new SplittableRandom(mix64(mix64(seed) + id * 0x9E3779B97F4A7C15L));
    }

    /** A random stream for set-up decisions (e.g. cluster centres) that must not overlap any item's stream. */
    public static SplittableRandom forSetup(long seed, String purpose) {
        return new SplittableRandom(mix64(seed ^ mix64(purpose.hashCode() + 0x632BE59BD9B4E019L)));
    }

    /** Stafford's variant 13 of the 64-bit finalizer of MurmurHash3: every input bit affects every output bit. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

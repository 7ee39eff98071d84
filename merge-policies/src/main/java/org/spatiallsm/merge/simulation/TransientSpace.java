package org.spatiallsm.merge.simulation;

/**
 * Mao's transient space amplification, the one definition the simulators and the engine's costs share: the bytes on
 * disk over the bytes flushed so far, where a running merge's inputs still count beside its output (they are deleted
 * only once the output is installed). A flush step's value is the largest of its moments (after the flush, during
 * each merge it triggered, so a cascade counts its largest merge, not the sum); the run's value is the largest
 * step's. 1 while nothing has merged and nothing was dropped; 2 when a merge takes every component.
 *
 * <p>The run's maximum is set wherever the largest merge relative to the data so far happens, which for a leveled
 * index is its first merges into level 1 ({@link #ofLastFlush} shows how the value falls as the index grows).
 * Single-use and not thread-safe.
 */
public final class TransientSpace {

    private double largest;
    private double ofLastFlush;

    /** A flush installed: a new step begins, with {@code bytesOnDisk} (the flushed component included) on disk. */
    public void flush(long bytesOnDisk, long bytesFlushed) {
        ofLastFlush = ratio(bytesOnDisk, bytesFlushed);
        largest = Math.max(largest, ofLastFlush);
    }

    /** A merge of the current step ran while {@code bytesOnDisk} were on disk, its inputs and output included. */
    public void merge(long bytesOnDisk, long bytesFlushed) {
        ofLastFlush = Math.max(ofLastFlush, ratio(bytesOnDisk, bytesFlushed));
        largest = Math.max(largest, ofLastFlush);
    }

    /** The run's transient space amplification: the largest step so far; 0 before the first flush. */
    public double largest() {
        return largest;
    }

    /** The latest flush step's value alone: how much room its merges needed now, not at the run's worst moment. */
    public double ofLastFlush() {
        return ofLastFlush;
    }

    private static double ratio(long bytesOnDisk, long bytesFlushed) {
        if (bytesFlushed <= 0) {
            throw new IllegalStateException("no bytes flushed yet, " + bytesOnDisk + " bytes on disk");
        }
        return (double) bytesOnDisk / bytesFlushed;
    }
}

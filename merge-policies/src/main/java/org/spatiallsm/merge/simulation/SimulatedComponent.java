package org.spatiallsm.merge.simulation;

/**
 * A component of a simulated stack: the flushes it holds and its size. Merges take consecutive components, so a
 * component always holds a contiguous range of flushes.
 *
 * @param firstFlush the oldest flush it holds, 1-based
 * @param lastFlush  the newest flush it holds
 * @param bytes      its size
 */
public record SimulatedComponent(long firstFlush, long lastFlush, long bytes) {

    public SimulatedComponent {
        if (firstFlush < 1 || lastFlush < firstFlush) {
            throw new IllegalArgumentException("flushes " + firstFlush + ".." + lastFlush + " are not a range");
        }
    }

    public FlushRange flushes() {
        return new FlushRange(firstFlush, lastFlush);
    }

    @Override
    public String toString() {
        return (firstFlush == lastFlush ? Long.toString(firstFlush) : firstFlush + "-" + lastFlush) + ":" + bytes;
    }
}

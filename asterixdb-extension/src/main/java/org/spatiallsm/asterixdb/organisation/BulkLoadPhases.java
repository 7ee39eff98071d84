package org.spatiallsm.asterixdb.organisation;

/**
 * The phases of one {@link SortingBulkLoader}'s load of one index partition, as one log line of {@code key=value}
 * pairs: the tuples and entries, the sort's spilled runs and bytes, and where its time went. AsterixDB's job runs
 * before and around it: {@code waitMs} is from the loader's creation (the bulk-load operator's open) to the first
 * tuple, {@code receiveMs} from the first tuple to the last (the upstream sort's output, with this loader's own
 * {@code bufferMs} of making, copying and buffering entries in it, of which {@code spillMs} sorting full batches and
 * writing them as runs); then, after the last tuple, {@code mergeMs} sorting the last batch and merging the runs,
 * {@code loadMs} adding the entries to the B-tree and {@code btreeEndMs} its end. Times are wall-clock.
 */
final class BulkLoadPhases {

    private final String index;
    private final long created;
    private long firstTuple = -1;
    private long tuples;
    private long entries;
    private long bufferNanos;
    private long received;
    private int runs;
    private long spilledBytes;
    private long spillNanos;
    private long loadNanos;
    private long endStart;
    private long sorted;
    private long ended;

    /** @param created {@link System#nanoTime} when the loader was created */
    BulkLoadPhases(String index, long created) {
        this.index = index;
        this.created = created;
    }

    void tupleArrived(long now) {
        if (firstTuple < 0) {
            firstTuple = now;
        }
        tuples++;
    }

    void tupleBuffered(long nanos) {
        bufferNanos += nanos;
    }

    void entry() {
        entries++;
    }

    /** The last tuple has arrived; what the sort spilled while they came. */
    void received(long now, int runCount, long bytes, long nanos) {
        received = now;
        runs = runCount;
        spilledBytes = bytes;
        spillNanos = nanos;
    }

    void loaded(long nanos) {
        loadNanos += nanos;
    }

    /** @param start the end's start, @param sortedAt when the B-tree had every entry, @param now after its end */
    void ended(long start, long sortedAt, long now) {
        endStart = start;
        sorted = sortedAt;
        ended = now;
    }

    String describe() {
        long first = firstTuple < 0 ? received : firstTuple;
        return "spatial-lsm bulk load: index=" + index + " tuples=" + tuples + " entries=" + entries + " runs=" + runs
                + " spilledBytes=" + spilledBytes + " waitMs=" + ms(first - created) + " receiveMs="
                + ms(received - first) + " bufferMs=" + ms(bufferNanos) + " spillMs=" + ms(spillNanos)
                + " mergeMs=" + ms(sorted - endStart - loadNanos) + " loadMs=" + ms(loadNanos) + " btreeEndMs="
                + ms(ended - sorted) + " totalMs=" + ms(ended - created);
    }

    private static long ms(long nanos) {
        return Math.round(nanos / 1e6);
    }
}

package org.spatiallsm.merge;

import java.util.List;

/**
 * An immutable picture of one LSM index partition's disk components at a decision point.
 *
 * @param newestFirst the disk components, index 0 = newest (the order AsterixDB keeps them in)
 * @param flushCount  t, the 1-based number of flushes this index has ever done (persistent across restarts);
 *                    static policies (Binomial, MinLatency) derive their whole schedule from it
 * @param event       what just happened: a flush added the newest component, or a merge finished
 */
public record StackView(List<ComponentView> newestFirst, long flushCount, Event event) {

    public enum Event {
        FLUSH,
        MERGE_COMPLETED
    }

    public StackView {
        newestFirst = List.copyOf(newestFirst);
        if (flushCount < 0) {
            throw new IllegalArgumentException("flush count must be >= 0, was " + flushCount);
        }
    }

    public int size() {
        return newestFirst.size();
    }

    public boolean anyMerging() {
        return newestFirst.stream().anyMatch(ComponentView::merging);
    }

    /** True when a component of {@code run} is already consumed by a running merge, so the run cannot be chosen. */
    public boolean anyMerging(MergeSpec run) {
        return newestFirst.subList(run.newest(), run.oldest() + 1).stream().anyMatch(ComponentView::merging);
    }

    public long bytesAt(int index) {
        return newestFirst.get(index).sizeBytes();
    }

    public long totalBytes() {
        return newestFirst.stream().mapToLong(ComponentView::sizeBytes).sum();
    }
}

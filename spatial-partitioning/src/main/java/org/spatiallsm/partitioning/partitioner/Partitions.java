package org.spatiallsm.partitioning.partitioner;

import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.entries.Entries;

/** What every partitioner does the same way: check the cap, and emit one partition while tracking its MBR. */
final class Partitions {

    private Partitions() {
    }

    static void requireCap(int cap) {
        if (cap < 1) {
            throw new IllegalArgumentException("the output cap must be at least 1 entry, got " + cap);
        }
    }

    /** Streams one partition to the sink and accumulates its count and MBR. */
    static final class Builder {
        private final int index;
        private final PartitionSink sink;
        private long count;
        private double minX = Double.POSITIVE_INFINITY;
        private double minY = Double.POSITIVE_INFINITY;
        private double maxX = Double.NEGATIVE_INFINITY;
        private double maxY = Double.NEGATIVE_INFINITY;

        Builder(int index, PartitionSink sink) {
            this.index = index;
            this.sink = sink;
            sink.begin(index);
        }

        void add(Entries entries, int row) {
            sink.add(entries, row);
            count++;
            minX = Math.min(minX, entries.minX(row));
            minY = Math.min(minY, entries.minY(row));
            maxX = Math.max(maxX, entries.maxX(row));
            maxY = Math.max(maxY, entries.maxY(row));
        }

        long count() {
            return count;
        }

        PartitionInfo end(Rect region) {
            PartitionInfo info = new PartitionInfo(index, count, new Rect(minX, minY, maxX, maxY), region);
            sink.end(info);
            return info;
        }
    }
}

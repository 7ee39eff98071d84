package org.spatiallsm.partitioning.partitioner;

import java.util.ArrayList;
import java.util.List;

import org.spatiallsm.partitioning.entries.Entries;

/** A sink that keeps every partition in memory: for the simulator, the tests and small merges. */
public final class PartitionCollector implements PartitionSink {

    /** One collected partition: its summary and its entries in output order. */
    public record Collected(PartitionInfo info, Entries entries) {
    }

    private final List<Collected> partitions = new ArrayList<>();
    private Entries current;

    @Override
    public void begin(int index) {
        current = new Entries();
    }

    @Override
    public void add(Entries block, int row) {
        current.add(block, row);
    }

    @Override
    public void end(PartitionInfo info) {
        partitions.add(new Collected(info, current));
        current = null;
    }

    public List<Collected> partitions() {
        return partitions;
    }
}

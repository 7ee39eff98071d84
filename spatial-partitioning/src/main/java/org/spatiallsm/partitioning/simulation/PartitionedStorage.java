package org.spatiallsm.partitioning.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.leveled.KeySpace;
import org.spatiallsm.partitioning.leveled.LeveledMerge;
import org.spatiallsm.partitioning.leveled.MbrKeySpace;
import org.spatiallsm.partitioning.ordering.Ordering;
import org.spatiallsm.partitioning.ordering.RowSort;
import org.spatiallsm.partitioning.partitioner.PartitionCollector;
import org.spatiallsm.partitioning.partitioner.Partitioner;
import org.spatiallsm.partitioning.partitioner.Partitioners;
import org.spatiallsm.partitioning.simulation.LeveledSimulator.Written;

/**
 * Components that hold real entries: a merge runs the partitioner the policy names over its inputs, with the
 * policy's output cap, and keeps each partition as a component. One entry counts as one byte, so amplifications
 * are in entries.
 */
public final class PartitionedStorage implements LeveledSimulator.Storage<Rect, Entries> {

    private final Ordering ordering;
    private final Map<String, String> partitionerParameters;
    private final Map<String, Partitioner> partitioners = new HashMap<>();

    /** @param partitionerParameters passed to {@link Partitioners#create(String, Map)} (empty: their defaults) */
    public PartitionedStorage(Ordering ordering, Map<String, String> partitionerParameters) {
        this.ordering = ordering;
        this.partitionerParameters = Map.copyOf(partitionerParameters);
    }

    /** A flushed component: {@code entries} sorted by the ordering, as a flush bulk-loads them. */
    public Written<Rect, Entries> flush(Entries entries) {
        Entries sorted = RowSort.sorted(entries, ordering);
        return new Written<>(mbr(sorted), sorted.size(), sorted.size(), sorted);
    }

    @Override
    public KeySpace<Rect> keySpace() {
        return MbrKeySpace.INSTANCE;
    }

    @Override
    public List<Written<Rect, Entries>> merge(List<Entries> inputs, LeveledMerge<Rect> merge) {
        Partitioner partitioner = partitioners.computeIfAbsent(merge.partitioning(),
                name -> Partitioners.create(name, partitionerParameters));
        PartitionCollector collector = new PartitionCollector();
        int cap = (int) Math.min(Integer.MAX_VALUE, merge.maxOutputEntries());
        partitioner.partition(inputs.stream().map(EntryRun::of).toList(), ordering, cap, collector);
        List<Written<Rect, Entries>> outputs = new ArrayList<>();
        for (PartitionCollector.Collected partition : collector.partitions()) {
            long entries = partition.info().entries();
            outputs.add(new Written<>(partition.info().mbr(), entries, entries, partition.entries()));
        }
        return outputs;
    }

    static Rect mbr(Entries entries) {
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (int row = 0; row < entries.size(); row++) {
            minX = Math.min(minX, entries.minX(row));
            minY = Math.min(minY, entries.minY(row));
            maxX = Math.max(maxX, entries.maxX(row));
            maxY = Math.max(maxY, entries.maxY(row));
        }
        return new Rect(minX, minY, maxX, maxY);
    }
}

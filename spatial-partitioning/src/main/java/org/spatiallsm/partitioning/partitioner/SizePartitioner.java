package org.spatiallsm.partitioning.partitioner;

import java.util.ArrayList;
import java.util.List;

import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Ordering;

/** Size partitioning: the k-way merge of the sorted inputs, cut every {@code cap} entries. */
final class SizePartitioner implements Partitioner {

    static final int BLOCK = 1024;

    private final int memoryBudget;

    SizePartitioner(int memoryBudget) {
        this.memoryBudget = memoryBudget;
    }

    @Override
    public String name() {
        return "size";
    }

    @Override
    public MergeOutcome partition(List<? extends EntryRun> inputs, Ordering ordering, int cap, PartitionSink sink) {
        Partitions.requireCap(cap);
        int block = Math.min(BLOCK, memoryBudget / (inputs.size() + 1) - 1);
        if (block < 1) {
            throw new IllegalArgumentException("a size merge of " + inputs.size() + " inputs needs a memory budget of"
                    + " at least " + 2 * (inputs.size() + 1) + " entries, got " + memoryBudget);
        }
        List<PartitionInfo> partitions = new ArrayList<>();
        long total = 0;
        try (KWayMerge merge = new KWayMerge(inputs, ordering, block)) {
            Partitions.Builder current = null;
            while (merge.next()) {
                Entries entries = merge.block();
                int row = merge.row();
                if (current == null) {
                    current = new Partitions.Builder(partitions.size(), sink);
                }
                current.add(entries, row);
                total++;
                if (current.count() == cap) {
                    partitions.add(current.end(null));
                    current = null;
                }
            }
            if (current != null) {
                partitions.add(current.end(null));
            }
        }
        return new MergeOutcome(partitions, total, KWayMerge.held(inputs.size(), block), false, 0);
    }
}

package org.spatiallsm.partitioning.partitioner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryCursor;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Ordering;
import org.spatiallsm.partitioning.ordering.RowSort;

/**
 * STR and R*-Grove: a {@link Tiler} computes half-open partition boxes from entry centres, every entry goes to the
 * box holding its centre, and each partition is sorted by the ordering. A merge within the memory budget is tiled on
 * all its centres and sorted in memory; a larger one is tiled on a sample and sorted externally, with as many merge
 * rounds as the number of spilled runs needs (the bounded-memory two-pass variant Mao's dissertation, Ch. 4, proposes;
 * details in {@link Partitioners}).
 */
final class TilingPartitioner implements Partitioner {

    private static final int READ_BLOCK = 1024;
    /**
     * The most spilled runs one merge reads at once: each holds an open file and a 16 KB read buffer (outside the
     * entry budget). More runs are merged in rounds.
     */
    static final int MAX_FAN_IN = 128;

    private final String name;
    private final Tiler tiler;
    private final int memoryBudget;
    private final long sampleSeed;
    private final Path spillDirectory;
    private final int maxFanIn;

    TilingPartitioner(String name, Tiler tiler, int memoryBudget, long sampleSeed, Path spillDirectory) {
        this(name, tiler, memoryBudget, sampleSeed, spillDirectory, MAX_FAN_IN);
    }

    /** With at most {@code maxFanIn} (at least 2) runs merged at once: tests force merge rounds on small merges. */
    TilingPartitioner(String name, Tiler tiler, int memoryBudget, long sampleSeed, Path spillDirectory,
            int maxFanIn) {
        this.maxFanIn = maxFanIn;
        this.name = name;
        this.tiler = tiler;
        this.memoryBudget = memoryBudget;
        this.sampleSeed = sampleSeed;
        this.spillDirectory = spillDirectory;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public MergeOutcome partition(List<? extends EntryRun> inputs, Ordering ordering, int cap, PartitionSink sink) {
        Partitions.requireCap(cap);
        long total = inputs.stream().mapToLong(EntryRun::size).sum();
        return total <= memoryBudget ? inMemory(inputs, ordering, cap, sink, (int) total)
                : twoPass(inputs, ordering, cap, sink, total);
    }

    private MergeOutcome inMemory(List<? extends EntryRun> inputs, Ordering ordering, int cap, PartitionSink sink,
            int total) {
        Entries all = new Entries(total);
        for (EntryRun input : inputs) {
            try (EntryCursor cursor = input.open()) {
                while (cursor.read(all, READ_BLOCK) > 0) {
                    // read the whole input
                }
            }
        }
        int n = all.size();
        double[] xs = new double[n];
        double[] ys = new double[n];
        long[] ids = new long[n];
        for (int row = 0; row < n; row++) {
            xs[row] = all.centerX(row);
            ys[row] = all.centerY(row);
            ids[row] = all.id(row);
        }
        Tiling tiling = tiler.tile(xs, ys, ids, n, cap);
        Grouped grouped = Grouped.of(all, tiling, ordering);
        Rect[] regions = tiling.regions();
        List<PartitionInfo> partitions = new ArrayList<>();
        for (int p = 0; p < tiling.partitions(); p++) {
            if (grouped.offsets[p] < grouped.offsets[p + 1]) {
                Partitions.Builder builder = new Partitions.Builder(partitions.size(), sink);
                for (int i = grouped.offsets[p]; i < grouped.offsets[p + 1]; i++) {
                    builder.add(all, grouped.rows[i]);
                }
                partitions.add(builder.end(regions[p]));
            }
        }
        return new MergeOutcome(partitions, n, n, false, 0);
    }

    private MergeOutcome twoPass(List<? extends EntryRun> inputs, Ordering ordering, int cap, PartitionSink sink,
            long total) {
        int readBlock = Math.min(READ_BLOCK, memoryBudget / 4);
        Tiling tiling = tileSample(inputs, cap, total, readBlock, memoryBudget - readBlock);
        long peak = memoryBudget; // the sample and one read block

        // Pass 2: route every entry to its partition, spilling runs sorted by (partition, ordering).
        List<SpillFile> created = new ArrayList<>(); // every run file, deleted at the end whatever happens
        List<SpillFile> runs = new ArrayList<>();
        try {
            Entries buffer = new Entries(memoryBudget);
            for (EntryRun input : inputs) {
                try (EntryCursor cursor = input.open()) {
                    while (cursor.read(buffer, Math.min(READ_BLOCK, memoryBudget - buffer.size())) > 0) {
                        if (buffer.size() == memoryBudget) {
                            runs.add(spill(buffer, tiling, ordering, created));
                        }
                    }
                }
            }
            if (buffer.size() > 0) {
                runs.add(spill(buffer, tiling, ordering, created));
            }
            buffer = null; // released before the merge allocates its blocks

            // Then merge the runs partition by partition, in rounds while there are more than one merge may open.
            int fanIn = Math.min(maxFanIn, memoryBudget / 2);
            long spilled = total;
            while (runs.size() > fanIn) {
                List<SpillFile> longer = new ArrayList<>();
                for (int from = 0; from < runs.size(); from += fanIn) {
                    List<SpillFile> group = runs.subList(from, Math.min(runs.size(), from + fanIn));
                    int groupBlock = memoryBudget / group.size() - 1;
                    peak = Math.max(peak, KWayMerge.held(group.size(), groupBlock));
                    SpillFile merged = SpillFile.merge(spillDirectory, group, ordering, groupBlock);
                    created.add(merged);
                    longer.add(merged);
                    group.forEach(SpillFile::close); // frees their disk space now
                }
                runs = longer;
                spilled += total;
            }
            int mergeBlock = memoryBudget / runs.size() - 1;
            peak = Math.max(peak, KWayMerge.held(runs.size(), mergeBlock));
            Rect[] regions = tiling.regions();
            List<PartitionInfo> partitions = new ArrayList<>();
            for (int p = 0; p < tiling.partitions(); p++) {
                List<EntryRun> segments = SpillFile.segments(runs, p);
                if (segments.isEmpty()) {
                    continue;
                }
                try (KWayMerge merge = new KWayMerge(segments, ordering, mergeBlock)) {
                    Partitions.Builder builder = new Partitions.Builder(partitions.size(), sink);
                    while (merge.next()) {
                        builder.add(merge.block(), merge.row());
                    }
                    partitions.add(builder.end(regions[p]));
                }
            }
            return new MergeOutcome(partitions, total, peak, true, spilled);
        } finally {
            created.forEach(SpillFile::close);
        }
    }

    /** Pass 1: a uniform sample (reservoir) of the centres, tiled with the cap scaled by the sample fraction. */
    private Tiling tileSample(List<? extends EntryRun> inputs, int cap, long total, int readBlock, int sampleSize) {
        double[] xs = new double[sampleSize];
        double[] ys = new double[sampleSize];
        long[] ids = new long[sampleSize];
        SplittableRandom random = new SplittableRandom(sampleSeed);
        Entries block = new Entries(readBlock);
        long seen = 0;
        for (EntryRun input : inputs) {
            try (EntryCursor cursor = input.open()) {
                while (cursor.read(block, readBlock) > 0) {
                    for (int row = 0; row < block.size(); row++, seen++) {
                        long slot = seen < sampleSize ? seen : random.nextLong(seen + 1);
                        if (slot < sampleSize) {
                            xs[(int) slot] = block.centerX(row);
                            ys[(int) slot] = block.centerY(row);
                            ids[(int) slot] = block.id(row);
                        }
                    }
                    block.clear();
                }
            }
        }
        int sampleCap = (int) Math.max(1, Math.round((double) cap * sampleSize / total));
        return tiler.tile(xs, ys, ids, sampleSize, sampleCap);
    }

    private SpillFile spill(Entries buffer, Tiling tiling, Ordering ordering, List<SpillFile> created) {
        Grouped grouped = Grouped.of(buffer, tiling, ordering);
        SpillFile run = SpillFile.of(spillDirectory, buffer, grouped.rows, grouped.offsets);
        created.add(run);
        buffer.clear();
        return run;
    }

    /** Rows grouped by partition (counting sort), each group sorted by the ordering. */
    private record Grouped(int[] rows, int[] offsets) {

        static Grouped of(Entries entries, Tiling tiling, Ordering ordering) {
            int n = entries.size();
            int[] partitionOf = new int[n];
            int[] offsets = new int[tiling.partitions() + 1];
            long[] keys = new long[n];
            for (int row = 0; row < n; row++) {
                partitionOf[row] = tiling.locate(entries.centerX(row), entries.centerY(row));
                offsets[partitionOf[row] + 1]++;
                keys[row] = ordering.key(entries, row);
            }
            for (int p = 0; p < tiling.partitions(); p++) {
                offsets[p + 1] += offsets[p];
            }
            int[] rows = new int[n];
            int[] next = offsets.clone();
            for (int row = 0; row < n; row++) {
                rows[next[partitionOf[row]]++] = row;
            }
            int[] scratch = new int[n];
            RowSort.RowComparator byOrdering = (a, b) -> ordering.compare(entries, a, keys[a], entries, b, keys[b]);
            for (int p = 0; p < tiling.partitions(); p++) {
                RowSort.sort(rows, offsets[p], offsets[p + 1], scratch, byOrdering);
            }
            return new Grouped(rows, offsets);
        }
    }
}

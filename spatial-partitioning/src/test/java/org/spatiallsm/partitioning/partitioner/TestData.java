package org.spatiallsm.partitioning.partitioner;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryCursor;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Ordering;
import org.spatiallsm.partitioning.ordering.RowSort;

/** Seeded merge inputs for the partitioner tests. */
final class TestData {

    private TestData() {
    }

    /**
     * {@code runs} inputs of {@code perRun} entries each, ids 0..; a fifth of the entries are small rectangles, the
     * rest points, uniform over the globe. Each run is sorted by {@code ordering}, as components are.
     */
    static List<EntryRun> sortedRuns(long seed, int runs, int perRun, Ordering ordering) {
        SplittableRandom random = new SplittableRandom(seed);
        List<EntryRun> inputs = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            Entries entries = new Entries(perRun);
            for (int i = 0; i < perRun; i++) {
                double x = random.nextDouble(-180, 179);
                double y = random.nextDouble(-90, 89);
                long id = (long) r * perRun + i;
                if (random.nextInt(5) == 0) {
                    entries.add(id, x, y, x + random.nextDouble(), y + random.nextDouble());
                } else {
                    entries.addPoint(id, x, y);
                }
            }
            inputs.add(EntryRun.of(RowSort.sorted(entries, ordering)));
        }
        return inputs;
    }

    /** Points regenerated from the seed at every open: a large input that nobody holds in memory. */
    static EntryRun generated(long seed, long idStart, int size) {
        return EntryRun.of(size, () -> {
            SplittableRandom random = new SplittableRandom(seed);
            return new EntryCursor() {
                private int produced;

                @Override
                public int read(Entries into, int max) {
                    int n = Math.min(max, size - produced);
                    for (int i = 0; i < n; i++) {
                        into.addPoint(idStart + produced + i, random.nextDouble(-180, 180), random.nextDouble(-90, 90));
                    }
                    produced += n;
                    return n;
                }
            };
        });
    }
}

package org.spatiallsm.partitioning.partitioner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Ordering;
import org.spatiallsm.partitioning.ordering.Orderings;

/** The invariants of every partitioner x ordering on seeded random merges. */
class PartitionerPropertiesTest {

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (String partitioner : Partitioners.names()) {
            for (String ordering : Orderings.names()) {
                for (long seed = 1; seed <= 3; seed++) {
                    cases.add(Arguments.of(partitioner, ordering, seed));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} seed {2}")
    @MethodSource("cases")
    void invariantsHold(String name, String orderingName, long seed) {
        Ordering ordering = Orderings.create(orderingName);
        int runs = 2 + (int) seed;
        int perRun = 700 + 131 * (int) seed; // totals that are not multiples of the cap
        int cap = 97;
        List<EntryRun> inputs = TestData.sortedRuns(seed, runs, perRun, ordering);

        PartitionCollector collector = new PartitionCollector();
        MergeOutcome outcome = Partitioners.create(name, Map.of()).partition(inputs, ordering, cap, collector);
        List<PartitionCollector.Collected> partitions = collector.partitions();

        int total = runs * perRun;
        PartitionChecks.everyEntryExactlyOnce(partitions, outcome, total);
        PartitionChecks.sortedWithExactMbr(partitions, ordering);
        assertThat(outcome.twoPass()).isFalse();
        assertThat(outcome.spilled()).isZero();
        switch (name) {
            case "size" -> {
                for (int p = 0; p < partitions.size() - 1; p++) {
                    assertThat(partitions.get(p).info().entries()).isEqualTo(cap);
                }
                assertThat(partitions).hasSize((total + cap - 1) / cap);
                assertThat(outcome.peakHeld()).isLessThanOrEqualTo((long) runs * (SizePartitioner.BLOCK + 1));
            }
            case "str" -> {
                PartitionChecks.disjointByCentre(partitions);
                int expected = (total + cap - 1) / cap;
                int slabs = (int) Math.ceil(Math.sqrt(expected));
                assertThat(partitions).allSatisfy(p -> assertThat(p.info().entries()).isLessThanOrEqualTo(cap));
                // Only the last partition of each slab may be short.
                assertThat(partitions.stream().filter(p -> p.info().entries() < cap).count())
                        .isLessThanOrEqualTo(slabs);
            }
            default -> {
                PartitionChecks.disjointByCentre(partitions);
                int m = (int) Math.ceil(Partitioners.DEFAULT_ALPHA * cap);
                int floor = RStarGroveTiler.admissible(total, m, cap) ? m : Math.min(m,
                        total / ((total + cap - 1) / cap));
                assertThat(partitions).allSatisfy(p -> assertThat(p.info().entries()).isBetween((long) floor,
                        (long) cap));
            }
        }

        PartitionCollector again = new PartitionCollector();
        Partitioners.create(name, Map.of()).partition(inputs, ordering, cap, again);
        assertThat(idsOf(again.partitions())).as("deterministic").isEqualTo(idsOf(partitions));
    }

    static List<List<Long>> idsOf(List<PartitionCollector.Collected> partitions) {
        List<List<Long>> ids = new ArrayList<>();
        for (PartitionCollector.Collected partition : partitions) {
            List<Long> these = new ArrayList<>();
            for (int row = 0; row < partition.entries().size(); row++) {
                these.add(partition.entries().id(row));
            }
            ids.add(these);
        }
        return ids;
    }
}

package org.spatiallsm.partitioning.partitioner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Ordering;
import org.spatiallsm.partitioning.ordering.Orderings;

class PartitionerBehaviourTest {

    private final Ordering hilbert = Orderings.create("hilbert");

    @ParameterizedTest
    @ValueSource(strings = { "str", "rstar-grove-area", "rstar-grove-perimeter", "size" })
    void aMergeTenTimesTheBudgetStaysWithinIt(String name, @TempDir Path spill) throws IOException {
        int budget = 1000;
        List<EntryRun> inputs = name.equals("size") ? TestData.sortedRuns(7, 4, 2500, hilbert)
                : List.of(TestData.generated(7, 0, 4000), TestData.generated(8, 4000, 6000));
        Partitioner partitioner = Partitioners.create(name, Map.of("memory-budget", "" + budget), spill);
        PartitionCollector collector = new PartitionCollector();
        MergeOutcome outcome = partitioner.partition(inputs, hilbert, 100, collector);

        assertThat(outcome.peakHeld()).isPositive().isLessThanOrEqualTo(budget);
        PartitionChecks.everyEntryExactlyOnce(collector.partitions(), outcome, 10_000);
        PartitionChecks.sortedWithExactMbr(collector.partitions(), hilbert);
        if (!name.equals("size")) {
            assertThat(outcome.twoPass()).isTrue();
            assertThat(outcome.spilled()).isEqualTo(10_000);
            PartitionChecks.disjointByCentre(collector.partitions());
            // The sample's regions approximate the cap: about 100 partitions of about 100 entries.
            assertThat(collector.partitions().size()).isBetween(70, 140);
            try (Stream<Path> left = Files.list(spill)) {
                assertThat(left).as("spilled runs are deleted").isEmpty();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "str", "rstar-grove-area", "rstar-grove-perimeter" })
    void duplicateCoordinatesStayDisjointByCentre(String name) {
        Entries grid = new Entries();
        for (int id = 0; id < 3000; id++) {
            grid.addPoint(id, id % 7, (id / 7) % 11); // 77 distinct points, ~39 copies each
        }
        PartitionCollector collector = new PartitionCollector();
        MergeOutcome outcome = Partitioners.create(name, Map.of()).partition(List.of(EntryRun.of(grid)),
                Orderings.create("simple"), 100, collector);
        PartitionChecks.everyEntryExactlyOnce(collector.partitions(), outcome, 3000);
        PartitionChecks.disjointByCentre(collector.partitions());
    }

    @Test
    void rStarGroveRelaxesTheMinimumWhenNoSplitIsAdmissible() {
        // 150 entries, cap 100, alpha 0.8 (m = 80): no k with 80k <= 150 <= 100k, so m drops to 75.
        List<Long> sizes = rStarGroveSizes(Map.of(), 150, 100);
        assertThat(sizes).containsExactly(75L, 75L);
    }

    @Test
    void rStarGroveBalancesWhereTheForkPeeledStrips() {
        // 1050 entries, cap 100: alpha 0.8 gives 11 to 13 partitions of 80..100; the fork's rule peels strips of 98.
        List<Long> balanced = rStarGroveSizes(Map.of(), 1050, 100);
        assertThat(balanced.size()).isBetween(11, 13);
        assertThat(balanced).allSatisfy(size -> assertThat(size).isBetween(80L, 100L));
        List<Long> fork = rStarGroveSizes(Map.of("alpha", "1", "fallback", "fork-strip"), 1050, 100);
        assertThat(fork).hasSize(11).containsOnly(98L, 70L);
        assertThat(fork.stream().filter(size -> size == 98L).count()).isEqualTo(10);
    }

    @Test
    void rStarGroveBetaKeepsBothSidesLarge() {
        // With beta 0.4 the first split of 800 entries leaves at least 320 on each side; sizes stay in [m, cap].
        List<Long> sizes = rStarGroveSizes(Map.of("beta", "0.4"), 800, 100);
        assertThat(sizes.stream().mapToLong(Long::longValue).sum()).isEqualTo(800);
        assertThat(sizes).allSatisfy(size -> assertThat(size).isBetween(80L, 100L));
    }

    private static List<Long> rStarGroveSizes(Map<String, String> parameters, int n, int cap) {
        Entries points = new Entries();
        TestData.generated(3, 0, n).open().read(points, n);
        PartitionCollector collector = new PartitionCollector();
        MergeOutcome outcome = Partitioners.create("rstar-grove-area", parameters).partition(
                List.of(EntryRun.of(points)), Orderings.create("zorder"), cap, collector);
        PartitionChecks.everyEntryExactlyOnce(collector.partitions(), outcome, n);
        List<Long> sizes = new ArrayList<>();
        outcome.partitions().forEach(p -> sizes.add(p.entries()));
        return sizes;
    }

    @Test
    void strCutsVerticalSlabsThenRows() {
        // 16 points on a 4 x 4 grid, cap 4: P = 4, two slabs of 8 points (x < 2 and x >= 2), each cut at y = 2.
        Entries grid = new Entries();
        for (int id = 0; id < 16; id++) {
            grid.addPoint(id, id % 4, id / 4);
        }
        PartitionCollector collector = new PartitionCollector();
        Partitioners.create("str", Map.of()).partition(List.of(EntryRun.of(grid)), Orderings.create("simple"), 4,
                collector);
        double inf = Double.POSITIVE_INFINITY;
        assertThat(collector.partitions()).extracting(p -> p.info().region()).containsExactly(
                new Rect(-inf, -inf, 2, 2), new Rect(-inf, 2, 2, inf), new Rect(2, -inf, inf, 2),
                new Rect(2, 2, inf, inf));
        assertThat(collector.partitions()).extracting(p -> p.info().mbr()).containsExactly(new Rect(0, 0, 1, 1),
                new Rect(0, 2, 1, 3), new Rect(2, 0, 3, 1), new Rect(2, 2, 3, 3));
    }

    @Test
    void sizeRefusesAnUnsortedInput() {
        Entries unsorted = new Entries();
        unsorted.addPoint(1, 10, 0);
        unsorted.addPoint(2, -10, 0);
        assertThatThrownBy(() -> Partitioners.create("size", Map.of()).partition(List.of(EntryRun.of(unsorted)),
                Orderings.create("simple"), 10, new PartitionCollector()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("merge input 0 is not sorted by the simple ordering (entry 2 follows entry 1)");
    }

    @Test
    void badNamesParametersAndCapsAreOneLineErrors() {
        assertThatThrownBy(() -> Partitioners.create("quad", Map.of()))
                .hasMessage("unknown partitioner 'quad' (known: size, str, rstar-grove-area, rstar-grove-perimeter)");
        assertThatThrownBy(() -> Partitioners.create("size", Map.of("alpha", "0.5")))
                .hasMessage("partitioner size has no parameter 'alpha' (known: memory-budget)");
        assertThatThrownBy(() -> Partitioners.create("rstar-grove-area", Map.of("alpha", "0")))
                .hasMessage("partitioner rstar-grove-area: alpha must be in (0, 1], got 0");
        assertThatThrownBy(() -> Partitioners.create("rstar-grove-area", Map.of("alpha", "1.5")))
                .hasMessage("partitioner rstar-grove-area: alpha must be in [0.0, 1.0], got 1.5");
        assertThatThrownBy(() -> Partitioners.create("rstar-grove-perimeter", Map.of("beta", "0.5")))
                .hasMessage("partitioner rstar-grove-perimeter: beta must be in [0, 0.5), got 0.5");
        assertThatThrownBy(() -> Partitioners.create("rstar-grove-area", Map.of("fallback", "strip")))
                .hasMessage("partitioner rstar-grove-area: fallback must be one of relax, fork-strip, got 'strip'");
        assertThatThrownBy(() -> Partitioners.create("str", Map.of("memory-budget", "ten")))
                .hasMessage("partitioner str: memory-budget must be a number, got 'ten'");
        assertThatThrownBy(() -> Partitioners.create("str", Map.of()).partition(List.of(), hilbert, 0,
                new PartitionCollector())).hasMessage("the output cap must be at least 1 entry, got 0");
    }

    @Test
    void anEmptyMergeHasNoPartitions() {
        for (String name : Partitioners.names()) {
            MergeOutcome outcome = Partitioners.create(name, Map.of()).partition(List.of(EntryRun.of(new Entries())),
                    hilbert, 10, new PartitionCollector());
            assertThat(outcome.partitions()).as(name).isEmpty();
        }
    }
}

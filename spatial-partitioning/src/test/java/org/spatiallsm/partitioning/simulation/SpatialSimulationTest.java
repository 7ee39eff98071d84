package org.spatiallsm.partitioning.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.merge.simulation.MergedSize;
import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.leveled.LeveledComponent;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.partitioning.ordering.Orderings;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;

class SpatialSimulationTest {

    private static SpatialSimulation.Settings settings(String distribution, long records, int perFlush, String order,
            List<Double> sigmas) {
        RecordGenerator data = new RecordGenerator(PointDistributions.create(distribution, Map.of(), 3),
                RecordShapes.named("point"), 3);
        return new SpatialSimulation.Settings(data, records, perFlush, Orderings.create(order), Map.of(), 200, sigmas,
                11);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "size", "str", "rstar-grove-area", "rstar-grove-perimeter" })
    void everyRecordEndsInExactlyOneComponentWhoseMbrCoversIt(String partitioning) {
        SpatialSimulation.Settings settings = settings("uniform", 6_000, 200, "hilbert", List.of());
        PartitionedStorage storage = new PartitionedStorage(settings.ordering(), Map.of());
        LeveledSimulator<Rect, Entries> simulator = new LeveledSimulator<>(LeveledPolicy.create(Map.of(
                "level0-components", "2", "size-ratio", "4", "partitioning", partitioning)), storage);
        for (long flush = 0; flush < settings.flushes(); flush++) {
            simulator.flush(storage.flush(settings.flush(flush)));
        }

        Set<Long> seen = new HashSet<>();
        for (Map.Entry<LeveledComponent<Rect>, Entries> component : simulator.contents()) {
            Entries entries = component.getValue();
            assertThat(component.getKey().entries()).isEqualTo(entries.size());
            for (int row = 0; row < entries.size(); row++) {
                assertThat(seen.add(entries.id(row))).isTrue();
                assertThat(component.getKey().bounds().contains(entries.minX(row), entries.minY(row))).isTrue();
            }
        }
        assertThat(seen).hasSize(6_000);
        assertThat(simulator.summary().levels().size()).isGreaterThan(2);
    }

    @Test
    void aWindowOverTheWholeGlobeMakesEveryComponentOperational() {
        SpatialSimulation.Settings settings = settings("osm-like", 5_000, 250, "simple", List.of(0.0, 3.0));

        SpatialSummary leveled = SpatialSimulation.leveled(LeveledPolicy.create(Map.of("size-ratio", "4",
                "partitioning", "str")), settings, progress -> { });
        SpatialSummary binomial = SpatialSimulation.stack(MergePolicies.byName("binomial").create(
                PolicyParameters.parse(MergePolicies.byName("binomial"), Map.of("k", "4"))), settings, p -> { });

        assertThat(leveled.queries().get(0).operationalComponents()).isEqualTo(leveled.components());
        assertThat(binomial.queries().get(0).operationalComponents()).isEqualTo(binomial.components());
        assertThat(binomial.levels()).hasSize(1);
        assertThat(leveled.queries().get(1).operationalComponents()).isLessThan(leveled.components());
        assertThat(leveled.writeAmplificationLogged()).isGreaterThan(binomial.writeAmplificationLogged());
    }

    @Test
    void aStackPolicyDecidesOnTheSizesGivenAndTakesItsMbrsFromTheRecords() {
        // 200 flushes of 30 records: one partition's share of the bench's tiered-b4 run of 12,000 records.
        SpatialSimulation.Settings settings = settings("uniform", 6_000, 30, "hilbert", List.of(0.0));
        PolicyParameters b4 = PolicyParameters.parse(MergePolicies.byName("tiered"), Map.of("size-ratio", "4"));
        long[] padded = new long[200];
        Arrays.fill(padded, 262_160); // an engine's smallest R-tree component, whatever it holds
        MergedSize paddedMerges = inputs -> 262_160;

        SpatialSummary entries = SpatialSimulation.stack(b4.descriptor().create(b4), settings, p -> { });
        SpatialSummary engineSizes = SpatialSimulation.stack(b4.descriptor().create(b4), settings, padded,
                paddedMerges, p -> { });

        // Entries: sizes grow with the flushes a component holds, tiers as in the study (200 = 3020 in base 4).
        assertThat(entries.levels()).containsExactly(3 + 0 + 2 + 0);
        // Padded sizes: every component looks alike, so every 4 merge into 1: 1 + (200 - 1) mod 3 remain.
        assertThat(engineSizes.levels()).containsExactly(2);
        assertThat(engineSizes.merges()).isEqualTo(199 / 3);
        assertThat(engineSizes.queries().get(0).operationalComponents()).isEqualTo(2);
        assertThatThrownBy(() -> SpatialSimulation.stack(b4.descriptor().create(b4), settings, new long[199],
                paddedMerges, p -> { })).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("199 flush sizes for 200 flushes");
    }

    @Test
    void theSameSettingsGiveTheSameRun() {
        SpatialSimulation.Settings settings = settings("gaussian", 4_000, 200, "zorder", List.of(3.0, 5.0));
        LeveledPolicy policy = LeveledPolicy.create(Map.of("size-ratio", "3", "partitioning", "rstar-grove-area"));
        List<SpatialSimulation.Progress> first = new ArrayList<>();

        SpatialSummary once = SpatialSimulation.leveled(policy, settings, first::add);
        SpatialSummary again = SpatialSimulation.leveled(policy, settings, p -> { });

        assertThat(again).isEqualTo(once);
        assertThat(first).hasSize(20);
        assertThat(first.get(19).records()).isEqualTo(4_000);
    }

    @Test
    void overlapWithinALevelCountsIntersectingNeighbours() {
        assertThat(SpatialSimulation.averageOverlap(List.of(new Rect(0, 0, 1, 1), new Rect(1, 1, 2, 2),
                new Rect(5, 5, 6, 6)))).isEqualTo(2 / 3.0);
    }
}

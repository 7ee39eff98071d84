package org.spatiallsm.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.CliRun.assertOneLineUsageError;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.spatiallsm.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.spatiallsm.experiment.SearchCounters;
import org.spatiallsm.experiment.bench.SpatialPoliciesReport;
import org.spatiallsm.experiment.study.SpatialPolicyConfiguration;
import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.PartitionHistories;
import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.merge.simulation.DecisionReplay;
import org.spatiallsm.merge.simulation.PartitionHistory;
import org.spatiallsm.partitioning.ordering.Orderings;
import org.spatiallsm.partitioning.simulation.SpatialSimulation;
import org.spatiallsm.partitioning.simulation.SpatialSummary;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** bench spatial-policies: its one-line argument errors, its configurations, counters and table (no cluster). */
class SpatialPoliciesBenchCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static CliRun bench(String... arguments) {
        return CliRun.benchAtNowhere("spatial-policies", arguments);
    }

    @Test
    void badArgumentsAreRefusedInOneLine() {
        assertOneLineUsageError(bench("--configurations", "binomial-k4,leveled-quadtree"), "unknown configuration "
                + "'leveled-quadtree'; known: binomial-k4, tiered-b4, leveled-size-hilbert, leveled-size-simple, "
                + "leveled-str, leveled-rstar-grove");
        assertOneLineUsageError(bench("--configurations", "tiered-b4,tiered-b4"),
                "configuration 'tiered-b4' is listed twice");
        assertOneLineUsageError(bench("--distributions", "uniform,uniform"), "--distributions lists a distribution "
                + "twice: [uniform, uniform]");
        assertOneLineUsageError(bench("--distributions", "spiral"), "spiral");
        assertOneLineUsageError(bench("--record-bytes", "10"),
                "--record-bytes must be at least 61 bytes (id, point and "
                + "field names), got 10");
        assertOneLineUsageError(bench("--records-per-flush", "0"),
                "--records, --records-per-flush, --batch and --queries must "
                + "be at least 1");
        assertOneLineUsageError(bench("--sigma", "3,11"), "--sigma takes values from 0 to 10, got [3.0, "
                + "11.0]");
        assertOneLineUsageError(bench("--warm-up-records", "-1"), "--warm-up-records must be at least 0, got -1");
        assertOneLineUsageError(bench("--records", "many"), "many");
    }

    @Test
    void aGoodCommandLineReachesTheClusterAndSaysSoInOneLine() {
        CliRun run = bench("--configurations", "binomial-k4", "--distributions", "osm-like", "--records", "10");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).startsWith("error: ").hasLineCount(1);
    }

    @Test
    void configurationsBecomeTheIndexOptionsTheDdlValidates() {
        List<SpatialPolicyConfiguration> chosen = SpatialPolicyConfiguration.select(List.of("leveled-str",
                " binomial-k4"));

        assertThat(chosen).extracting(SpatialPolicyConfiguration::name).containsExactly("leveled-str", "binomial-k4");
        assertThat(chosen.get(0).withClause()).isEqualTo("{\"merge-policy\":{\"name\":\"leveled\",\"parameters\":{"
                + "\"level0-components\":2,\"size-ratio\":10,\"pick\":\"min-overlap\",\"overlap-mode\":\"relative\","
                + "\"rewrite\":\"false\",\"partitioning\":\"str\",\"max-component-entries\":0,\"seed\":0,"
                + "\"memory-budget\":1000000}},"
                + "\"comparator\":\"hilbert\"}");
        assertThat(chosen.get(1).withClause()).isEqualTo("{\"merge-policy\":{\"name\":\"binomial\",\"parameters\":{"
                + "\"k\":4}},\"comparator\":\"hilbert\"}");
        assertThat(SpatialPolicyConfiguration.select(List.of("leveled-rstar-grove")).get(0).validated()
                .getChoice("partitioning")).isEqualTo("rstar-grove-area");
    }

    @Test
    void countersGiveComponentsPerSearchAndNotAvailableWithoutThem() {
        List<ComponentsListing> before = List.of(listing("nc1", 0, 10L, 40L, List.of()),
                listing("nc2", 1, 10L, 30L, List.of()));
        List<ComponentsListing> after = List.of(listing("nc1", 0, 14L, 52L, List.of()),
                listing("nc2", 1, 14L, 36L, List.of()));
        List<ComponentsListing> without = List.of(listing("nc1", 0, null, null, List.of()),
                listing("nc2", 1, null, null, List.of()));

        assertThat(SearchCounters.of(after, "locationIndex").openedPerSearchSince(
                SearchCounters.of(before, "locationIndex"))).isEqualTo(OptionalDouble.of(18.0 / 8));
        assertThat(SearchCounters.of(without, "locationIndex").openedPerSearchSince(
                SearchCounters.of(without, "locationIndex"))).isEmpty();
        assertThat(SearchCounters.of(before, "locationIndex").openedPerSearchSince(
                SearchCounters.of(before, "locationIndex"))).as("no search in between").isEmpty();
        assertThat(SearchCounters.partitions(after, "locationIndex")).isEqualTo(2);
    }

    @Test
    void levelsAreCountedOverPartitionsAndAStackIsOneLevel() {
        List<ComponentsListing> leveled = List.of(listing("nc1", 0, null, null, levels(0, 2, 2)),
                listing("nc2", 1, null, null, levels(0, 0)));
        List<ComponentsListing> stack = List.of(listing("nc1", 0, null, null, levels(null, null)),
                listing("nc2", 1, null, null, levels((Integer) null)));

        assertThat(SearchCounters.levels(leveled, "locationIndex")).containsExactly(3, 0, 2);
        assertThat(SearchCounters.levels(stack, "locationIndex")).containsExactly(3);
    }

    @Test
    void tablePutsConfigurationsSideBySideWithThePrediction() {
        SpatialSummary stackPrediction = new SpatialSummary(10, 1000, 3.5, 4.0, 7, 0, List.of(4), List.of(3.0),
                List.of(new SpatialSummary.QueryCost(3, 5, 4.0), new SpatialSummary.QueryCost(5, 5, 4.0)));
        SpatialSummary leveledPrediction = new SpatialSummary(10, 1000, 12.25, 13.0, 9, 2, List.of(2, 8),
                List.of(1.0, 0.0), List.of(new SpatialSummary.QueryCost(3, 5, 3.2),
                        new SpatialSummary.QueryCost(5, 5, 2.6)));
        List<SpatialPoliciesReport.Column> columns = List.of(
                new SpatialPoliciesReport.Column("binomial-k4", 3.75, 1234.4,
                        Map.of(3.0, OptionalDouble.of(4.0), 5.0, OptionalDouble.of(3.5)), Map.of(3.0, 12.5, 5.0, 9.0),
                        List.of(7), 2, stackPrediction, List.of(onEngineSizes(3, 2.5), onEngineSizes(4, 3.5))),
                new SpatialPoliciesReport.Column("leveled-str", 11.0, 987.6,
                        Map.of(3.0, OptionalDouble.empty(), 5.0, OptionalDouble.empty()), Map.of(3.0, 8.25, 5.0, 7.0),
                        List.of(4, 19), 2, leveledPrediction, List.of()));

        String table = SpatialPoliciesReport.table("title", List.of(3.0, 5.0), columns);

        assertThat(table.lines()).containsExactly(
                "title",
                "per R-tree partition              binomial-k4  leveled-str",
                "R-tree W, engine (bytes)                 3.75        11.00",
                "R-tree W, simulator (entries)            3.50        12.25",
                "ingestion (records/s)                   1,234          988",
                "components/search s=3, engine            4.00          n/a",
                "components/search s=3, simulator         3.00         3.20",
                "query latency s=3 (ms)                  12.50         8.25",
                "components/search s=5, engine            3.50          n/a",
                "components/search s=5, simulator         3.50         2.60",
                "query latency s=5 (ms)                   9.00         7.00",
                "components per level, engine              3.5     [2, 9.5]",
                "components per level, simulator           3.5       [2, 8]",
                "simulator components of binomial-k4: on each partition's component sizes from the engine's events "
                        + "(bytes); W: entries");
    }

    /** One partition's stack simulated on the engine's sizes: its components, the same count at both sigmas. */
    private static SpatialSummary onEngineSizes(int components, double perSearch) {
        return new SpatialSummary(10, 500, 1.5, 1.5, 3, 0, List.of(components), List.of(1.0), List.of(
                new SpatialSummary.QueryCost(3, 5, perSearch), new SpatialSummary.QueryCost(5, 5, perSearch + 0.5)));
    }

    @Test
    void tieredSimulatedOnTheEnginesSizesMakesTheEnginesMergesAndEndsWithItsStack() throws Exception {
        // Partition 0 of a recorded run: tiered-b4, 12,000 uniform records in flushes of 60 on 2 partitions. Every
        // component there is a padded R-tree file of 262,160 or 524,320 bytes, whatever it holds.
        List<LsmEvent> events;
        try (InputStream in = getClass().getResourceAsStream("tiered-b4-partition0-events.jsonl")) {
            events = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .map(line -> trimmedEvent(readJson(line))).toList();
        }
        PartitionHistory history = PartitionHistories.of(events);
        int engineStack = history.flushSizes().length
                - events.stream().filter(LsmEvent::isMerge).mapToInt(e -> e.inputs().size() - 1).sum();
        SpatialPolicyConfiguration tiered = SpatialPolicyConfiguration.select(List.of("tiered-b4")).get(0);
        PolicyParameters b4 = tiered.validated();
        SpatialSimulation.Settings share = shareOfOnePartition(30);

        List<SpatialSummary> onEngineSizes = tiered.simulateOnEngineSizes(share, List.of(history));

        assertThat(DecisionReplay.makesTheEnginesMerges(b4.descriptor().create(b4), history)).isTrue();
        assertThat(onEngineSizes).hasSize(1);
        assertThat(onEngineSizes.get(0).merges()).isEqualTo(history.mergedRanges().size()).isEqualTo(65);
        assertThat(onEngineSizes.get(0).levels()).containsExactly(engineStack).containsExactly(3);
        assertThat(onEngineSizes.get(0).queries().get(0).operationalComponents()).isEqualTo(3);
        // The studies' model sizes components by entries: other tiers, other merges (the bench's old 5 against 3).
        assertThat(tiered.simulate(share).levels()).containsExactly(5);
        assertThat(tiered.simulateOnEngineSizes(shareOfOnePartition(60), List.of(history)))
                .as("100 modelled flushes against 200 in the engine").isEmpty();
        assertThat(SpatialPolicyConfiguration.select(List.of("leveled-str")).get(0)
                .simulateOnEngineSizes(share, List.of(history))).isEmpty();
    }

    private static SpatialSimulation.Settings shareOfOnePartition(int recordsPerFlush) {
        return new SpatialSimulation.Settings(new RecordGenerator(PointDistributions.create("uniform", Map.of(), 1),
                RecordShapes.named("point"), 1), 6_000, recordsPerFlush, Orderings.create("hilbert"), Map.of(), 10,
                List.of(0.0), 1);
    }

    /**
     * A line of the trimmed recording, which keeps only what the analysis reads: the kind, t, the components'
     * sequence ranges and sizes, the bytes written and a merge's inputs.
     */
    private static LsmEvent trimmedEvent(JsonNode json) {
        DiskComponent component = trimmedComponent(json.get("component"));
        List<DiskComponent> inputs = new ArrayList<>();
        json.path("inputs").forEach(input -> inputs.add(trimmedComponent(input)));
        return new LsmEvent(json.get("event").asText(), "asterix_nc1",
                new IndexPartition("Bench", "tiered", json.get("index").asText(), json.get("partition").asInt()), "",
                json.get("flushCount").asLong(), Optional.of(component), List.of(component), OptionalInt.empty(),
                inputs, json.get("bytesWritten").asLong(), OptionalDouble.empty(), List.of());
    }

    private static DiskComponent trimmedComponent(JsonNode json) {
        long first = json.get("sequences").get(0).asLong();
        long last = json.get("sequences").get(1).asLong();
        return new DiskComponent(first, last, first, last, json.get("bytes").asLong(), OptionalLong.empty(), false);
    }

    private static JsonNode readJson(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A node's listing: the primary index "d" (whose counters must not count), then locationIndex. */
    private static ComponentsListing listing(String node, int partition, Long searches, Long opened,
            List<ComponentListing> components) {
        IndexListing primary = new IndexListing("d", partition, 1, true, 0, List.of(), 99L, 99L, 0L, null, null,
                null, null);
        IndexListing index = new IndexListing("locationIndex", partition, 1, false, components.size(), components,
                searches, opened, opened == null ? null : 0L, null, null, null, null);
        return new ComponentsListing(node, "Bench", "d", List.of(primary, index));
    }

    private static List<ComponentListing> levels(Integer... levels) {
        return Arrays.stream(levels).map(level -> new ComponentListing(List.of(0L, 0L), List.of(1L, 1L), 100, null,
                false, null, null, level)).toList();
    }
}

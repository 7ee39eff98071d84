package org.spatiallsm.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.CliRun.assertOneLineUsageError;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.spatiallsm.cli.CliRun;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code simulate --policy leveled}: the count model, and the spatial mode for leveled and stack policies. */
class SimulateLeveledCommandTest {


    @Test
    void countModelRowsCarryTheLevelsOfTable41AndTheStackAmplificationFields() throws IOException {
        CliRun run = simulate("--policy", "leveled", "--param", "level0-components=2", "--param", "size-ratio=4",
                "--flushes", "60", "--every", "20", "--format", "json");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        List<JsonNode> lines = run.jsonLines();
        assertThat(lines).hasSize(4);
        assertThat(lines.subList(0, 3)).extracting(line -> line.get("levels").toString())
                .containsExactly("[2,4,14]", "[2,4,16,18]", "[2,4,16,38]");
        assertThat(lines.get(0).fieldNames()).toIterable().containsExactly("flush", "levels", "writeAmplification",
                "writeAmplificationLogged", "readAmplification", "merges", "moves", "transientSpaceAmplification",
                "transientSpaceOfFlush");
        // The first merges into level 1 set the run's value, 12 / 7 at flush 7; later flushes need less.
        assertThat(lines.subList(0, 3)).extracting(line -> line.get("transientSpaceAmplification").asDouble())
                .containsOnly(12.0 / 7);
        assertThat(lines.get(2).get("transientSpaceOfFlush").asDouble()).isLessThan(1.25);
        JsonNode summary = lines.get(3).get("summary");
        assertThat(summary.get("policy").asText()).isEqualTo("leveled");
        assertThat(summary.get("parameters").toString()).isEqualTo("{\"level0-components\":2,\"size-ratio\":4,"
                + "\"pick\":\"min-overlap\",\"overlap-mode\":\"relative\",\"rewrite\":\"false\",\"partitioning\":"
                + "\"size\",\"max-component-entries\":0,\"seed\":0,\"memory-budget\":1000000}");
        assertThat(summary.get("levels").toString()).isEqualTo("[2,4,16,38]");
        assertThat(summary.get("bytesFlushed").asLong()).isEqualTo(60);
        assertThat(summary.get("writeAmplification").asDouble())
                .isEqualTo(lines.get(2).get("writeAmplification").asDouble()).isGreaterThan(1);
        assertThat(summary.get("moves").asLong()).isPositive();
        assertThat(summary.has("transientSpaceAmplification")).isTrue();
    }

    @Test
    void theTableShowsLevelsMergesAndMoves() {
        // B0 = 1, B = 2 (hand-run in LeveledSimulatorTest): after 4 flushes [1, 2, 1], 2 merges, 2 moves,
        // W = W_logged = 9/4, point-read cost averaged 8/4.
        CliRun run = simulate("--policy", "leveled", "--param", "level0-components=1", "--param", "size-ratio=2",
                "--flushes", "4", "--every", "4");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("policy leveled {level0-components=1, size-ratio=2, pick=min-overlap,"
                + " overlap-mode=relative, rewrite=false, partitioning=size, max-component-entries=0, seed=0, "
                + "memory-budget=1000000}\n")
                .contains("flush          W   W_logged         RA   merges    moves  levels (L0 first)\n")
                .contains("    4      2.250      2.250      2.000        2        2  [1, 2, 1]\n")
                .contains("moves                          2\n")
                .endsWith("levels (L0 first)              [1, 2, 1]\n");
    }

    @Test
    void leveledParameterErrorsAreOneLine() {
        assertOneLineUsageError(simulate("--policy", "leveled", "--param", "pick=best", "--flushes", "5"),
                "error: merge policy 'leveled': invalid value 'best' for parameter 'pick' (allowed: one of oldest,"
                        + " newest, min-overlap, min-overlap-by-centre, max-overlap, round-robin, rand-uniform,"
                        + " rand-binomial, rand-oldest, rand-newest)");
        assertOneLineUsageError(simulate("--policy", "leveled", "--param", "size-ratio=1", "--flushes", "5"),
                "(allowed: an integer from 2 to 1000)");
        assertOneLineUsageError(simulate("--policy", "leveled", "--flushes", "5", "--component-overhead", "2"),
                "--flush-sizes and --component-overhead apply to stack policies");
    }

    @Test
    void theSpatialModeReportsLevelsOverlapAndOperationalComponentsPerSelectivity() throws IOException {
        CliRun run = simulate("--policy", "leveled", "--param", "size-ratio=4", "--distribution", "uniform",
                "--records", "6000", "--records-per-flush", "300", "--partitioning", "str", "--comparator", "simple",
                "--queries", "100", "--sigma", "0,3", "--every", "10", "--format", "json");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        List<JsonNode> lines = run.jsonLines();
        assertThat(lines).extracting(line -> line.path("flush").asLong()).containsExactly(10L, 20L, 0L);
        assertThat(lines.get(1).get("records").asLong()).isEqualTo(6000);
        JsonNode summary = lines.get(2).get("summary");
        assertThat(summary.get("parameters").get("partitioning").asText()).isEqualTo("str");
        assertThat(summary.get("flushes").asLong()).isEqualTo(20);
        int components = summary.get("components").asInt();
        int sum = 0;
        for (JsonNode level : summary.get("levels")) {
            sum += level.asInt();
        }
        assertThat(sum).isEqualTo(components);
        assertThat(summary.get("overlapWithinLevel")).hasSize(summary.get("levels").size());
        // sigma = 0: the window is the whole globe, so every component is operational.
        assertThat(summary.get("readAmplification").get(0).get("operationalComponents").asDouble())
                .isEqualTo(components);
        assertThat(summary.get("readAmplification").get(1).get("operationalComponents").asDouble())
                .isLessThan(components);
    }

    @Test
    void partitionerParametersReachTheLeveledMerges() throws IOException {
        List<String> common = List.of("--policy", "leveled", "--param", "size-ratio=4", "--distribution", "uniform",
                "--records", "6000", "--records-per-flush", "300", "--partitioning", "rstar-grove-area", "--queries",
                "0", "--every", "100", "--format", "json");
        List<String> fork = new ArrayList<>(common);
        fork.addAll(List.of("--partitioner-param", "alpha=1", "--partitioner-param", "fallback=fork-strip"));

        CliRun balanced = simulate(common.toArray(String[]::new));
        CliRun strips = simulate(fork.toArray(String[]::new));

        assertThat(strips.exitCode()).isZero();
        // The research fork's strips hold cap - 2 = 298 entries where the balanced partitions hold 240 to 300, so
        // the same merges write other components.
        assertThat(strips.jsonLines().get(1).get("summary").get("writeAmplification").asDouble())
                .isNotEqualTo(balanced.jsonLines().get(1).get("summary").get("writeAmplification").asDouble());
    }

    @Test
    void aSpatialRecordOrderMakesFlushesLocalAndRandomIsTheDefault() throws IOException {
        List<String> common = List.of("--policy", "leveled", "--param", "size-ratio=4", "--distribution", "uniform",
                "--records", "6000", "--records-per-flush", "300", "--queries", "0", "--every", "100", "--format",
                "json");
        JsonNode byDefault = summary(common);
        JsonNode random = summary(common, "--record-order", "random");
        JsonNode hilbert = summary(common, "--record-order", "hilbert");
        JsonNode regions = summary(common, "--record-order", "sorted-x", "--record-order-cycles", "2",
                "--region-flushes", "5");

        assertThat(random).isEqualTo(byDefault);
        assertThat(byDefault.get("recordOrder").asText()).isEqualTo("random");
        assertThat(regions.get("recordOrder").asText()).isEqualTo("sorted-x");
        assertThat(regions.get("recordOrderCycles").asInt()).isEqualTo(2);
        assertThat(regions.get("regionFlushes").asInt()).isEqualTo(5);
        // Sorted by Hilbert value, each flush is a small cell that overlaps almost nothing of the level below, so
        // most merges into level 1 and deeper become moves.
        assertThat(hilbert.get("moves").asLong()).isGreaterThan(byDefault.get("moves").asLong());
        assertThat(hilbert.get("writeAmplification").asDouble())
                .isLessThan(byDefault.get("writeAmplification").asDouble());
    }

    private static JsonNode summary(List<String> common, String... more) throws IOException {
        List<String> arguments = new ArrayList<>(common);
        arguments.addAll(List.of(more));
        CliRun run = simulate(arguments.toArray(String[]::new));
        assertThat(run.exitCode()).isZero();
        List<JsonNode> lines = run.jsonLines();
        return lines.get(lines.size() - 1).get("summary");
    }

    @Test
    void theSpatialModeRunsStackPoliciesWhoseComponentsCoverTheirFlushes() throws IOException {
        CliRun run = simulate("--policy", "tiered", "--distribution", "osm-like", "--records", "4000",
                "--records-per-flush", "500", "--queries", "50", "--sigma", "0", "--format", "json");

        assertThat(run.exitCode()).isZero();
        JsonNode summary = run.jsonLines().get(8).get("summary");
        assertThat(summary.get("moves").asLong()).isZero();
        assertThat(summary.get("levels")).hasSize(1);
        assertThat(summary.get("readAmplification").get(0).get("operationalComponents").asDouble())
                .isEqualTo(summary.get("components").asDouble());
    }

    @Test
    void spatialModeErrorsAreOneLine() {
        assertOneLineUsageError(simulate("--policy", "leveled", "--distribution", "zipf"),
                "unknown distribution 'zipf'");
        assertOneLineUsageError(simulate("--policy", "leveled", "--distribution", "uniform", "--comparator", "peano"),
                "unknown ordering 'peano'");
        assertOneLineUsageError(simulate("--policy", "leveled", "--distribution", "uniform", "--partitioning", "grid"),
                "unknown --partitioning 'grid'");
        assertOneLineUsageError(simulate("--policy", "leveled", "--distribution", "uniform", "--flushes", "5"),
                "takes --records and --records-per-flush instead of --flushes");
        assertOneLineUsageError(simulate("--policy", "leveled", "--distribution", "uniform", "--partitioning", "str",
                "--param", "partitioning=size"), "give the partitioning once");
        assertOneLineUsageError(simulate("--policy", "leveled"), "--flushes is required");
        assertOneLineUsageError(simulate("--policy", "leveled", "--distribution", "uniform", "--partitioner-param",
                "alpha=1"), "partitioner size has no parameter 'alpha'");
        assertOneLineUsageError(simulate("--policy", "tiered", "--distribution", "uniform", "--partitioner-param",
                "alpha=1"), "--partitioner-param applies to the leveled policy only");
        assertOneLineUsageError(simulate("--policy", "leveled", "--distribution", "uniform", "--record-order",
                "by-time"), "unknown record order 'by-time' (known: random, hilbert, sorted-x)");
        assertOneLineUsageError(simulate("--policy", "leveled", "--distribution", "uniform", "--record-order-cycles",
                "3"), "cycles and regions apply to a spatial record order (hilbert, sorted-x), not to random");
        assertOneLineUsageError(simulate("--policy", "leveled", "--distribution", "uniform", "--record-order",
                "hilbert", "--record-order-cycles", "0"), "must be at least 1, got 0 and 1");
        assertOneLineUsageError(simulate("--policy", "leveled", "--distribution", "uniform", "--record-order",
                "hilbert", "--region-flushes", "-1"), "--region-flushes must be at least 0, got -1");
    }

    @Test
    void helpListsTheLeveledPolicy() {
        assertThat(simulate("--help").out().replaceAll("\\s+", " ")).contains("constant-all, leveled");
    }


    private static CliRun simulate(String... arguments) {
        return CliRun.command("simulate", arguments);
    }

}

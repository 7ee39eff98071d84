package org.spatiallsm.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.CliRun.assertOneLineUsageError;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;

import org.spatiallsm.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.GridListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.introspection.SkipScanListing;

/** bench grid-density: argument errors, DDL clauses, counters and the table (no cluster). */
class GridDensityBenchCommandTest {

    /** {@code bench COMMAND ARGUMENTS} against an endpoint where nothing answers: nothing may ask the cluster. */
    private static CliRun bench(String command, String... arguments) {
        return CliRun.of(Stream.of(Stream.of("bench", command), Stream.of(arguments),
                Stream.of("--endpoint", "http://127.0.0.1:1")).flatMap(s -> s).toArray(String[]::new));
    }

    @Test
    void badArgumentsAreRefusedInOneLine() {
        String density = "grid-density";
        assertOneLineUsageError(bench(density, "--data", "rivers"),
                "--data must be tweets, houses or lakes, got 'rivers'");
        assertOneLineUsageError(bench(density, "--records", "0"), "--records must be >= 1, got 0");
        assertOneLineUsageError(bench(density, "--queries", "0"), "--queries must be >= 1, got 0");
        assertOneLineUsageError(bench(density, "--warm-up-queries", "-1"), "--warm-up-queries must be >= 0, got -1");
        assertOneLineUsageError(bench(density, "--radius", "0.1,-1"), "--radius must be > 0, got -1.0");
        assertOneLineUsageError(bench(density, "--levels", "l,l,l,l,h;l,l,l,l,l,l"),
                "expected 6 grid level densities (each l, m or h), got 5 in 'l,l,l,l,h'");
        assertOneLineUsageError(bench(density, "--levels", "l,l,l,l,h,x"), "unknown grid density 'x'");
    }

    @Test
    void nothingAtTheEndpointIsExitCodeThree() {
        CliRun run = bench("grid-density", "--records", "10");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).startsWith("error: ").hasLineCount(1);
    }

    private static IndexListing partition(String index, int partition, SkipScanListing skipScan,
            GridListing grid) {
        return new IndexListing(index, partition, 7, false, 1, List.of(), null, null, null, null, null, skipScan,
                grid);
    }

    @Test
    void countersAreSummedOverPartitionsWhenEveryPartitionHasThem() {
        // An SHB-tree or SIF counts in "grid", a DHB or DHVB index in "skipScan".
        ComponentsListing node1 = new ComponentsListing("nc1", "Dv", "Data", List.of(
                partition("spatialIndex", 0, null, new GridListing("shb", "SHB_POINTS", 2, 3, 10, 7)),
                partition("Data", 0, null, null)));
        ComponentsListing node2 = new ComponentsListing("nc2", "Dv", "Data", List.of(
                partition("spatialIndex", 1, new SkipScanListing("dhb", 2, 5, 5, 0), null)));
        ComponentsListing without = new ComponentsListing("nc3", "Dv", "Data", List.of(
                partition("spatialIndex", 2, null, null)));

        assertThat(OrganisationRow.counter(List.of(node1, node2), "spatialIndex", OrganisationRow::candidates))
                .isEqualTo(OptionalLong.of(15));
        assertThat(OrganisationRow.counter(List.of(node1, node2), "spatialIndex", OrganisationRow::results))
                .isEqualTo(OptionalLong.of(12));
        assertThat(OrganisationRow.counter(List.of(node1, without), "spatialIndex", OrganisationRow::candidates))
                .isEmpty();
        assertThat(OrganisationRow.counter(List.of(node2), "other", OrganisationRow::candidates)).isEmpty();
    }

    @Test
    void relativeValuesArePercentagesOfTheRtree() {
        assertThat(OrganisationRow.relative(151, 100, false, "%,.1f")).isEqualTo("151.0 (151%)");
        assertThat(OrganisationRow.relative(100, 100, true, "%,.1f")).isEqualTo("100.0");
        assertThat(OrganisationRow.relative(3, Double.NaN, false, "%,.0f")).isEqualTo("3");
        assertThat(OrganisationRow.relative(Double.NaN, 100, false, "%,.0f")).isEqualTo("-");
        assertThat(OrganisationRow.relative(5, 0, false, "%,.0f")).isEqualTo("5");
        assertThat(OrganisationRow.degrees(0.00001)).isEqualTo("0.00001");
        assertThat(OrganisationRow.degrees(0.1)).isEqualTo("0.1");
        assertThat(GridDensityBenchCommand.firstLine("bad index type\n  at line 3")).isEqualTo("bad index type");
    }

    @Test
    void tableShowsEveryIndexBesideTheRtreeAndListsErrorsBelow() {
        OrganisationRow rtree = new OrganisationRow("rtree", null, 2000, 4_000_000,
                Map.of(0.01, new double[] { 10, 30, 20 }), Map.of(0.01, new double[] { 40 }), Map.of(0.01, 42L),
                OptionalLong.empty(), OptionalLong.empty());
        OrganisationRow dhvb = new OrganisationRow("dhvb", null, 3020, 5_000_000,
                Map.of(0.01, new double[] { 5, 15, 10 }), Map.of(0.01, new double[] { 80 }), Map.of(0.01, 42L),
                OptionalLong.of(200), OptionalLong.of(150));
        OrganisationRow sif = OrganisationRow.failed("sif", "Syntax error: unknown index type SIF");

        String table = OrganisationRow.table("title", List.of(0.01), List.of(rtree, dhvb, sif));

        assertThat(table.lines().toList()).containsExactly("title",
                "                                     rtree                dhvb                 sif",
                "build s                               2.00         3.02 (151%)               error",
                "index MB                              4.00         5.00 (125%)               error",
                "select 0.01 io ms                     20.0          10.0 (50%)               error",
                "select 0.01 ms                        40.0         80.0 (200%)               error",
                "results 0.01                            42                  42                   -",
                "false positives                        n/a               25.0%                   -",
                "(latencies are medians; x (p%) is p% of the R-tree's value)",
                "sif: error: Syntax error: unknown index type SIF");
    }

    @Test
    void withoutAnRtreeColumnValuesAreAbsolute() {
        OrganisationRow shb = new OrganisationRow("shb 2^30", null, 1500, 1_000_000, Map.of(), Map.of(), Map.of(),
                OptionalLong.empty(), OptionalLong.empty());

        String table = OrganisationRow.table("t", List.of(), List.of(shb));

        assertThat(table).contains("build s                               1.50\n")
                .contains("index MB                              1.00\n");
    }
}

package org.spatiallsm.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.CliRun.assertOneLineUsageError;

import java.util.stream.Stream;

import org.spatiallsm.cli.CliRun;
import org.junit.jupiter.api.Test;

/** bench grid-density: argument errors and a missing cluster (no cluster); its rows: OrganisationRowTest. */
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
        assertOneLineUsageError(bench(density, "--cells-per-object", "16"),
                "--cells-per-object applies to houses and lakes, not to points");
        assertOneLineUsageError(bench(density, "--data", "lakes", "--cells-per-object", "16,0"),
                "cells per object must be from 1 to 65536, was 0");
    }

    @Test
    void nothingAtTheEndpointIsExitCodeThree() {
        CliRun run = bench("grid-density", "--records", "10");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).startsWith("error: ").hasLineCount(1);
    }
}

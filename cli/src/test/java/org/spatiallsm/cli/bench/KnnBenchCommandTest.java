package org.spatiallsm.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.CliRun.assertOneLineUsageError;
import static org.spatiallsm.cli.CliRun.benchAtNowhere;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.cli.CliRun;
import org.spatiallsm.experiment.bench.KnnBench;

/** bench knn: argument errors, a bad --beside file and a missing cluster (no cluster); its table: KnnBenchTableTest. */
class KnnBenchCommandTest {

    @Test
    void badArgumentsAreRefusedInOneLine() {
        assertOneLineUsageError(benchAtNowhere("knn", "--records", "0"), "--records must be >= 1, got 0");
        assertOneLineUsageError(benchAtNowhere("knn", "--ks", "1,0"),
                "--ks must list distinct numbers of at least 1, got [1, 0]");
        assertOneLineUsageError(benchAtNowhere("knn", "--ks", "10,10"),
                "--ks must list distinct numbers of at least 1, got [10, 10]");
        assertOneLineUsageError(benchAtNowhere("knn", "--queries", "0"), "--queries must be >= 1, got 0");
        assertOneLineUsageError(benchAtNowhere("knn", "--warm-up-queries", "-1"),
                "--warm-up-queries must be >= 0, got -1");
        assertOneLineUsageError(benchAtNowhere("knn", "--distribution", "nowhere"), "unknown distribution 'nowhere'");
        assertOneLineUsageError(benchAtNowhere("knn", "--plans", "index"),
                "unknown plan 'index' (known: as-written, scan)");
        assertOneLineUsageError(benchAtNowhere("knn", "--plans", "scan,scan"),
                "--plans must list distinct plans, got [scan, scan]");
        assertOneLineUsageError(benchAtNowhere("knn", "--indexes", "rtree,btree"),
                "unknown organisation 'btree' (known: rtree, dhb, dhvb, shb, sif)");
        assertOneLineUsageError(benchAtNowhere("knn", "--transport", "ftp"),
                "--transport must be feed, http or file, got 'ftp'");
    }

    @Test
    void aBesideFileMustBeASavedRunWithTheSameParameters(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.json");
        assertOneLineUsageError(benchAtNowhere("knn", "--beside", missing.toString()),
                "--beside " + missing + " cannot be read: ");
        Path garbage = Files.writeString(dir.resolve("garbage.json"), "{\"columns\": 3");
        assertOneLineUsageError(benchAtNowhere("knn", "--beside", garbage.toString()),
                "--beside " + garbage + " is not a file bench knn --save wrote: ");
        Path other = dir.resolve("other.json");
        KnnBenchTable.save(other, "10 records (uniform, seed 1), k = 1, 1 query points per k", List.of(
                new KnnBenchTable.Labelled("stock", new KnnBench.Column("rtree", "as-written", null, List.of()))));
        assertOneLineUsageError(benchAtNowhere("knn", "--beside", other.toString()), "--beside " + other
                + " was measured with 10 records (uniform, seed 1), k = 1, 1 query points per k; this run: 50,000 "
                + "records (uniform, seed 1), k = 1,10,100, 20 query points per k");
    }

    @Test
    void nothingAtTheEndpointIsExitCodeThree() {
        CliRun run = benchAtNowhere("knn", "--records", "10");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).startsWith("error: ").hasLineCount(1);
    }
}

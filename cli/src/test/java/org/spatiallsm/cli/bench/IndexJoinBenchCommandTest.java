package org.spatiallsm.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.CliRun.assertOneLineUsageError;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.spatiallsm.cli.CliRun;

/** bench index-join: argument errors and a missing cluster (no cluster); its table: IndexJoinBenchTest. */
class IndexJoinBenchCommandTest {

    /** {@code bench index-join ARGUMENTS} against an endpoint where nothing answers: nothing may ask the cluster. */
    private static CliRun bench(String... arguments) {
        return CliRun.of(Stream.of(Stream.of("bench", "index-join"), Stream.of(arguments),
                Stream.of("--endpoint", "http://127.0.0.1:1")).flatMap(s -> s).toArray(String[]::new));
    }

    @Test
    void badArgumentsAreRefusedInOneLine() {
        assertOneLineUsageError(bench("--records", "0"), "--records must be >= 1, got 0");
        assertOneLineUsageError(bench("--records", "10", "--outer", "11"),
                "--outer must be between 1 and --records (10), got 11");
        assertOneLineUsageError(bench("--joins", "0"), "--joins must be >= 1, got 0");
        assertOneLineUsageError(bench("--warm-up-joins", "-1"), "--warm-up-joins must be >= 0, got -1");
        assertOneLineUsageError(bench("--radius", "0.01,181"), "--radius must be above 0 and at most 180, got 181.0");
        assertOneLineUsageError(bench("--indexes", "rtree,btree"),
                "unknown organisation 'btree' (known: rtree, dhb, dhvb, shb, sif)");
        assertOneLineUsageError(bench("--distribution", "nowhere"), "unknown distribution 'nowhere'");
        assertOneLineUsageError(bench("--transport", "ftp"), "--transport must be feed, http or file, got 'ftp'");
    }

    @Test
    void nothingAtTheEndpointIsExitCodeThree() {
        CliRun run = bench("--records", "10", "--outer", "5");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).startsWith("error: ").hasLineCount(1);
    }
}

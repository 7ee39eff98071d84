package org.spatiallsm.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.CliRun.assertOneLineUsageError;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.spatiallsm.cli.CliRun;

/** bench index-join: argument errors and the table (no cluster). */
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

    @Test
    void tableGivesMediansPerJoinAndPerProbeBesideTheFirstColumn() {
        IndexJoinBenchCommand command = new IndexJoinBenchCommand();
        command.radii = List.of(0.01);
        command.outer = 100;
        IndexJoinBenchCommand.Column rtree = new IndexJoinBenchCommand.Column("rtree", null,
                Map.of(0.01, new double[] { 90, 30, 60 }), Map.of(0.01, 12L));
        IndexJoinBenchCommand.Column dhvb = new IndexJoinBenchCommand.Column("dhvb", null,
                Map.of(0.01, new double[] { 30, 40 }), Map.of(0.01, 12L));
        IndexJoinBenchCommand.Column sif = new IndexJoinBenchCommand.Column("sif", "refused", Map.of(), Map.of());

        String table = command.table("title", List.of(rtree, dhvb, sif));

        assertThat(table.lines().toList()).containsExactly("title",
                String.format("%-22s%20s%20s%20s", "", "rtree", "dhvb", "sif"),
                String.format("%-22s%20s%20s%20s", "join 0.01 ms", "60.0", "35.0 (58%)", "error"),
                String.format("%-22s%20s%20s%20s", "per probe 0.01 ms", "0.60", "0.35 (58%)", "error"),
                String.format("%-22s%20s%20s%20s", "pairs 0.01", "12", "12", "-"),
                "(medians; x (p%) is p% of the first column's value; pairs: all timed joins together, equal in "
                        + "every column)",
                "sif: error: refused");
    }
}

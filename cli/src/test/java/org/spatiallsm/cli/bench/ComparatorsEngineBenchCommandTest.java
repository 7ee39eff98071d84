package org.spatiallsm.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.CliRun.assertOneLineUsageError;

import java.util.List;
import java.util.Map;

import org.spatiallsm.cli.CliRun;
import org.junit.jupiter.api.Test;

/** bench comparators-engine: its one-line argument errors and its table (no cluster needed). */
class ComparatorsEngineBenchCommandTest {

    private static CliRun bench(String... arguments) {
        return CliRun.benchAtNowhere("comparators-engine", arguments);
    }

    @Test
    void badArgumentsAreRefusedInOneLine() {
        assertOneLineUsageError(bench("--comparators", "hilbert,peano"), "unknown comparator \"peano\"; allowed: "
                + "hilbert, zorder, simple, hilbert-stock, zorder-stock");
        assertOneLineUsageError(bench("--comparators", "simple,simple"), "--comparators lists simple twice");
        assertOneLineUsageError(bench("--records", "10", "--flushes", "3"), "--records (10) must be a positive "
                + "multiple of --flushes (3), so that every flush takes the same number of records");
        assertOneLineUsageError(bench("--flushes", "0"), "--records (300000) must be a positive multiple of "
                + "--flushes (0)");
        assertOneLineUsageError(bench("--record-bytes", "0"), "--record-bytes must be >= 1, got 0");
        assertOneLineUsageError(bench("--queries", "0"), "--queries must be >= 1, got 0");
        assertOneLineUsageError(bench("--sigma", "3,-1"), "--sigma must be >= 0, got -1.0");
        assertOneLineUsageError(bench("--records", "many"), "many");
    }

    @Test
    void nothingAtTheEndpointIsExitCodeThree() {
        CliRun run = bench("--records", "10", "--flushes", "1");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).startsWith("error: ").hasLineCount(1);
    }

    @Test
    void statisticsAndTable() {
        assertThat(ComparatorEngineRow.median(new double[] { 5, 1, 3 })).isEqualTo(3);
        assertThat(ComparatorEngineRow.median(new double[] { 4, 1, 3, 2 })).isEqualTo(2.5);
        assertThat(ComparatorEngineRow.mean(new double[] { 1, 2, 6 })).isEqualTo(3);
        assertThat(ComparatorEngineRow.mean(new double[0])).isNaN();

        ComparatorEngineRow stock = new ComparatorEngineRow("hilbert-stock", new double[] { 100, 300 },
                new double[] { 1000 }, 1234.5, Map.of(3.0, new double[] { 10, 30, 20 }), Map.of(3.0, 7L));
        ComparatorEngineRow simple = new ComparatorEngineRow("simple", new double[] { 50, 50 }, new double[0], 2000,
                Map.of(3.0, new double[] { 1, 2, 3, 4 }), Map.of(3.0, 7L));

        assertThat(ComparatorEngineRow.table("title", List.of(3.0), List.of(stock, simple))).isEqualTo("""
                title
                                         hilbert-stock          simple
                flushes                              2               2
                flush ms sum                     400.0           100.0
                flush ms mean                    200.0            50.0
                R-tree merges                        1               0
                merge ms sum                   1,000.0             0.0
                merge ms mean                  1,000.0             NaN
                records/s                      1,234.5         2,000.0
                sigma=3.0 median ms               20.0             2.5
                sigma=3.0 mean ms                 20.0             2.5
                sigma=3.0 results                    7               7
                """);
    }
}

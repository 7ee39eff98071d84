package org.spatiallsm.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** A mistyped option of {@code bench bulk-load} gets one line and exit code 2, before any point is made. */
class BulkLoadBenchmarkTest {

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine command = new CommandLine(new BulkLoadBenchmark());
        command.setErr(new PrintWriter(err, true));
        command.setOut(new PrintWriter(new StringWriter(), true));
        return command.execute(args);
    }

    @Test
    void aCountBelowItsMinimumIsRefusedInOneLine() {
        assertThat(run("--points", "0")).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: need --points >= 1, --runs >= 1, --warm-up-runs >= 0"
                + System.lineSeparator());
    }

    @Test
    void anUnknownDistributionIsRefusedInOneLine() {
        assertThat(run("--distribution", "spiral")).isEqualTo(2);
        assertThat(err.toString()).startsWith("error: ").doesNotContain("Exception").hasLineCount(1);
    }
}

package org.spatiallsm.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.CliRun.assertOneLineUsageError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.spatiallsm.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;


class SimulateCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path directory;

    @Test
    void jsonReportsEveryFlushThenTheSummary() throws IOException {
        CliRun run = simulate("--policy", "binomial", "--param", "k=4", "--flushes", "20", "--format", "json");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        List<JsonNode> lines = run.jsonLines();
        assertThat(lines).hasSize(21);
        JsonNode last = lines.get(19);
        assertThat(last.get("flush").asLong()).isEqualTo(20);
        assertThat(JSON.convertValue(last.get("runs"), long[].class)).containsExactly(1, 4, 15);
        assertThat(last.fieldNames()).toIterable().containsExactly("flush", "runs", "writeAmplification",
                "writeAmplificationLogged", "readAmplification", "transientSpaceAmplification", "transientSpaceOfFlush",
                "maxWritesPerRecord");
        // Flush 20 only adds its component: 20 of 20 flushed on disk; the run's 2 came from flush 2's merge. Flush
        // 1's records are in the merge outputs 1-2, 1-5 and 1-15: 4 writes, one above the optimum for 20 flushes (3).
        assertThat(last.get("transientSpaceOfFlush").asDouble()).isEqualTo(1.0);
        assertThat(last.get("transientSpaceAmplification").asDouble()).isEqualTo(2.0);
        assertThat(last.get("maxWritesPerRecord").asInt()).isEqualTo(4);
        JsonNode summary = lines.get(20).get("summary");
        assertThat(summary.get("policy").asText()).isEqualTo("binomial");
        assertThat(summary.get("parameters").get("k").asInt()).isEqualTo(4);
        assertThat(summary.get("flushes").asLong()).isEqualTo(20);
        assertThat(summary.get("maxReadAmplification").asInt()).isEqualTo(4);
        assertThat(summary.get("writeAmplification").asDouble()).isEqualTo(last.get("writeAmplification").asDouble());
        // Flush 5 merges all five unit components (1-5:5): while the output is built the stack holds 5 + 5 = 2 x 5.
        assertThat(summary.get("transientSpaceAmplification").asDouble()).isEqualTo(2.0);
    }

    @Test
    void everyReportsEachMthFlushAndTheLast() throws IOException {
        CliRun run = simulate("--policy", "tiered", "--flushes", "20", "--every", "7", "--format", "json");

        List<JsonNode> lines = run.jsonLines();
        assertThat(lines).extracting(line -> line.path("flush").asLong()).containsExactly(7L, 14L, 20L, 0L);
        assertThat(lines.get(3).get("summary").get("parameters").toString())
                .isEqualTo("{\"size-ratio\":4,\"high-bucket\":1.2}");
    }

    @Test
    void theDefaultTableIsAlignedAndEndsWithTheSummary() {
        CliRun run = simulate("--policy", "tiered", "--param", "num-components=2", "--flushes", "16", "--every", "8");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("policy tiered {size-ratio=2, high-bucket=1.2}\n")
                .contains("flush          W   W_logged         RA  runs (newest first)\n")
                // Hand-computed: W adds 1,2,1,4,1,2,1,8 for flushes 1-8; merges write 2, 2+4, 2, 2+4+8.
                .contains("    8      2.500      4.000      1.625  [8]\n")
                .contains("   16      3.000      5.000      2.063  [16]\n")
                .contains("transient space amplification  2.000\n")
                .contains("bytes written by merges        64\n")
                // Flush 1 is written at flushes 1, 2, 4, 8 and 16, when it joins [2], [4], [8] and [16].
                .endsWith("writes per record (max)        5\n");
    }

    @Test
    void flushSizesComeFromAFileIgnoringBlankLinesAndComments() throws IOException {
        Path sizes = Files.writeString(directory.resolve("sizes.txt"), "# flush sizes\n100\n\n1  # small\n1\n7\n");

        CliRun run = simulate("--policy", "bigtable", "--param", "k=2", "--flushes", "3", "--flush-sizes",
                sizes.toString(), "--format", "json");

        assertThat(run.exitCode()).isZero();
        assertThat(JSON.convertValue(run.jsonLines().get(2).get("runs"), long[].class)).containsExactly(2, 100);
    }

    @Test
    void aComponentOverheadShrinksEveryMergeOutput() throws IOException {
        // Constant-all k=2 over flushes of 10: flush 3 merges 30 bytes of inputs into 30 - 2 x 3 = 24.
        Path sizes = Files.writeString(directory.resolve("tens.txt"), "10\n10\n10\n");

        CliRun run = simulate("--policy", "constant-all", "--param", "k=2", "--flushes", "3", "--flush-sizes",
                sizes.toString(), "--component-overhead", "3", "--format", "json");

        assertThat(run.exitCode()).isZero();
        assertThat(JSON.convertValue(run.jsonLines().get(2).get("runs"), long[].class)).containsExactly(24);
        JsonNode summary = run.jsonLines().get(3).get("summary");
        assertThat(summary.get("componentOverhead").asLong()).isEqualTo(3);
        assertThat(summary.get("bytesWrittenByMerges").asLong()).isEqualTo(24);
        assertThat(simulate("--policy", "constant-all", "--flushes", "3", "--component-overhead", "3").out())
                .contains("component overhead 3: a merge of n components writes their sum minus (n - 1) x 3\n");
    }

    @Test
    void aBadParameterIsOneLineOnStderrWithExitCode2() {
        CliRun run = simulate("--policy", "binomial", "--param", "k=4.5", "--flushes", "20");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("error: merge policy 'binomial': invalid value '4.5' for parameter 'k'"
                + " (allowed: an integer from 1 to 1000)\n");
    }

    @Test
    void anUnknownPolicyListsTheKnownOnes() {
        CliRun run = simulate("--policy", "leveling", "--flushes", "20");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("error: unknown merge policy 'leveling'; known policies: binomial,"
                + " min-latency, tiered, bigtable, exploring, constant-all, leveled\n");
    }

    @Test
    void badFlagValuesAndFilesAreOneLineErrorsWithExitCode2() throws IOException {
        Path tooShort = Files.writeString(directory.resolve("short.txt"), "1\n2\n");
        Path notANumber = Files.writeString(directory.resolve("bad.txt"), "1\n\n-3\n");

        assertOneLineUsageError(simulate("--policy", "binomial", "--flushes", "0"), "--flushes must be at least 1");
        assertOneLineUsageError(simulate("--policy", "binomial", "--flushes", "5", "--every", "0"),
                "--every must be at least 1");
        assertOneLineUsageError(simulate("--policy", "binomial", "--flushes", "5", "--param", "k"),
                "--param expects NAME=VALUE, got 'k'");
        assertOneLineUsageError(simulate("--policy", "binomial", "--flushes", "5", "--param", "k=3", "--param",
                "k=4"), "--param k is given more than once");
        assertOneLineUsageError(simulate("--policy", "binomial", "--flushes", "5", "--param", "k=3", "--param",
                "num-components=4"), "parameter 'k' is given twice");
        assertOneLineUsageError(simulate("--policy", "binomial", "--flushes", "3", "--flush-sizes",
                tooShort.toString()), "holds 2 flush sizes but --flushes asks for 3");
        assertOneLineUsageError(simulate("--policy", "binomial", "--flushes", "3", "--flush-sizes",
                notANumber.toString()), "line 3: '-3' is not a positive integer flush size");
        assertOneLineUsageError(simulate("--policy", "binomial", "--flushes", "3", "--flush-sizes",
                directory.resolve("missing.txt").toString()), "no such file: " + directory.resolve("missing.txt"));
        assertOneLineUsageError(simulate("--policy", "binomial", "--flushes", "3", "--component-overhead", "-1"),
                "--component-overhead must be at least 0, was -1");
    }

    @Test
    void helpListsThePolicies() {
        CliRun run = simulate("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out().replaceAll("\\s+", " "))
                .contains("binomial, min-latency, tiered, bigtable, exploring, constant-all");
    }


    private static CliRun simulate(String... arguments) {
        return CliRun.command("simulate", arguments);
    }

}

package org.spatiallsm.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** One run of the spatial-lsm command line in this JVM: its exit code and what it printed. */
public record CliRun(int exitCode, String out, String err) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SpatialLsmCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** Runs one subcommand, e.g. {@code command("simulate", "--flushes", "3")}. */
    public static CliRun command(String name, String... arguments) {
        return of(Stream.concat(Stream.of(name), Stream.of(arguments)).toArray(String[]::new));
    }

    /**
     * Runs {@code bench <name> <arguments>} against an endpoint where nothing answers: for the checks that must refuse
     * a command line before the cluster is asked anything.
     */
    public static CliRun benchAtNowhere(String name, String... arguments) {
        return command("bench", Stream.concat(Stream.of(name), Stream.concat(Stream.of(arguments),
                Stream.of("--endpoint", "http://127.0.0.1:1"))).toArray(String[]::new));
    }

    /** Standard output read as JSON lines (the {@code --format json} output). */
    public List<JsonNode> jsonLines() throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.split("\n")) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    /** A refused command line: exit code 2, nothing on standard output, one "error: ..." line naming the problem. */
    public static void assertOneLineUsageError(CliRun run, String message) {
        org.assertj.core.api.Assertions.assertThat(run.exitCode()).isEqualTo(2);
        org.assertj.core.api.Assertions.assertThat(run.err()).startsWith("error: ").contains(message).endsWith("\n")
                .hasLineCount(1);
        org.assertj.core.api.Assertions.assertThat(run.out()).isEmpty();
    }

    public List<String> lines() {
        return out.lines().toList();
    }
}

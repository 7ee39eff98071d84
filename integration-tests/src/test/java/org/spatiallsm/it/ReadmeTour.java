package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.spatiallsm.client.QueryServiceClient;

/**
 * The README's "A 5-minute tour", block by block and verbatim, against a running distribution, so the README cannot
 * drift from what the code does. The blocks run with bash from the repository root, as a user runs them. Skipped: the
 * block that starts the cluster ({@code ./scripts/start} rebuilds when a source is newer than the distribution; the
 * caller starts the distribution it was given instead) and the benches, which take minutes each and have their own
 * tests. The experiment's run folder (under the repository's ignored {@code var/}) is checked for its report and
 * removed. The tour's last block stops the cluster.
 */
final class ReadmeTour {

    private static final Pattern SH_BLOCK = Pattern.compile("```sh\n(.*?)```", Pattern.DOTALL);
    private static final Pattern RUN_FOLDER = Pattern.compile("^run folder: (.+)$", Pattern.MULTILINE);
    private static final Duration BLOCK_TIMEOUT = Duration.ofMinutes(5);
    /** The tour's socket feed, as the README's DDL declares it. */
    private static final int FEED_PORT = 10001;
    private static final int FED_RECORDS = 10_000;

    private final Path root;
    /** The cluster's data directory ({@code SPATIAL_LSM_VAR}), which also holds each block's output. */
    private final Path var;

    ReadmeTour(Path root, Path var) {
        this.root = root;
        this.var = var;
    }

    /** Runs every block the tour's user types, checking each; returns the output of the last one. */
    String runEveryBlock() throws Exception {
        List<String> blocks = tourBlocks(Files.readString(root.resolve("README.md")));
        List<String> skipped = blocks.stream().filter(ReadmeTour::skipped).toList();
        assertThat(skipped).as("the tour's blocks this test does not run").hasSize(3)
                .anyMatch(block -> block.strip().equals("./scripts/start"))
                .allMatch(block -> block.equals("./scripts/start\n") || block.contains(" bench "));

        String output = "";
        for (String block : blocks) {
            if (skipped(block)) {
                continue;
            }
            if (block.contains("/dev/tcp/127.0.0.1/" + FEED_PORT)) {
                // START FEED returns before the feed listens; a user types the next block later than that.
                awaitListening(FEED_PORT, Duration.ofMinutes(2));
            }
            BlockResult result = bash(block);
            assertThat(result.exitCode()).as("%s%n---%n%s", block, result.output()).isZero();
            assertThat(result.output()).as(block).doesNotContain("error:");
            if (block.contains("/dev/tcp/")) {
                awaitFed(Duration.ofMinutes(3));
            }
            if (block.contains("spatial-lsm experiment ")) {
                checkAndRemoveRunFolder(result.output());
            }
            if (block.contains("components --dataverse Tour --dataset Visits")) {
                assertThat(result.output()).as(result.output()).contains("inEurope", "visitsDhvb",
                        "skip-scan searches").doesNotContain("(no component)");
            }
            output = result.output();
        }
        return output;
    }

    /** The ```sh blocks between "## A 5-minute tour" and the next section. */
    private static List<String> tourBlocks(String readme) {
        int start = readme.indexOf("## A 5-minute tour");
        assertThat(start).as("the README's tour section").isNotNegative();
        int end = readme.indexOf("\n## ", start + 1);
        Matcher matcher = SH_BLOCK.matcher(readme.substring(start, end < 0 ? readme.length() : end));
        List<String> blocks = new ArrayList<>();
        while (matcher.find()) {
            blocks.add(matcher.group(1));
        }
        return blocks;
    }

    private static boolean skipped(String block) {
        return block.contains("./scripts/start") || block.contains("./scripts/spatial-lsm bench ");
    }

    /** The run folder the experiment printed holds its report; it is removed so that runs do not pile up. */
    private void checkAndRemoveRunFolder(String output) throws IOException {
        Matcher folder = RUN_FOLDER.matcher(output);
        assertThat(folder.find()).as(output).isTrue();
        Path run = root.resolve(folder.group(1).strip());
        assertThat(run.resolve("report.html")).as(output).isNotEmptyFile();
        try (Stream<Path> files = Files.walk(run)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    /** Whether something listens on the loopback port: /proc/net/tcp lists it in state 0A (LISTEN). */
    private static void awaitListening(int port, Duration timeout) throws Exception {
        String local = String.format(Locale.ROOT, ":%04X ", port);
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
                Path file = Path.of(table);
                if (Files.exists(file) && Files.readAllLines(file).stream()
                        .anyMatch(line -> line.contains(local) && line.split("\\s+")[4].equals("0A"))) {
                    return;
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the tour's feed did not listen on port " + port + " within " + timeout);
    }

    /** The socket feed stores records some time after the generator closes the connection. */
    private static void awaitFed(Duration timeout) throws InterruptedException {
        QueryServiceClient client = new QueryServiceClient(QueryServiceClient.DEFAULT_ENDPOINT);
        Instant deadline = Instant.now().plus(timeout);
        long count = -1;
        while (Instant.now().isBefore(deadline)) {
            count = client.executeOrThrow("SELECT VALUE COUNT(*) FROM Tour.CheckIns;").results().get(0).asLong();
            if (count == FED_RECORDS) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the tour's feed stored " + count + " of " + FED_RECORDS + " within " + timeout);
    }

    private record BlockResult(int exitCode, String output) {
    }

    /** Runs a script with bash -e -o pipefail from the repository root, with the cluster's data directory. */
    private BlockResult bash(String script) throws Exception {
        // Output to a file, not a pipe: a block that hangs must not block the reader past the timeout.
        Path output = Files.createTempFile(var, "block", ".out");
        ProcessBuilder builder = new ProcessBuilder("bash", "-e", "-o", "pipefail", "-c", script)
                .directory(root.toFile()).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("SPATIAL_LSM_VAR", var.toString());
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(BLOCK_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("did not finish within " + BLOCK_TIMEOUT + ": " + script);
        }
        return new BlockResult(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }
}

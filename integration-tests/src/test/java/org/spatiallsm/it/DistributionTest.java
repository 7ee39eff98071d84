package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The assembled distribution, used the way a user uses it: its own start/stop scripts, its CLI, a socket feed and
 * the HTTP API. The steps build on each other, so they run in order against one cluster.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DistributionTest {

    private static final Duration SCRIPT_TIMEOUT = Duration.ofMinutes(3);
    private static final int FEED_PORT = 10001;
    private static final int RECORDS = 2000;
    /** Records whose point lies in [0,10) x [0,10): ids divisible by 4 (see {@link #record}). */
    private static final long EXPECTED_IN_BOX = RECORDS / 4;
    private static final String IN_BOX = "USE Geo; SELECT VALUE COUNT(*) FROM CheckIns c WHERE spatial_intersect("
            + "c.location, create_rectangle(create_point(0.0, 0.0), create_point(9.99, 9.99)));";
    /** The same query on a copy of the check-ins whose location index is a DHVB-tree. */
    private static final String IN_BOX_DHVB = IN_BOX.replace("CheckIns", "Visits");

    @TempDir
    static Path var;
    private static Path home;
    private static final QueryServiceClient CLIENT = new QueryServiceClient(QueryServiceClient.DEFAULT_ENDPOINT);

    @BeforeAll
    static void locateDistribution() {
        home = Path.of(System.getProperty("spatiallsm.dist.dir", "../distribution/target/spatial-lsm"));
        assertThat(home.resolve("bin/start-cluster")).as("the assembled distribution (mvn package)").isExecutable();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        run("bin/stop-cluster");
    }

    @Test
    @Order(1)
    void stopWithNothingRunningSaysSoAndSucceeds() throws Exception {
        ScriptResult stop = run("bin/stop-cluster");
        assertThat(stop.exitCode()).isZero();
        assertThat(stop.output()).contains("not running");
    }

    @Test
    @Order(2)
    void startBringsUpAnActiveClusterAndPrintsItsUrls() throws Exception {
        ScriptResult start = run("bin/start-cluster");
        assertThat(start.exitCode()).as(start.output()).isZero();
        assertThat(start.output()).contains("http://127.0.0.1:19002", "http://127.0.0.1:19006");
        assertThat(CLIENT.clusterState()).isEqualTo("ACTIVE");
    }

    @Test
    @Order(3)
    void secondStartRefusesInOneLine() throws Exception {
        ScriptResult again = run("bin/start-cluster");
        assertThat(again.exitCode()).isNotZero();
        assertThat(again.output().strip()).doesNotContain("\n").contains("already running");
    }

    @Test
    @Order(4)
    void cliListsOurPoliciesFromTheRunningCluster() throws Exception {
        Path query = Files.writeString(var.resolve("policies.sqlpp"),
                "SELECT VALUE p.CompactionPolicy FROM Metadata.`CompactionPolicy` p;");
        ScriptResult cli = run("bin/spatial-lsm", "sqlpp", query.toString());
        assertThat(cli.exitCode()).as(cli.output()).isZero();
        assertThat(cli.output()).contains("\"binomial\"", "\"tiered\"", "\"prefix\"", "\"concurrent\"");
    }

    @Test
    @Order(5)
    void socketFeedIngestsPointsThatAnRtreeQueryFinds() throws Exception {
        CLIENT.executeOrThrow("""
                DROP DATAVERSE Geo IF EXISTS; CREATE DATAVERSE Geo; USE Geo;
                CREATE TYPE CheckIn AS { id: int64, location: point, message: string };
                CREATE DATASET CheckIns(CheckIn) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"num-components": 4}}};
                CREATE INDEX locationIndex ON CheckIns(location) TYPE RTREE
                  WITH {"merge-policy": {"name": "leveled", "parameters": {"level0-components": 2,
                          "size-ratio": 2, "max-component-entries": 300}}, "partitioning": "str"};
                CREATE FEED CheckInFeed WITH {"adapter-name": "spatial_lsm_socket", "sockets": "127.0.0.1:%d",
                  "address-type": "IP", "type-name": "CheckIn", "format": "adm", "insert-feed": "true"};
                CONNECT FEED CheckInFeed TO DATASET CheckIns;
                START FEED CheckInFeed;
                """.formatted(FEED_PORT));
        sendRecords();
        awaitCount(RECORDS, Duration.ofMinutes(2));
        CLIENT.executeOrThrow("USE Geo; STOP FEED CheckInFeed;");

        assertThat(CLIENT.executeOrThrow(IN_BOX).results()).singleElement()
                .extracting(JsonNode::asLong).isEqualTo(EXPECTED_IN_BOX);
        assertThat(CLIENT.executeOrThrow(IN_BOX.replace("SELECT", "EXPLAIN SELECT")).plan()).contains("RTREE_SEARCH");
    }

    @Test
    @Order(6)
    void aDhvbIndexAnswersAsAScanAndCountsItsSkipScans() throws Exception {
        CLIENT.executeOrThrow("""
                USE Geo;
                CREATE DATASET Visits(CheckIn) PRIMARY KEY id;
                CREATE INDEX visitsDhvb ON Visits(location) TYPE DHVBTREE;
                INSERT INTO Visits (SELECT VALUE c FROM CheckIns c);
                """);
        assertThat(CLIENT.executeOrThrow(IN_BOX_DHVB.replace("SELECT", "EXPLAIN SELECT")).plan())
                .contains("visitsDhvb");
        assertThat(CLIENT.executeOrThrow(IN_BOX_DHVB).results()).singleElement()
                .extracting(JsonNode::asLong).isEqualTo(EXPECTED_IN_BOX);
        assertIndexAnswersAsAScan("Visits", "create_circle(create_point(25.0, -30.0), 8.0)");

        ScriptResult components = run("bin/spatial-lsm", "components", "--dataverse", "Geo", "--dataset", "Visits");
        assertThat(components.exitCode()).as(components.output()).isZero();
        assertThat(components.output()).contains("skip-scan searches", "visitsDhvb", "dhvb");
    }

    /**
     * The fed check-ins' R-tree is leveled: more records, each batch flushed, make it merge into partitioned levels;
     * the listing shows components below level 0 and the R-tree still answers as a scan of the primary.
     */
    @Test
    @Order(7)
    void theLeveledRtreeMergesIntoLevelsAndAnswersAsAScan() throws Exception {
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(CLIENT, SCRIPT_TIMEOUT);
        lsm.flush("Geo", "CheckIns");
        for (int round = 0; round < 4; round++) {
            int from = RECORDS + 1 + round * 500;
            // Outside the query box, so the in-box count stays EXPECTED_IN_BOX.
            CLIENT.executeOrThrow("USE Geo; INSERT INTO CheckIns (SELECT VALUE {\"id\": i, \"location\": "
                    + "create_point(30.0 + i % 40, -40.0 - i % 25), \"message\": \"later\"} FROM range(" + from
                    + ", " + (from + 499) + ") i);");
            lsm.flush("Geo", "CheckIns");
        }
        // Merges and moves run after the flush that triggers them: wait, within a deadline, until one is listed.
        List<Integer> levels = rtreeLevels(lsm);
        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        while (levels.stream().noneMatch(level -> level >= 1) && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            levels = rtreeLevels(lsm);
        }
        assertThat(levels).as("levels of the leveled R-tree's components").isNotEmpty()
                .allMatch(level -> level >= 0).anyMatch(level -> level >= 1);

        assertThat(CLIENT.executeOrThrow(IN_BOX).results()).singleElement()
                .extracting(JsonNode::asLong).isEqualTo(EXPECTED_IN_BOX);
        assertIndexAnswersAsAScan("CheckIns", "create_rectangle(create_point(35.0, -60.0), create_point(55.0, -45.0))");
        ScriptResult components = run("bin/spatial-lsm", "components", "--dataverse", "Geo", "--dataset", "CheckIns");
        assertThat(components.exitCode()).as(components.output()).isZero();
        assertThat(components.output()).contains("locationIndex", "components opened");
    }

    @Test
    @Order(8)
    void benchMergePoliciesMeasuresAnRtreeUnderEachPolicy() throws Exception {
        ScriptResult bench = run("bin/spatial-lsm", "bench", "merge-policies", "--index", "rtree",
                "--policies", "binomial,tiered", "--param", "k=2", "--param", "size-ratio=2",
                "--records", "4000", "--flushes", "8", "--warm-up-flushes", "0", "--record-bytes", "16",
                "--out", var.resolve("results").toString());

        assertThat(bench.exitCode()).as(bench.output()).isZero();
        assertThat(bench.output()).contains("R-tree locationIndex (primary index under binomial k=8)");
        List<String> rows = bench.output().lines()
                .filter(line -> line.startsWith("binomial k=2") || line.startsWith("tiered size-ratio=2")).toList();
        // Columns are separated by two or more spaces; a row's own label has single spaces.
        assertThat(rows).as(bench.output()).hasSize(2).allSatisfy(row -> assertThat(row.split(" {2,}"))
                .anyMatch(column -> column.matches("8x\\d+")).contains("same"));
        // It ran the experiment merge-policies: its run folder holds both configurations' samples.
        try (Stream<Path> runs = Files.list(var.resolve("results"))) {
            Path runFolder = runs.filter(p -> p.getFileName().toString().startsWith("merge-policies-")).findFirst()
                    .orElseThrow();
            assertThat(runFolder.resolve("binomial/io-events.csv")).isNotEmptyFile();
            assertThat(runFolder.resolve("tiered/io-events.csv")).isNotEmptyFile();
        }
    }

    /**
     * A clean stop and start through the scripts: {@code ./scripts/test --extended} (a restart costs about 30 s; the
     * default suite restarts the same distribution through {@code start-cluster} after each crash of
     * {@code CrashSafetyTest}, and restarts in-process clusters in many tests).
     */
    @Test
    @Order(9)
    @Tag("extended")
    void dataAndPolicySurviveStopAndStart() throws Exception {
        assertThat(run("bin/stop-cluster").exitCode()).isZero();
        ScriptResult start = run("bin/start-cluster");
        assertThat(start.exitCode()).as(start.output()).isZero();

        assertThat(CLIENT.executeOrThrow(IN_BOX).results()).singleElement()
                .extracting(JsonNode::asLong).isEqualTo(EXPECTED_IN_BOX);
        assertThat(CLIENT.executeOrThrow(IN_BOX_DHVB).results()).singleElement()
                .extracting(JsonNode::asLong).isEqualTo(EXPECTED_IN_BOX);
        assertThat(CLIENT.executeOrThrow("SELECT VALUE d.CompactionPolicy FROM Metadata.`Dataset` d "
                + "WHERE d.DatasetName = 'CheckIns';").results()).singleElement()
                .extracting(JsonNode::asText).isEqualTo("binomial");
    }

    @Test
    @Order(10)
    void stopEndsEveryProcess() throws Exception {
        ScriptResult stop = run("bin/stop-cluster");
        assertThat(stop.exitCode()).isZero();
        assertThat(stop.output()).contains("stopped");
        assertThat(run("bin/stop-cluster").output()).contains("not running");
    }

    /** The level of every component of the check-ins' R-tree, over all its partitions; -1 for none. */
    private static List<Integer> rtreeLevels(LsmIntrospectionClient lsm) {
        List<Integer> levels = new ArrayList<>();
        for (ComponentsListing listing : lsm.typedListings("Geo", "CheckIns")) {
            for (IndexListing index : listing.indexes()) {
                if (index.index().equals("locationIndex")) {
                    index.components().forEach(c -> levels.add(Objects.requireNonNullElse(c.level(), -1)));
                }
            }
        }
        return levels;
    }

    /**
     * The ids {@code region} finds through the dataset's spatial index equal those of a scan (a point rebuilt from
     * the coordinates, which no index can answer), and are not empty.
     */
    private static void assertIndexAnswersAsAScan(String dataset, String region) {
        String ids = "USE Geo; SELECT VALUE r.id FROM " + dataset + " r WHERE spatial_intersect(%s, " + region
                + ") ORDER BY r.id;";
        List<JsonNode> fromIndex = CLIENT.executeOrThrow(ids.formatted("r.location")).results();
        assertThat(fromIndex).isNotEmpty().isEqualTo(CLIENT.executeOrThrow(ids.formatted(
                "create_point(get_x(r.location), get_y(r.location))")).results());
    }

    /** Every 4th record lies in the query box; the others lie far outside it. */
    private static String record(int id) {
        double x = id % 4 == 0 ? (id % 97) / 10.0 : 20 + id % 50;
        double y = id % 4 == 0 ? (id % 89) / 10.0 : -20 - id % 30;
        return "{\"id\": %d, \"location\": point(\"%s,%s\"), \"message\": \"check-in %d\"}".formatted(id, x, y, id);
    }

    private static void sendRecords() throws IOException, InterruptedException {
        StringBuilder batch = new StringBuilder();
        for (int id = 1; id <= RECORDS; id++) {
            batch.append(record(id)).append('\n');
        }
        try (Socket socket = connectToFeed(Duration.ofMinutes(1)); OutputStream out = socket.getOutputStream()) {
            out.write(batch.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The feed opens its port some time after START FEED returns: retry until it accepts, within a deadline. */
    private static Socket connectToFeed(Duration timeout) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            try {
                return new Socket("127.0.0.1", FEED_PORT);
            } catch (ConnectException e) {
                if (Instant.now().isAfter(deadline)) {
                    throw new AssertionError("the feed did not accept connections within " + timeout, e);
                }
                Thread.sleep(100);
            }
        }
    }

    private static void awaitCount(long expected, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        long count = -1;
        while (Instant.now().isBefore(deadline)) {
            count = CLIENT.executeOrThrow("USE Geo; SELECT VALUE COUNT(*) FROM CheckIns;").results().get(0).asLong();
            if (count == expected) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the feed stored " + count + " of " + expected + " records within " + timeout);
    }

    private record ScriptResult(int exitCode, String output) {
    }

    private static ScriptResult run(String script, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(home.resolve(script).toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("SPATIAL_LSM_VAR", var.toString());
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(SCRIPT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(script + " did not finish within " + SCRIPT_TIMEOUT);
        }
        return new ScriptResult(process.exitValue(), new String(process.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8));
    }
}

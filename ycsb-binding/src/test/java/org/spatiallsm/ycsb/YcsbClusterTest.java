package org.spatiallsm.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.load.Catalog;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.ResultMatcher;
import org.spatiallsm.load.SchemaCheck;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.GeoRect;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.SpatialQueries;

import com.fasterxml.jackson.databind.JsonNode;

import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** YCSB's own client, run as a user runs it, against the in-process cluster through this binding. */
@ExtendWith(SpatialClusterExtension.class)
class YcsbClusterTest {

    private static final Path WORKLOADS = Path.of(System.getProperty("spatiallsm.workloads.dir", "workloads"));

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    /** {@code java site.ycsb.Client -db <binding> args...}, with this JVM's classpath. */
    private Run ycsb(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), "site.ycsb.Client", "-db",
                SpatialLsmClient.class.getName()));
        command.addAll(List.of(args));
        File out = dir.resolve("out.txt").toFile();
        File err = dir.resolve("err.txt").toFile();
        Process process = new ProcessBuilder(command).redirectOutput(out).redirectError(err).start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("YCSB finished").isTrue();
        return new Run(process.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    /** YCSB's status counts ("[INSERT], Return=OK, 3000") of every operation: operation -> status -> count. */
    private static Map<String, Map<String, Long>> returns(String out) {
        Map<String, Map<String, Long>> counts = new TreeMap<>();
        Matcher line = Pattern.compile("^\\[([A-Z-]+)], Return=(\\w+), (\\d+)$", Pattern.MULTILINE).matcher(out);
        while (line.find()) {
            counts.computeIfAbsent(line.group(1), op -> new TreeMap<>()).put(line.group(2),
                    Long.parseLong(line.group(3)));
        }
        return counts;
    }

    private static long count(QueryServiceClient client, String dataset) {
        return client.executeOrThrow("SELECT VALUE COUNT(*) FROM " + dataset + ";").results().get(0).asLong();
    }

    @Test
    void spatialLoadThenRoundsOfFeedInsertsAndRangeReads(QueryServiceClient client) throws Exception {
        String[] common = { "-p", "db.dataverse=YcsbSpatial", "-p", "db.feedport=10301", "-p",
            "spatiallsm.distribution=osm-like", "-p", "recordcount=3000", "-threads", "2" };
        Run load = ycsb(concat(new String[] { "-load", "-P", WORKLOADS.resolve("spatial-load").toString() },
                common));

        assertThat(load.exit()).as(load.err()).isZero();
        // YCSB's latency histogram ("Operations") can miss a few operations under load; the status counts and the
        // feed's own count are what prove every record arrived.
        assertThat(returns(load.out())).isEqualTo(Map.of("INSERT", Map.of("OK", 3000L)));
        assertThat(load.err()).contains("feed YcsbSpatial.PointsFeed took in 3,000 of the 3,000 records sent");
        assertThat(count(client, "YcsbSpatial.Points")).isEqualTo(3000);

        Run rounds = ycsb(concat(new String[] { "-t", "-P", WORKLOADS.resolve("spatial-rounds").toString(), "-p",
            "operationcount=1100", "-p", "rounds.inserts=500", "-p", "rounds.reads=50" }, common));

        assertThat(rounds.exit()).as(rounds.err()).isZero();
        // Every range read is centred on a record stored by the load or an earlier round, so none comes back empty.
        assertThat(returns(rounds.out())).isEqualTo(Map.of("INSERT", Map.of("OK", 1000L), "READ",
                Map.of("OK", 100L)));
        assertThat(count(client, "YcsbSpatial.Points")).isEqualTo(4000);
    }

    @Test
    void tweetLoadAndRoundsStoreGeneratedTweetsAndRangeReadsCountThem(QueryServiceClient client) throws Exception {
        Path workload = WORKLOADS.resolve("tweet-spatial");
        String[] common = { "-P", workload.toString(), "-p", "db.dataverse=YcsbTweet", "-p", "db.feedport=10303",
            "-p", "recordcount=2000", "-threads", "2" };
        Run load = ycsb(concat(new String[] { "-load" }, common));

        assertThat(load.exit()).as(load.err()).isZero();
        assertThat(returns(load.out())).isEqualTo(Map.of("INSERT", Map.of("OK", 2000L)));
        assertThat(load.err()).contains("feed YcsbTweet.TweetsFeed took in 2,000 of the 2,000 records sent");
        assertThat(count(client, "YcsbTweet.Tweets")).isEqualTo(2000);

        // The dataset has the tweet's closed type, and every stored tweet is the generator's tweet for its id (same
        // distribution and seed as the workload file), nested user, datetime and multiset included.
        Properties properties = new Properties();
        try (var in = Files.newBufferedReader(workload)) {
            properties.load(in);
        }
        long seed = Long.parseLong(properties.getProperty("spatiallsm.seed"));
        RecordGenerator tweets = new RecordGenerator(PointDistributions.create(properties.getProperty(
                "spatiallsm.distribution"), Map.of(), seed), RecordShapes.named("tweet"), seed);
        DatasetName dataset = new DatasetName("YcsbTweet", "Tweets");
        Catalog.DatasetType type = new Catalog(client).datasetType(dataset).orElseThrow();
        assertThat(type.open()).isFalse();
        assertThat(type.primaryKey()).containsExactly("tweetid");
        assertThat(SchemaCheck.problems(type, tweets.shape())).isEmpty();
        List<JsonNode> stored = client.executeOrThrow("SELECT VALUE t FROM YcsbTweet.Tweets t;").results();
        assertThat(stored).hasSize(2000).allSatisfy(t -> assertThat(ResultMatcher.differences(tweets.record(t.get(
                "tweetid").asLong()), t)).isEmpty());

        Run rounds = ycsb(concat(new String[] { "-t", "-p", "operationcount=660", "-p", "rounds.inserts=300", "-p",
            "rounds.reads=30" }, common));

        assertThat(rounds.exit()).as(rounds.err()).isZero();
        // Every range read is centred on a tweet stored by the load or an earlier round, so none comes back empty.
        assertThat(returns(rounds.out())).isEqualTo(Map.of("INSERT", Map.of("OK", 600L), "READ",
                Map.of("OK", 60L)));
        assertThat(rounds.err()).contains("feed YcsbTweet.TweetsFeed took in 600 of the 600 records sent");
        assertThat(count(client, "YcsbTweet.Tweets")).isEqualTo(2600);

        // A range read through the binding counts exactly the stored tweets whose sender location lies in the window
        // centred on the read key's tweet.
        Map<Long, GeoPoint> locations = new TreeMap<>();
        client.executeOrThrow("SELECT t.tweetid AS id, t.`sender-location` AS loc FROM YcsbTweet.Tweets t;")
                .results().forEach(r -> locations.put(r.get("id").asLong(), new GeoPoint(r.get("loc").get(0)
                        .asDouble(), r.get("loc").get(1).asDouble())));
        Properties bindingProperties = new Properties();
        bindingProperties.putAll(properties);
        bindingProperties.setProperty("db.dataverse", "YcsbTweet");
        bindingProperties.setProperty("db.feedenabled", "false");
        bindingProperties.setProperty("spatiallsm.sigma", "1.5");
        SpatialLsmClient db = new SpatialLsmClient();
        db.setProperties(bindingProperties);
        db.init();
        List<Long> ids = new ArrayList<>(locations.keySet());
        long largest = 0;
        for (long id : ids.subList(0, 20)) {
            GeoRect window = SpatialQueries.window(tweets.point(id), 1.5);
            long expected = locations.values().stream().filter(window::contains).count();
            HashMap<String, ByteIterator> result = new HashMap<>();
            assertThat(db.read("Tweets", "user" + id, null, result)).isEqualTo(Status.OK);
            assertThat(Long.parseLong(result.get("count").toString())).as("tweet %d", id).isEqualTo(expected);
            largest = Math.max(largest, expected);
        }
        assertThat(largest).as("some window holds more than its centre").isGreaterThan(1);

        // Update writes YCSB's values into the message text and leaves the rest; scan goes by tweetid; delete.
        long first = ids.get(0);
        HashMap<String, ByteIterator> values = new HashMap<>();
        values.put("field0", new StringByteIterator("rain again, \"quoted\""));
        assertThat(db.update("Tweets", "user" + first, values)).isEqualTo(Status.OK);
        Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
        assertThat(db.scan("Tweets", "user" + first, 3, null, scanned)).isEqualTo(Status.OK);
        assertThat(scanned).extracting(r -> Long.parseLong(r.get("tweetid").toString()))
                .containsExactlyElementsOf(ids.subList(0, 3));
        assertThat(scanned.get(0).get("message-text").toString()).isEqualTo("rain again, \"quoted\"");
        JsonNode updated = client.executeOrThrow("SELECT VALUE t FROM YcsbTweet.Tweets t WHERE t.tweetid = " + first
                + ";").results().get(0);
        List<String> differences = ResultMatcher.differences(tweets.record(first), updated);
        assertThat(differences).hasSize(1);
        assertThat(differences.get(0)).startsWith("message-text: expected ").endsWith(", found \"rain again, "
                + "\\\"quoted\\\"\"");
        assertThat(db.delete("Tweets", "user" + first)).isEqualTo(Status.OK);
        assertThat(count(client, "YcsbTweet.Tweets")).isEqualTo(2599);
        db.cleanup();
    }

    @Test
    void coreWorkloadKeepsItsDataIntactThroughFeedInsertsAndHttpOperations(QueryServiceClient client)
            throws Exception {
        String[] common = { "-P", WORKLOADS.resolve("workloada").toString(), "-p", "db.dataverse=YcsbCore", "-p",
            "db.feedport=10302", "-p", "recordcount=500", "-p", "fieldlength=20", "-p", "dataintegrity=true",
            "-threads", "2" };
        Run load = ycsb(concat(new String[] { "-load" }, common));
        assertThat(load.exit()).as(load.err()).isZero();
        assertThat(returns(load.out())).isEqualTo(Map.of("INSERT", Map.of("OK", 500L)));
        assertThat(count(client, "YcsbCore.usertable")).isEqualTo(500);

        Run run = ycsb(concat(new String[] { "-t", "-p", "operationcount=400", "-p", "readproportion=0.4", "-p",
            "updateproportion=0.3", "-p", "scanproportion=0.2", "-p", "insertproportion=0.1", "-p",
            "db.batchupdates=3" }, common));

        assertThat(run.exit()).as(run.err()).isZero();
        Map<String, Map<String, Long>> returns = returns(run.out());
        // Only OK anywhere (batched updates are BATCHED_OK, and each one's outcome is counted when its batch runs);
        // dataintegrity makes YCSB compare every field it reads with what it wrote ([VERIFY]).
        assertThat(returns).containsOnlyKeys("READ", "UPDATE", "BATCHED-UPDATE", "SCAN", "INSERT", "VERIFY");
        assertThat(returns.get("UPDATE")).containsOnlyKeys("BATCHED_OK");
        returns.entrySet().stream().filter(e -> !e.getKey().equals("UPDATE")).forEach(e -> assertThat(e.getValue())
                .as(e.getKey()).containsOnlyKeys("OK"));
        long reads = returns.get("READ").get("OK");
        long updates = returns.get("UPDATE").get("BATCHED_OK");
        long inserts = returns.get("INSERT").get("OK");
        assertThat(reads + updates + returns.get("SCAN").get("OK") + inserts).isEqualTo(400);
        assertThat(returns.get("BATCHED-UPDATE").get("OK")).isEqualTo(updates);
        assertThat(returns.get("VERIFY").get("OK")).isEqualTo(reads);
        assertThat(count(client, "YcsbCore.usertable")).isEqualTo(500 + inserts);
    }

    @Test
    void deleteAndReadBackThroughTheBindingDirectly(QueryServiceClient client) throws Exception {
        Properties properties = new Properties();
        properties.setProperty("db.dataverse", "YcsbDirect");
        properties.setProperty("db.feedenabled", "false");
        SpatialLsmClient db = new SpatialLsmClient();
        db.setProperties(properties);
        db.init();
        HashMap<String, ByteIterator> values = new HashMap<>();
        values.put("field0", new StringByteIterator("hello \"quoted\" \\ world"));
        assertThat(db.insert("usertable", "user1", values)).isEqualTo(Status.OK);

        HashMap<String, ByteIterator> read = new HashMap<>();
        assertThat(db.read("usertable", "user1", null, read)).isEqualTo(Status.OK);
        assertThat(read.get("field0").toString()).isEqualTo("hello \"quoted\" \\ world");
        assertThat(db.delete("usertable", "user1")).isEqualTo(Status.OK);
        assertThat(db.read("usertable", "user1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
        db.cleanup();
    }

    @Test
    void anUnreachableClusterIsOneLineAndANonZeroExit() throws Exception {
        Run run = ycsb("-load", "-P", WORKLOADS.resolve("workloada").toString(), "-p", "recordcount=10", "-p",
                "db.url=http://127.0.0.1:1/query/service");

        assertThat(run.exit()).isEqualTo(3);
        assertThat(run.err()).contains("error: no spatial-lsm cluster answers at http://127.0.0.1:1")
                .doesNotContain("Exception");
    }

    @Test
    void aBadRecordKindIsOneLineNamingTheAllowedValues() throws Exception {
        Run run = ycsb("-load", "-P", WORKLOADS.resolve("workloada").toString(), "-p", "recordcount=10", "-p",
                "spatiallsm.record=tweets");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("error: spatiallsm.record must be one of [ycsb, spatial, tweet], got 'tweets'")
                .doesNotContain("Exception");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}

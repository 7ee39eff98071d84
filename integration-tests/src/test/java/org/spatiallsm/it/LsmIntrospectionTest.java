package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.testcluster.SharedSpatialCluster;
import org.spatiallsm.testcluster.SpatialTestCluster;

/** The event files, the NC endpoints, and per-index policies seen through them. */
@SharedSpatialCluster
class LsmIntrospectionTest {

    private static final int RECORDS_PER_FLUSH = 1000;

    @Test
    void primaryIndexAndRtreeEachFollowTheirOwnPolicy(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow("""
                DROP DATAVERSE PerIndex IF EXISTS; CREATE DATAVERSE PerIndex; USE PerIndex;
                CREATE TYPE Located AS { id: int64, location: point };
                CREATE DATASET Places(Located) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"k": 3}}};
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE
                  WITH {"merge-policy": {"name": "min-latency", "parameters": {"k": 3}}};
                """);
        FlushDriver driver = new FlushDriver(client, "PerIndex", "Places");
        EngineSchedule primary = new EngineSchedule("binomial", "{\"k\": 3}", "Places");
        EngineSchedule rtree = new EngineSchedule("min-latency", "{\"k\": 3}", "locationIndex");
        for (int t = 1; t <= 8; t++) {
            List<IndexComponents> settled = driver.flushAndSettle(RECORDS_PER_FLUSH);
            primary.recordFlush(t, settled);
            rtree.recordFlush(t, settled);
        }

        List<LsmEvent> events = driver.events();
        primary.assertFollowsSimulator(events, false);
        rtree.assertFollowsSimulator(events, false);
        // Both schedules depend on t; the R-tree, created with the dataset, spent sequence 0 on an empty bulk load
        // and still counts its first flush as t = 1. After 8 flushes Binomial k = 3 keeps [6-8, 1-5], MinLatency
        // k = 3 keeps [8, 5-7, 1-4].
        assertThat(driver.components()).allSatisfy(partition -> assertThat(partition.components().stream()
                .map(partition::flushRange).toList()).isEqualTo(partition.primary() ? List.of("6-8", "1-5")
                        : List.of("8-8", "5-7", "1-4")));
        assertThat(driver.components()).allSatisfy(partition -> assertThat(partition.components())
                .allSatisfy(c -> assertThat(c.tuples().isPresent()).as("Bloom filter count").isEqualTo(
                        partition.primary())));
    }

    @Test
    void eventsAreJsonLinesInEachNodesLogDirectoryAndDescribeEveryFlushAndMerge(SpatialTestCluster cluster)
            throws Exception {
        FlushDriver driver = new FlushDriver(cluster.client(), "Logged", "Flushed").create("constant-all",
                "{\"k\": 2}");
        for (int t = 1; t <= 3; t++) {
            driver.flushAndSettle(RECORDS_PER_FLUSH);
        }

        List<LsmEvent> served = driver.events();
        for (String node : List.of("asterix_nc1", "asterix_nc2")) {
            Path file = cluster.logDir().resolve("spatial-lsm-events-" + node + ".jsonl");
            List<LsmEvent> logged = Files.readAllLines(file).stream().map(LsmIntrospectionTest::parse)
                    .filter(e -> e.where().dataverse().equals("Logged")).toList();
            assertThat(logged).as("lines of %s", file).isEqualTo(
                    served.stream().filter(e -> e.node().equals(node)).toList());
            // Per partition: 3 flushes, then the merge of all three (scheduled after flush 3).
            assertThat(logged).extracting(LsmEvent::type).containsExactly("flush", "flush", "flush",
                    "merge-scheduled", "merge");
        }
        for (LsmEvent flush : served.stream().filter(LsmEvent::isFlush).toList()) {
            DiskComponent component = flush.component().orElseThrow();
            assertThat(component.firstSequence()).isEqualTo(flush.flushCount() - 1).isEqualTo(component.lastSequence());
            assertThat(flush.bytesWritten()).isEqualTo(component.bytes());
            assertThat(flush.stack().get(0)).isEqualTo(component);
            assertThat(flush.durationMillis()).isEmpty();
            assertThat(component.tuples().orElseThrow()).isBetween(300L, 700L);
        }
        for (LsmEvent merge : served.stream().filter(LsmEvent::isMerge).toList()) {
            DiskComponent output = merge.component().orElseThrow();
            assertThat(merge.inputs()).extracting(DiskComponent::lastSequence).containsExactly(2L, 1L, 0L);
            assertThat(output.firstSequence()).isZero();
            assertThat(output.lastSequence()).isEqualTo(2);
            assertThat(output.tuples().getAsLong()).isEqualTo(
                    merge.inputs().stream().mapToLong(c -> c.tuples().getAsLong()).sum());
            assertThat(merge.stack()).containsExactly(output);
            assertThat(merge.durationMillis().orElseThrow()).isPositive();
        }
    }

    @Test
    void endpointsAnswerBadRequestsInOneLineAndUnknownDatasetsWithNothing(QueryServiceClient client)
            throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> missing = http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:19004/spatial-lsm/components?dataverse=Nowhere")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(missing.body()).isEqualTo("{\"error\":\"parameters 'dataverse' and 'dataset' are required\"}");

        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofSeconds(30));
        assertThat(lsm.components("Nowhere", "Nothing")).isEmpty();
        assertThat(lsm.flush("Nowhere", "Nothing")).isEmpty();
        assertThat(catchThrowable(() -> lsm.events("Nowhere", "Nothing")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("there is no dataset Nowhere.Nothing");

        HttpResponse<String> badListing = http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:19004/spatial-lsm/flush"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("dataverse=Nowhere&dataset=Nothing&listing=no")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(badListing.statusCode()).isEqualTo(400);
        assertThat(badListing.body()).isEqualTo("{\"error\":\"listing must be true or false, not 'no'\"}");
    }

    @Test
    void aFlushWithoutListingFlushesAndAnswersOnlyHowManyFlushesItWaitedFor(QueryServiceClient client)
            throws Exception {
        client.executeOrThrow("""
                DROP DATAVERSE Unlisted IF EXISTS; CREATE DATAVERSE Unlisted; USE Unlisted;
                CREATE TYPE Located AS { id: int64, location: point };
                CREATE DATASET Places(Located) PRIMARY KEY id;
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE;
                INSERT INTO Places (SELECT VALUE {"id": i, "location": create_point(to_double(i), to_double(i))}
                  FROM range(1, 100) i);
                """);
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:19004/spatial-lsm/flush"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("dataverse=Unlisted&dataset=Places&listing=false")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        // The node's partition flushes its primary index and its R-tree together: one flush operation each.
        assertThat(QueryServiceClient.parseJson(answer.body()).path("flushes").asInt()).isEqualTo(2);
        assertThat(answer.body()).doesNotContain("indexes");

        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofSeconds(30));
        lsm.flushWithoutListing("Unlisted", "Places");
        // Every index partition on every node now has its one flushed component, and nothing else.
        assertThat(lsm.components("Unlisted", "Places")).hasSize(4)
                .allSatisfy(partition -> assertThat(partition.components()).hasSize(1));
    }

    private static LsmEvent parse(String line) {
        return LsmEvent.parse(line).orElseThrow(() -> new AssertionError("not a known event: " + line));
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SharedSpatialCluster;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * REBALANCE (AsterixDB 0.9.8's {@code POST /admin/rebalance}) re-creates a dataset's indexes with stock code: it is
 * refused for datasets whose indexes have options of their own, and works as in stock AsterixDB for the others.
 */
@SharedSpatialCluster
class RebalanceTest {

    private static final int FEED_PORT = 10141;
    private static final Duration ARRIVAL = Duration.ofMinutes(2);

    private static final String PLACES = """
            CREATE TYPE PlaceType AS { id: int64, name: string, location: point };
            CREATE DATASET Places(PlaceType) PRIMARY KEY id
              WITH {"merge-policy": {"name": "binomial", "parameters": {"k": 8}}};
            """;
    private static final String INSERT = """
            INSERT INTO Places ([{"id": 1, "name": "a", "location": point("1.0,1.0")},
                                 {"id": 2, "name": "b", "location": point("8.0,8.0")},
                                 {"id": 3, "name": "c", "location": point("1.5,0.5")}]);
            """;
    private static final String IN_BOX = "SELECT VALUE p.id FROM Places p WHERE spatial_intersect(p.location, "
            + "create_rectangle(create_point(0.0, 0.0), create_point(2.0, 2.0))) ORDER BY p.id;";

    @Test
    void aDatasetWithoutPerIndexOptionsRebalancesAndKeepsItsMergePolicy(SpatialTestCluster cluster)
            throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow(freshDataverse("RebalanceStock") + PLACES
                + "CREATE INDEX locationIndex ON Places(location) TYPE RTREE;" + INSERT);

        HttpResponse<String> response = rebalance("RebalanceStock", "Places", "asterix_nc1");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(message(response)).isEqualTo("successful");
        assertThat(ids(client, "RebalanceStock")).containsExactly(1L, 3L);
        assertThat(client.executeOrThrow("SELECT VALUE d.rebalanceCount FROM Metadata.`Dataset` d "
                + "WHERE d.DataverseName = 'RebalanceStock' AND d.DatasetName = 'Places';").results())
                .extracting(JsonNode::asLong).containsExactly(1L);
        assertThat(client.executeOrThrow("SELECT s.IndexName, s.MergePolicy FROM SpatialLsm.IndexStorage s "
                + "WHERE s.DataverseName = 'RebalanceStock' ORDER BY s.IndexName;").results())
                .map(JsonNode::toString).containsExactly("{\"IndexName\":\"Places\",\"MergePolicy\":\"binomial\"}",
                        "{\"IndexName\":\"locationIndex\",\"MergePolicy\":\"binomial\"}");
    }

    @Test
    void aDatasetWithPerIndexOptionsIsRefusedAndLeftAsItWas(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow(freshDataverse("RebalanceOwn") + PLACES + """
                CREATE INDEX nameIndex ON Places(name) WITH {"merge-policy": {"name": "tiered"}};
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE WITH {"comparator": "simple"};
                CREATE INDEX plainIndex ON Places(name);
                """ + INSERT);
        String view = "SELECT s.IndexName, s.MergePolicy, s.Comparator FROM SpatialLsm.IndexStorage s "
                + "WHERE s.DataverseName = 'RebalanceOwn' ORDER BY s.IndexName;";
        List<String> before = client.executeOrThrow(view).results().stream().map(JsonNode::toString).toList();

        HttpResponse<String> response = rebalance("RebalanceOwn", "Places", "asterix_nc1");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(message(response)).isEqualTo("cannot rebalance dataset RebalanceOwn.Places: a rebalance would "
                + "not keep the spatial-lsm storage options of its indexes locationIndex, nameIndex; drop those "
                + "indexes, rebalance, then create them again");
        // No rebalanceCount: never rebalanced; its own node group is the one CREATE DATASET made.
        assertThat(client.executeOrThrow("SELECT d.rebalanceCount, d.GroupName FROM Metadata.`Dataset` d "
                + "WHERE d.DataverseName = 'RebalanceOwn' AND d.DatasetName = 'Places';").results())
                .map(JsonNode::toString).containsExactly("{\"GroupName\":\"RebalanceOwn.Places\"}");
        assertThat(client.executeOrThrow(view).results()).map(JsonNode::toString).containsExactlyElementsOf(before);
        assertThat(ids(client, "RebalanceOwn")).containsExactly(1L, 3L);
    }

    /**
     * AsterixDB suspends every active feed before it rebalances, and a socket feed cannot be suspended: the cluster
     * controller halts. A refused rebalance must therefore be refused before anything is suspended.
     */
    @Test
    void aRefusalWhileAFeedRunsLeavesTheClusterAndTheFeedRunning(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow(freshDataverse("RebalanceFeed") + PLACES
                + "CREATE INDEX shbLocation ON Places(location) TYPE SHBTREE(0.0, 0.0, 10.0, 10.0);" + INSERT
                + "CREATE DATASET Arrivals(PlaceType) PRIMARY KEY id;"
                + "CREATE FEED F WITH {\"adapter-name\": \"spatial_lsm_socket\", \"sockets\": \"127.0.0.1:"
                + FEED_PORT + "\", \"address-type\": \"IP\", \"type-name\": \"PlaceType\", \"format\": \"adm\", "
                + "\"insert-feed\": \"true\"};"
                + "CONNECT FEED F TO DATASET Arrivals; START FEED F;");
        sendArrivals(0, 100);
        awaitArrivals(client, 100);

        HttpResponse<String> response = rebalance("RebalanceFeed", "Places", "asterix_nc1");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(message(response)).isEqualTo("cannot rebalance dataset RebalanceFeed.Places: a rebalance would "
                + "not keep the spatial-lsm storage options of its indexes shbLocation; drop those indexes, "
                + "rebalance, then create them again");
        assertThat(client.clusterState()).isEqualTo("ACTIVE");
        sendArrivals(100, 200);
        awaitArrivals(client, 200);
        assertThat(ids(client, "RebalanceFeed")).containsExactly(1L, 3L);
        client.executeOrThrow("USE RebalanceFeed; STOP FEED F;");
    }

    /** A request naming only the dataverse moves all its datasets or, when one of them is refused, none. */
    @Test
    void aDataverseWithOneRefusedDatasetIsRefusedAsAWhole(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow(freshDataverse("RebalanceAll") + PLACES
                + "CREATE INDEX locationIndex ON Places(location) TYPE RTREE WITH {\"comparator\": \"simple\"};"
                + "CREATE DATASET Plain(PlaceType) PRIMARY KEY id;");
        HttpRequest request = HttpRequest.newBuilder(URI.create(
                "http://127.0.0.1:19002/admin/rebalance?dataverseName=RebalanceAll&targetNode=asterix_nc1"))
                .POST(HttpRequest.BodyPublishers.noBody()).build();

        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(message(response)).startsWith("cannot rebalance dataset RebalanceAll.Places: ");
        assertThat(client.executeOrThrow("SELECT VALUE d.GroupName FROM Metadata.`Dataset` d "
                + "WHERE d.DataverseName = 'RebalanceAll' ORDER BY d.DatasetName;").results())
                .extracting(JsonNode::asText).containsExactly("RebalanceAll.Places", "RebalanceAll.Plain");
    }

    private static void sendArrivals(int from, int to) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", FEED_PORT)) {
            OutputStream out = socket.getOutputStream();
            for (int id = from; id < to; id++) {
                out.write(("{\"id\": " + id + ", \"name\": \"f\", \"location\": point(\"5.0,5.0\")}\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private static void awaitArrivals(QueryServiceClient client, long count) throws InterruptedException {
        long deadline = System.nanoTime() + ARRIVAL.toNanos();
        String query = "USE RebalanceFeed; SELECT VALUE COUNT(*) FROM Arrivals;";
        while (true) {
            long stored = client.executeOrThrow(query).results().get(0).asLong();
            if (stored >= count) {
                return;
            }
            assertThat(System.nanoTime()).as("within %s, %d of %d records stored", ARRIVAL, stored, count)
                    .isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static HttpResponse<String> rebalance(String dataverse, String dataset, String targetNode)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:19002/admin/rebalance?dataverseName="
                + dataverse + "&datasetName=" + dataset + "&targetNode=" + targetNode))
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static String message(HttpResponse<String> response) throws Exception {
        return new ObjectMapper().readTree(response.body()).get("results").asText();
    }

    private static List<Long> ids(QueryServiceClient client, String dataverse) {
        return client.executeOrThrow("USE " + dataverse + "; " + IN_BOX).results().stream().map(JsonNode::asLong)
                .toList();
    }

    private static String freshDataverse(String name) {
        return "DROP DATAVERSE " + name + " IF EXISTS; CREATE DATAVERSE " + name + "; USE " + name + ";";
    }
}

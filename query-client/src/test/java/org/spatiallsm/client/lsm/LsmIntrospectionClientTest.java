package org.spatiallsm.client.lsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.spatiallsm.client.QueryServiceClient;

import com.sun.net.httpserver.HttpServer;

/** Against a stand-in cluster: one HTTP server on an ephemeral port plays the cluster controller and one NC. */
class LsmIntrospectionClientTest {

    private static final String COMPONENT = "{\"sequences\":[0,0],\"ids\":[1,1],\"bytes\":9,\"tuples\":1,"
            + "\"merging\":false}";
    private static final String EVENT = "{\"event\":\"flush\",\"node\":\"nc1\",\"dataverse\":\"Dv\",\"dataset\":\"A\","
            + "\"index\":\"A\",\"partition\":0,\"datasetId\":7,\"flushCount\":1,\"component\":" + COMPONENT
            + ",\"bytesWritten\":9,\"stack\":[" + COMPONENT + "]}";

    private HttpServer server;
    private final Map<String, String> answers = new ConcurrentHashMap<>();
    private final Map<String, Integer> statuses = new ConcurrentHashMap<>();
    private final Map<String, String> received = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        int port = server.getAddress().getPort();
        answers.put("/admin/cluster", "{\"ncs\": [{\"node_id\": \"nc1\"}]}");
        answers.put("/admin/cluster/node/nc1/config", "{\"config\": [{\"section\": \"nc\", \"properties\": "
                + "{\"address\": \"127.0.0.1\", \"nc.api.port\": " + port + "}}]}");
        answers.put("/query/service", "{\"status\": \"success\", \"results\": [7]}");
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            received.put(path, exchange.getRequestMethod().equals("POST")
                    ? new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)
                    : exchange.getRequestURI().getRawQuery() == null ? "" : exchange.getRequestURI().getRawQuery());
            byte[] body = answers.getOrDefault(path, "{\"error\": \"no such path\"}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answers.containsKey(path) ? statuses.getOrDefault(path, 200) : 404,
                    body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private LsmIntrospectionClient client(Duration timeout) {
        URI endpoint = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        return new LsmIntrospectionClient(new QueryServiceClient(endpoint), timeout);
    }

    @Test
    void readsTheEventsOfTheDatasetAsItIsNow() {
        answers.put("/spatial-lsm/events", EVENT + "\n");

        List<LsmEvent> events = client(Duration.ofSeconds(30)).events("Dv", "A");

        assertThat(events).extracting(LsmEvent::type, LsmEvent::flushCount).containsExactly(tuple("flush", 1L));
        assertThat(received.get("/spatial-lsm/events")).isEqualTo("dataverse=Dv&dataset=A&datasetId=7");
    }

    @Test
    void skipsAKindOfEventItDoesNotKnowAndRefusesALineThatIsNoEvent() {
        answers.put("/spatial-lsm/events", "{\"event\":\"split\",\"node\":\"nc1\"}\n" + EVENT + "\n");
        assertThat(client(Duration.ofSeconds(30)).events("Dv", "A")).extracting(LsmEvent::type)
                .containsExactly("flush");

        answers.put("/spatial-lsm/events", EVENT.substring(0, 40) + "\n");
        assertThat(catchThrowable(() -> client(Duration.ofSeconds(30)).events("Dv", "A")))
                .isInstanceOf(NodeRequestFailedException.class)
                .hasMessageStartingWith("node nc1 answered an event line that is not JSON: ");
    }

    @Test
    void failsWithTheNodesMessageWhenItsEventFilesMissSomeOfTheDatasetsEvents() {
        answers.put("/spatial-lsm/events", EVENT + "\n{\"event\":\"lost\",\"node\":\"nc1\",\"notRecorded\":0,"
                + "\"dropped\":3,\"notWritten\":0,\"olderLinesRotatedAway\":false,\"message\":\"node nc1 misses LSM "
                + "events of this dataset: 3 lost\"}\n");

        assertThat(catchThrowable(() -> client(Duration.ofSeconds(30)).events("Dv", "A")))
                .isInstanceOf(NodeRequestFailedException.class)
                .hasMessage("node nc1 misses LSM events of this dataset: 3 lost");
    }

    @Test
    void letsTheNodeWaitForItsFlushesAlmostAsLongAsTheClientWaitsForTheAnswer() {
        answers.put("/spatial-lsm/flush", "{\"node\": \"nc1\", \"dataverse\": \"Dv\", \"dataset\": \"A\", "
                + "\"indexes\": []}");

        assertThat(client(Duration.ofSeconds(30)).flush("Dv", "A")).isEmpty();
        assertThat(received.get("/spatial-lsm/flush")).isEqualTo("dataverse=Dv&dataset=A&timeoutSeconds=25");
    }

    @Test
    void flushesWithoutAskingForTheListingWhenTheCallerNeedsNone() {
        answers.put("/spatial-lsm/flush", "{\"node\": \"nc1\", \"dataverse\": \"Dv\", \"dataset\": \"A\", "
                + "\"flushes\": 2}");

        client(Duration.ofSeconds(30)).flushWithoutListing("Dv", "A");
        assertThat(received.get("/spatial-lsm/flush"))
                .isEqualTo("dataverse=Dv&dataset=A&timeoutSeconds=25&listing=false");
    }

    @Test
    void reportsTheNodesOneLineErrorWhenTheFlushTimesOut() {
        answers.put("/spatial-lsm/flush", "{\"error\": \"the flush of Dv.A on node nc1 did not finish within 25 s\"}");
        statuses.put("/spatial-lsm/flush", 503);

        assertThat(catchThrowable(() -> client(Duration.ofSeconds(30)).flush("Dv", "A")))
                .isInstanceOf(NodeRequestFailedException.class).hasMessage("node nc1 answered HTTP 503 to "
                        + "/spatial-lsm/flush: the flush of Dv.A on node nc1 did not finish within 25 s");
    }
}

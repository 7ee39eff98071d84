package org.spatiallsm.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.spatiallsm.cli.CliRun;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * flush against a stub cluster of two node controllers, nc1 and nc2, whose API ports are two stub servers that
 * record the flush requests they receive.
 */
class FlushCommandTest {

    private HttpServer cc;
    private final List<HttpServer> ncs = new CopyOnWriteArrayList<>();
    /** "node: form" of every flush request, in the order the nodes received them. */
    private final List<String> flushes = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startStubs() throws IOException {
        for (String node : List.of("nc1", "nc2")) {
            HttpServer nc = server();
            nc.createContext("/spatial-lsm/flush", exchange -> {
                flushes.add(node + ": " + URLDecoder.decode(new String(exchange.getRequestBody().readAllBytes(),
                        StandardCharsets.UTF_8), StandardCharsets.UTF_8));
                respond(exchange, "{\"node\": \"" + node + "\", \"dataverse\": \"Tour\", \"dataset\": \"Visits\", "
                        + "\"flushes\": 2}");
            });
            nc.start();
            ncs.add(nc);
        }
        cc = server();
        cc.createContext("/query/service", exchange -> {
            String form = URLDecoder.decode(new String(exchange.getRequestBody().readAllBytes(),
                    StandardCharsets.UTF_8), StandardCharsets.UTF_8);
            respond(exchange, "{\"results\": [" + (form.contains("\"Visits\"") ? "7" : "") + "], \"status\": "
                    + "\"success\"}");
        });
        cc.createContext("/admin/cluster", exchange -> {
            String path = exchange.getRequestURI().getPath();
            if (path.equals("/admin/cluster")) {
                respond(exchange, "{\"state\": \"ACTIVE\", \"ncs\": [{\"node_id\": \"nc1\", \"state\": \"ACTIVE\"}, "
                        + "{\"node_id\": \"nc2\", \"state\": \"ACTIVE\"}]}");
            } else {
                int port = ncs.get(path.endsWith("nc1/config") ? 0 : 1).getAddress().getPort();
                respond(exchange, "{\"config\": [{\"section\": \"nc\", \"properties\": {\"address\": \"127.0.0.1\", "
                        + "\"nc.api.port\": " + port + "}}]}");
            }
        });
        cc.start();
    }

    private static HttpServer server() throws IOException {
        return HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    }

    @AfterEach
    void stopStubs() {
        cc.stop(0);
        ncs.forEach(nc -> nc.stop(0));
    }

    private static void respond(HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private CliRun flush(String dataset) {
        return CliRun.of("flush", "--endpoint", "http://127.0.0.1:" + cc.getAddress().getPort(), "--dataverse",
                "Tour", "--dataset", dataset);
    }

    @Test
    void flushAsksEveryNodeToFlushTheDataset() {
        CliRun run = flush("Visits");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("flushed Tour.Visits on nc1, nc2" + System.lineSeparator());
        assertThat(flushes).hasSize(2);
        assertThat(flushes.get(0)).startsWith("nc1: dataverse=Tour&dataset=Visits&").contains("listing=false");
        assertThat(flushes.get(1)).startsWith("nc2: dataverse=Tour&dataset=Visits&").contains("listing=false");
    }

    @Test
    void flushOfAnUnknownDatasetSaysSoAndFlushesNothing() {
        CliRun run = flush("Visitz");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("error: there is no dataset Tour.Visitz" + System.lineSeparator());
        assertThat(flushes).isEmpty();
    }
}

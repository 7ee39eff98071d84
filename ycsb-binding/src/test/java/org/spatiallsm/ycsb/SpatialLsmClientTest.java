package org.spatiallsm.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * The binding against a stub of the query service whose UPSERTs fail: what YCSB is told about each operation, and
 * that the feed is released whatever the last flush did. No cluster needed.
 */
class SpatialLsmClientTest {

    private static final String DATASET = "{\"DataverseName\": \"ycsb\", \"DatasetName\": \"usertable\", "
            + "\"DatatypeDataverseName\": \"ycsb\", \"DatatypeName\": \"usertableType\", "
            + "\"InternalDetails\": {\"PrimaryKey\": [[\"YCSB_KEY\"]]}}";
    private static final String TYPE = "{\"DatatypeName\": \"usertableType\", \"Derived\": {\"Record\": {"
            + "\"IsOpen\": true, \"Fields\": [{\"FieldName\": \"YCSB_KEY\", \"FieldType\": \"string\", "
            + "\"IsNullable\": false, \"IsMissable\": false}]}}}";

    private HttpServer service;
    private final List<String> statements = new CopyOnWriteArrayList<>();
    /** Records the fake feed has received: what the stub's feed statistics report. */
    private final AtomicLong feedRecords = new AtomicLong();

    @BeforeAll
    static void measurements() {
        Measurements.setProperties(new Properties());
    }

    /** Answers the catalog's metadata queries, fails every UPSERT, finds nothing; the feed is already running. */
    @BeforeEach
    void startService() throws IOException {
        service = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        service.createContext("/query/service", exchange -> {
            String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String statement = URLDecoder.decode(form.substring("statement=".length(), form.indexOf('&')),
                    StandardCharsets.UTF_8);
            statements.add(statement);
            if (statement.startsWith("UPSERT")) {
                answer(exchange, "{\"status\": \"fatal\", \"errors\": [{\"code\": 1, \"msg\": \"injected\"}]}");
            } else if (statement.contains("Metadata.`Dataset`")) {
                answer(exchange, "{\"status\": \"success\", \"results\": [" + DATASET + "]}");
            } else if (statement.contains("Metadata.`Datatype`")) {
                answer(exchange, "{\"status\": \"success\", \"results\": [" + TYPE + "]}");
            } else {
                answer(exchange, "{\"status\": \"success\", \"results\": []}");
            }
        });
        service.createContext("/admin/active", exchange -> answer(exchange, "{\"ycsb.usertableFeed(Feed)\": "
                + "{\"Stats\": [{\"adapter-stats\": {\"incoming-records-count\": " + feedRecords.get() + "}}]}}"));
        service.start();
    }

    @AfterEach
    void stopService() {
        service.stop(0);
    }

    private static void answer(HttpExchange exchange, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    private SpatialLsmClient binding(Map<String, String> extra) throws DBException {
        Properties properties = new Properties();
        properties.setProperty("db.url", "http://127.0.0.1:" + service.getAddress().getPort());
        properties.setProperty("db.create", "false");
        properties.putAll(extra);
        SpatialLsmClient db = new SpatialLsmClient();
        db.setProperties(properties);
        db.init();
        return db;
    }

    private static Map<String, ByteIterator> values(String text) {
        Map<String, ByteIterator> values = new HashMap<>();
        values.put("field0", new StringByteIterator(text));
        return values;
    }

    /** YCSB's "Return=" counts of one operation, as its text exporter prints them. */
    private static Map<String, Long> returns(String operation) throws IOException {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        try (TextMeasurementsExporter exporter = new TextMeasurementsExporter(text)) {
            Measurements.getMeasurements().exportMeasurements(exporter);
        }
        Map<String, Long> counts = new HashMap<>();
        Matcher line = Pattern.compile("^\\[" + Pattern.quote(operation) + "], Return=(\\w+), (\\d+)$",
                Pattern.MULTILINE).matcher(text.toString(StandardCharsets.UTF_8));
        while (line.find()) {
            counts.put(line.group(1), Long.parseLong(line.group(2)));
        }
        return counts;
    }

    @Test
    void anUnbatchedUpdateThatFailsIsAnError() throws Exception {
        SpatialLsmClient db = binding(Map.of("db.feedenabled", "false"));

        assertThat(db.update("usertable", "user1", values("x"))).isEqualTo(Status.ERROR);
        db.cleanup();
    }

    @Test
    void batchedUpdatesAreNeverOkAndAFailedBatchIsChargedToThemNotToTheNextRead() throws Exception {
        SpatialLsmClient db = binding(Map.of("db.feedenabled", "false", "db.batchupdates", "3"));
        Map<String, Long> before = returns("BATCHED-UPDATE");

        assertThat(db.update("usertable", "user1", values("x"))).isEqualTo(Status.BATCHED_OK);
        assertThat(db.update("usertable", "user2", values("y"))).isEqualTo(Status.BATCHED_OK);
        // The read sends the two held updates first; their UPSERT fails, the read itself does not.
        assertThat(db.read("usertable", "user1", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);
        db.cleanup();

        assertThat(statements).filteredOn(s -> s.startsWith("UPSERT")).hasSize(1).allSatisfy(upsert -> assertThat(
                upsert).contains("\"user1\"", "\"user2\""));
        assertThat(returns("BATCHED-UPDATE").getOrDefault("ERROR", 0L) - before.getOrDefault("ERROR", 0L))
                .isEqualTo(2);
        assertThat(returns("BATCHED-UPDATE").getOrDefault("OK", 0L)).isEqualTo(before.getOrDefault("OK", 0L));
    }

    @Test
    void cleanupReleasesTheFeedEvenWhenTheLastFlushFails() throws Exception {
        try (ServerSocket feedPort = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Long> recordsUntilClosed = CompletableFuture.supplyAsync(() -> {
                try (Socket connection = feedPort.accept(); InputStream in = connection.getInputStream()) {
                    for (int b = in.read(); b >= 0; b = in.read()) {
                        feedRecords.addAndGet(b == '\n' ? 1 : 0);
                    }
                    return feedRecords.get();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            SpatialLsmClient db = binding(Map.of("db.feedport", Integer.toString(feedPort.getLocalPort()),
                    "db.batchupdates", "2"));
            db.insert("usertable", "user1", values("x"));
            db.update("usertable", "user1", values("y"));

            db.cleanup();

            // The final UPSERT failed, and still the connection to the feed was closed (released) with the inserted
            // record delivered. The deadline is generous: a connection that is never closed is the failure.
            assertThat(statements).anySatisfy(s -> assertThat(s).startsWith("UPSERT"));
            assertThat(recordsUntilClosed.get(60, TimeUnit.SECONDS)).isEqualTo(1);
        }
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.load.Catalog;
import org.spatiallsm.load.FailedRecordLogs;
import org.spatiallsm.testcluster.SharedSpatialCluster;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * The spatial_lsm_socket feed adapter survives whatever a client sends: every malformed line is rejected alone,
 * counted in the feed's failed-at-parser count and logged with its position, while every well-formed line, on the
 * same connection and on later ones, reaches the dataset.
 */
@SharedSpatialCluster
class SocketFeedRejectsTest {

    private static final int PORT = 10131;
    private static final int LINE_LIMIT = 1024 * 1024;
    private static final Duration ARRIVAL = Duration.ofMinutes(2);

    private final List<Long> wellFormed = new ArrayList<>();
    private final List<String> rejectedPositions = new ArrayList<>();
    private long nextId;

    @Test
    void malformedLinesAreRejectedAloneAndEveryWellFormedRecordArrives(QueryServiceClient client,
            SpatialTestCluster cluster) throws Exception {
        client.executeOrThrow("CREATE DATAVERSE FeedRej; USE FeedRej;"
                + "CREATE TYPE PT AS {id: bigint, loc: point}; CREATE DATASET Points(PT) PRIMARY KEY id;"
                + "CREATE FEED F WITH {\"adapter-name\": \"spatial_lsm_socket\", \"sockets\": \"127.0.0.1:" + PORT
                + "\", \"address-type\": \"IP\", \"type-name\": \"PT\", \"format\": \"adm\", \"insert-feed\": "
                + "\"true\", \"max-line-bytes\": \"" + LINE_LIMIT + "\"};"
                + "CONNECT FEED F TO DATASET Points; START FEED F;");
        Catalog catalog = new Catalog(client);
        FailedRecordLogs logs = FailedRecordLogs.snapshot(catalog, "FeedRej", "F", cluster.storageRoot());

        ByteArrayOutputStream first = new ByteArrayOutputStream();
        long line = 0;
        line = good(first, line, 100);
        line = bad(first, 1, line, "{\"id\": 502 \"loc\"");
        line = good(first, line, 100);
        line = bad(first, 1, line, "{\"id\": 9001, oops}");
        line = bad(first, 1, line, "{\"id\": 9002, \"loc\": point(\"1.0 2.0)}");
        line = bad(first, 1, line, binaryBlob());
        line = blank(first, line);
        line = good(first, line, 50);
        line = bad(first, 1, line, "{\"id\": 9003, \"pad\": \"" + "x".repeat(10 * 1024 * 1024) + "\"}");
        line = good(first, line, 50);
        byte[] lastWithoutNewline = record(nextId).getBytes(StandardCharsets.UTF_8);
        wellFormed.add(nextId++);
        send(first.toByteArray(), lastWithoutNewline);

        ByteArrayOutputStream second = new ByteArrayOutputStream();
        good(second, 0, 100);
        rejected(2, 101);
        send(second.toByteArray(), "{\"id\": 9004, \"loc\": point(\"3.".getBytes(StandardCharsets.UTF_8));

        ByteArrayOutputStream third = new ByteArrayOutputStream();
        good(third, 0, 100);
        send(third.toByteArray(), new byte[0]);

        awaitArrival(client, catalog);
        assertThat(ids(client)).isEqualTo(wellFormed);
        assertThat(catalog.runningFeed("FeedRej", "F").orElseThrow().failedAtParser())
                .isEqualTo(rejectedPositions.size());
        List<String> logged = logs.appended();
        for (String position : rejectedPositions) {
            assertThat(logged).as(position).anySatisfy(l -> assertThat(l).containsPattern(position));
        }
        assertThat(logged).allSatisfy(l -> assertThat(l.length()).isLessThan(1000));
        client.executeOrThrow("USE FeedRej; STOP FEED F;");
    }

    private long good(ByteArrayOutputStream out, long line, int count) {
        for (int i = 0; i < count; i++) {
            out.writeBytes((record(nextId) + "\n").getBytes(StandardCharsets.UTF_8));
            wellFormed.add(nextId++);
        }
        return line + count;
    }

    private long bad(ByteArrayOutputStream out, int connection, long line, String content) {
        return bad(out, connection, line, content.getBytes(StandardCharsets.UTF_8));
    }

    private long bad(ByteArrayOutputStream out, int connection, long line, byte[] content) {
        out.writeBytes(content);
        out.write('\n');
        rejected(connection, line + 1);
        return line + 1;
    }

    /** What the log line of a rejected line starts with: its connection, the client's address and its line. */
    private void rejected(int connection, long line) {
        rejectedPositions.add("connection " + connection + " from /127.0.0.1:\\d+, line " + line + " \\(");
    }

    private static long blank(ByteArrayOutputStream out, long line) {
        out.writeBytes(" \t\r\n".getBytes(StandardCharsets.UTF_8));
        return line + 1;
    }

    private static String record(long id) {
        return "{\"id\": " + id + ", \"loc\": point(\"" + (id % 360 - 180) + ".5," + (id % 180 - 90) + ".25\")}";
    }

    /** Random bytes with no newline, so they form exactly one line. */
    private static byte[] binaryBlob() {
        byte[] blob = new byte[4096];
        new Random(24).nextBytes(blob);
        for (int i = 0; i < blob.length; i++) {
            if (blob[i] == '\n') {
                blob[i] = 0;
            }
        }
        return blob;
    }

    /** One client connection: the lines, then the bytes of a last line without a newline, then a close. */
    private static void send(byte[] lines, byte[] last) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", PORT)) {
            OutputStream out = socket.getOutputStream();
            out.write(lines);
            out.write(last);
            out.flush();
        }
    }

    private void awaitArrival(QueryServiceClient client, Catalog catalog) throws InterruptedException {
        long deadline = System.nanoTime() + ARRIVAL.toNanos();
        while (true) {
            int stored = ids(client).size();
            long failed = catalog.runningFeed("FeedRej", "F").orElseThrow().failedAtParser();
            if (stored >= wellFormed.size() && failed >= rejectedPositions.size()) {
                return;
            }
            assertThat(System.nanoTime()).as("within %s, %d of %d records stored and %d of %d lines rejected",
                    ARRIVAL, stored, wellFormed.size(), failed, rejectedPositions.size()).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static List<Long> ids(QueryServiceClient client) {
        return client.executeOrThrow("USE FeedRej; SELECT VALUE p.id FROM Points p ORDER BY p.id;").results()
                .stream().map(n -> n.asLong()).toList();
    }
}

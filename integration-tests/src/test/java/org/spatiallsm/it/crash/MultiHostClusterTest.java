package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;

/**
 * A cluster built from the distribution's {@code cluster-conf/multi-host} template, on three loopback "machines"
 * ({@link MultiHostCluster}), started and recovered exactly as docs/configuration.md tells an operator. A socket
 * feed, made as the README's tour makes it, streams records into a dataset with an R-tree; {@code kill -9} of one NC
 * while it streams; the CC must declare the NC dead and refuse statements; the documented {@code startnode} brings it
 * back; then every record a query saw before the kill is there, the restarted feed takes new records, and the crash
 * checks hold ({@link CrashChecks}: the R-tree answers as the primary does, no orphan file, ...). Run it in a network
 * namespace of its own (the loopback addresses and ports): {@code ./scripts/test --extended}, or as
 * docs/crash-testing.md shows.
 */
@Tag("extended")
class MultiHostClusterTest {

    /**
     * The CC declares an NC dead after {@code heartbeat.max.misses} × {@code heartbeat.period} without a heartbeat
     * (AsterixDB 0.9.8: 5 × 10 s, so about 50 s). The test shortens the period to 2 s, so that detection takes about
     * 10 s; {@code -Dspatiallsm.multihost.defaultHeartbeat=true} keeps the defaults, to measure them.
     */
    private static final List<String> SHORT_HEARTBEAT = List.of("heartbeat.period=2000",
            "dead.node.sweep.threshold=2000");
    private static final String FEED_NODE = "nc1";
    private static final String KILLED_NODE = "nc2";
    private static final int FEED_PORT = 10001;
    /** The feed has stored at least this many records when the NC is killed, and keeps streaming. */
    private static final long RECORDS_BEFORE_KILL = 5000;
    /** Records streamed on a new connection after the recovery: all must arrive. */
    private static final int RECORDS_AFTER_RECOVERY = 2000;
    private static final Duration DEADLINE = Duration.ofMinutes(10);
    private static final CrashConfiguration CONFIGURATION = CrashConfiguration.DEFAULT.get(0);

    /** Kept when the test fails: each machine's logs and data show what went wrong. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path root;

    @Test
    void aKilledNodeComesBackWithEveryRecordTheFeedStored() throws Exception {
        boolean defaultHeartbeat = Boolean.getBoolean("spatiallsm.multihost.defaultHeartbeat");
        MultiHostCluster cluster = new MultiHostCluster(DistributionCluster.assembledHome(), root,
                defaultHeartbeat ? List.of() : SHORT_HEARTBEAT);
        QueryServiceClient client = new QueryServiceClient(MultiHostCluster.queryEndpoint(), Duration.ofMinutes(2));
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        Random random = new Random(24);
        AcknowledgedWrites writes = new AcknowledgedWrites();
        try {
            cluster.start();
            new CrashWorkload(0, random).create(client, CONFIGURATION);
            client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; CREATE FEED PointFeed WITH {\"adapter-name\": "
                    + "\"spatial_lsm_socket\", \"sockets\": \"" + MultiHostCluster.NODES.get(FEED_NODE) + ":"
                    + FEED_PORT + "\", \"address-type\": \"IP\", \"type-name\": \"Located\", \"format\": \"adm\", "
                    + "\"insert-feed\": \"true\"}; CONNECT FEED PointFeed TO DATASET " + CrashWorkload.DATASET
                    + "; START FEED PointFeed;");

            FeedWriter writer = new FeedWriter(0, Long.MAX_VALUE);
            writer.start();
            awaitCondition("the feed stores " + RECORDS_BEFORE_KILL + " records",
                    () -> count(client, "true") >= RECORDS_BEFORE_KILL || !writer.isAlive());
            assertThat(writer.isAlive()).as("the feed writer streams (%s)", writer.failure).isTrue();
            // A record a query saw is committed: it must survive the kill.
            List<Long> seen = new IndexQueries(client, random).ids("true");
            cluster.killNode(KILLED_NODE);
            long killed = System.nanoTime();
            writes.insertAcknowledged(seen);
            System.out.printf("killed %s while the feed streamed: %d records stored, %d written to the socket%n",
                    KILLED_NODE, seen.size(), writer.written());

            String beforeDetection = failure(client);
            awaitCondition("the CC declares " + KILLED_NODE + " dead",
                    () -> "UNUSABLE".equals(client.clusterState()));
            System.out.printf("%s declared dead %.1f s after the kill; a query before: %s; after: %s; the feed's "
                    + "client: %s, %d records written%n", KILLED_NODE, (System.nanoTime() - killed) / 1e9,
                    beforeDetection, failure(client), writer.isAlive() ? "still connected" : writer.failure,
                    writer.written());
            assertThat(failure(client)).contains("UNUSABLE").contains(KILLED_NODE);
            writer.stopAndClose();
            writes.insertAttempted(LongStream.range(0, writer.written()).boxed().toList());

            long recovery = System.nanoTime();
            assertThat(cluster.startNode(KILLED_NODE)).contains("\"status\":true");
            cluster.waitForCluster();
            // A socket feed acknowledges nothing: what the NCs had received but not committed is gone.
            System.out.printf("ACTIVE again %.1f s after startnode; %d of the %d records written to the socket are "
                    + "stored%n", (System.nanoTime() - recovery) / 1e9, count(client, "true"), writer.written());

            restartFeed(client);
            long first = writer.written();
            FeedWriter after = new FeedWriter(first, first + RECORDS_AFTER_RECOVERY);
            after.start();
            awaitCondition("the restarted feed stores all " + RECORDS_AFTER_RECOVERY + " new records",
                    () -> count(client, "p.id >= " + first) == RECORDS_AFTER_RECOVERY);
            after.join();
            writes.insertAcknowledged(LongStream.range(first, first + RECORDS_AFTER_RECOVERY).boxed().toList());
            client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; STOP FEED PointFeed;");

            assertThat(new CrashChecks(cluster, client, lsm, random, CONFIGURATION.indexes()).all(writes)).isEmpty();
            cluster.stop();
        } finally {
            cluster.killAll();
        }
    }

    /**
     * The feed after the recovery: AsterixDB restarts a feed that a node failure stopped once the cluster is ACTIVE
     * again, or leaves it stopped; either way a START FEED that does not fail, or fails because it is started,
     * leaves it running.
     */
    private static void restartFeed(QueryServiceClient client) {
        List<String> errors = client.execute("USE " + CrashWorkload.DATAVERSE + "; START FEED PointFeed;").errors();
        System.out.println("START FEED after the recovery: " + (errors.isEmpty() ? "started" : errors));
        assertThat(errors).allMatch(error -> error.contains("already started"));
    }

    /** What a statement gets while the NC is down: its error, or the exception's message. */
    private static String failure(QueryServiceClient client) {
        try {
            List<String> errors = client.execute("USE " + CrashWorkload.DATAVERSE + "; SELECT VALUE COUNT(*) FROM "
                    + CrashWorkload.DATASET + ";").errors();
            return errors.isEmpty() ? "no error" : String.join("; ", errors);
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }

    private static long count(QueryServiceClient client, String condition) {
        return client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; SELECT VALUE COUNT(*) FROM "
                + CrashWorkload.DATASET + " p WHERE " + condition + ";").results().get(0).asLong();
    }

    private static void awaitCondition(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": not within " + DEADLINE);
            }
            Thread.sleep(200);
        }
    }

    /**
     * Streams the records {@code from} .. {@code to} - 1 (ADM lines, at {@link CrashWorkload#location}, so that the
     * crash checks know where each belongs) to the feed's socket, as fast as it takes them, until stopped. A record
     * counts as written once it is handed to the socket: it may or may not have arrived.
     */
    private static final class FeedWriter extends Thread {

        private static final int FLUSH_EVERY = 200;
        private final long from;
        private final long to;
        private final AtomicLong next;
        private volatile Socket socket;
        private volatile boolean stopped;
        private volatile Exception failure;

        FeedWriter(long from, long to) {
            this.from = from;
            this.to = to;
            this.next = new AtomicLong(from);
            setDaemon(true);
        }

        /** One past the last record handed to the socket. */
        long written() {
            return next.get();
        }

        @Override
        public void run() {
            try (Socket connected = connect()) {
                socket = connected;
                OutputStream out = connected.getOutputStream();
                StringBuilder lines = new StringBuilder();
                for (long id = from; id < to && !stopped; id++) {
                    double[] location = CrashWorkload.location(id, false);
                    lines.append("{\"id\": ").append(id).append(", \"location\": point(\"").append(location[0])
                            .append(',').append(location[1]).append("\")}\n");
                    if ((id + 1 - from) % FLUSH_EVERY == 0 || id + 1 == to) {
                        next.set(id + 1);
                        out.write(lines.toString().getBytes(StandardCharsets.UTF_8));
                        lines.setLength(0);
                    }
                }
            } catch (IOException e) {
                failure = e;
            }
        }

        /** Stops streaming; closing the socket ends a write that waits on a feed that no longer reads. */
        void stopAndClose() throws IOException, InterruptedException {
            stopped = true;
            Socket connected = socket;
            if (connected != null) {
                connected.close();
            }
            join(DEADLINE.toMillis());
        }

        /** The feed opens its port some time after START FEED returns: retries until it accepts. */
        private static Socket connect() throws IOException {
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (true) {
                Socket candidate = new Socket();
                try {
                    candidate.connect(new InetSocketAddress(MultiHostCluster.NODES.get(FEED_NODE), FEED_PORT), 5000);
                    return candidate;
                } catch (ConnectException e) {
                    candidate.close();
                    if (System.nanoTime() > deadline) {
                        throw e;
                    }
                    try {
                        Thread.sleep(200);
                    } catch (InterruptedException interrupted) {
                        throw new IOException(interrupted);
                    }
                }
            }
        }
    }
}

package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.FeedMode;
import org.spatiallsm.load.KeyedRecords;
import org.spatiallsm.load.LoadReport;
import org.spatiallsm.load.Loader;

/**
 * A cluster built from the distribution's {@code cluster-conf/multi-host} template, on three loopback "machines"
 * ({@link MultiHostCluster}), started and recovered exactly as docs/configuration.md tells an operator. The
 * loader of {@code spatial-lsm load} streams records through a socket feed, made as the README's tour makes it, into
 * a dataset with an R-tree; {@code kill -9} of one NC while it streams; the CC must declare the NC dead and refuse
 * statements; the documented {@code startnode} brings it back; the loader, which waited for that, restarts the feed
 * and resends what the failure lost, so that the dataset holds every record; and the crash checks hold
 * ({@link CrashChecks}: the R-tree answers as the primary does, no orphan file, ...). Run it in a network
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
    /** The load's records: ids 0 .. {@value} - 1. */
    private static final long RECORDS = 60_000;
    /** The load waits before this record until the NC is dead, so that the kill always comes in mid-load. */
    private static final long RECORD_AFTER_THE_KILL = 30_000;
    /** The feed has stored at least this many records when the NC is killed. */
    private static final long RECORDS_BEFORE_KILL = 5000;
    private static final Duration DEADLINE = Duration.ofMinutes(10);
    private static final CrashConfiguration CONFIGURATION = CrashConfiguration.BINOMIAL;

    /** Kept when the test fails: each machine's logs and data show what went wrong. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path root;

    @Test
    void aKilledNodeComesBackAndTheLoaderResendsWhatTheFeedLost() throws Exception {
        boolean defaultHeartbeat = Boolean.getBoolean("spatiallsm.multihost.defaultHeartbeat");
        MultiHostCluster cluster = new MultiHostCluster(DistributionCluster.assembledHome(), root,
                defaultHeartbeat ? List.of() : SHORT_HEARTBEAT);
        QueryServiceClient client = new QueryServiceClient(MultiHostCluster.queryEndpoint(), Duration.ofMinutes(2));
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        Random random = new Random(24);
        AcknowledgedWrites writes = new AcknowledgedWrites();
        CountDownLatch nodeDead = new CountDownLatch(1);
        try {
            cluster.start();
            new CrashWorkload(0, random).create(client, CONFIGURATION);
            // spatial-lsm load's own loop, as a user runs it: it creates the tour's feed (spatial_lsm_socket, insert
            // mode) on nc1's address and streams; after the failure it waits, starts the feed again and resends.
            Loader.Options options = new Loader.Options(new DatasetName(CrashWorkload.DATAVERSE,
                    CrashWorkload.DATASET), Loader.Transport.FEED, FeedMode.INSERT, "PointFeed",
                    MultiHostCluster.NODES.get(FEED_NODE), FEED_PORT, 1000, 0, false, null, false, null,
                    Duration.ofSeconds(60), 0, null, Duration.ofSeconds(5), DEADLINE);
            CompletableFuture<LoadReport> load = CompletableFuture.supplyAsync(() -> {
                try {
                    return new Loader(client, System.out, false).load(new Points(nodeDead), null, options);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            awaitCondition("the feed stores " + RECORDS_BEFORE_KILL + " records",
                    () -> load.isDone() || count(client) >= RECORDS_BEFORE_KILL);
            assertThat(load).as("the load waits for the kill before record %d", RECORD_AFTER_THE_KILL).isNotDone();
            // A record a query saw is committed: it must survive the kill.
            List<Long> seen = new IndexQueries(client, random).ids("true");
            cluster.killNode(KILLED_NODE);
            long killed = System.nanoTime();
            writes.insertAcknowledged(seen);
            System.out.printf("killed %s while the load streamed: %d records stored%n", KILLED_NODE, seen.size());

            String beforeDetection = failure(client);
            awaitCondition("the CC declares " + KILLED_NODE + " dead",
                    () -> "UNUSABLE".equals(client.clusterState()));
            System.out.printf("%s declared dead %.1f s after the kill; a query before: %s; after: %s%n", KILLED_NODE,
                    (System.nanoTime() - killed) / 1e9, beforeDetection, failure(client));
            assertThat(failure(client)).contains("UNUSABLE").contains(KILLED_NODE);
            nodeDead.countDown();

            long recovery = System.nanoTime();
            assertThat(cluster.startNode(KILLED_NODE)).contains("\"status\":true");
            cluster.waitForCluster();
            System.out.printf("ACTIVE again %.1f s after startnode%n", (System.nanoTime() - recovery) / 1e9);

            LoadReport report = load.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            System.out.println(report.summary());
            assertThat(report.verified()).as(report.summary()).isTrue();
            assertThat(report.found()).isEqualTo(RECORDS);
            assertThat(report.notes()).anySatisfy(note -> assertThat(note).contains("resent the"));
            writes.insertAttempted(LongStream.range(0, RECORDS).boxed().toList());
            writes.insertAcknowledged(LongStream.range(0, RECORDS).boxed().toList());

            assertThat(new CrashChecks(cluster, client, lsm, random, CONFIGURATION.indexes()).all(writes)).isEmpty();
            cluster.stop();
        } finally {
            nodeDead.countDown();
            cluster.killAll();
        }
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

    private static long count(QueryServiceClient client) {
        return client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; SELECT VALUE COUNT(*) FROM "
                + CrashWorkload.DATASET + ";").results().get(0).asLong();
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
     * The load's records, ADM lines at {@link CrashWorkload#location} (so that the crash checks know where each
     * belongs); record {@value #RECORD_AFTER_THE_KILL} is made only once the NC is dead.
     */
    private record Points(CountDownLatch nodeDead) implements KeyedRecords {

        @Override
        public String keyField() {
            return "id";
        }

        @Override
        public long firstKey() {
            return 0;
        }

        @Override
        public long count() {
            return RECORDS;
        }

        @Override
        public String record(long id) {
            if (id == RECORD_AFTER_THE_KILL) {
                try {
                    nodeDead.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            double[] location = CrashWorkload.location(id, false);
            return "{\"id\": " + id + ", \"location\": point(\"" + location[0] + "," + location[1] + "\")}";
        }

        @Override
        public String description() {
            return RECORDS + " points, ids 0.." + (RECORDS - 1);
        }
    }
}

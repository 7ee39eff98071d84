package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.asterixdb.crash.HoldPoints;
import org.spatiallsm.asterixdb.rtree.pruning.PruningRTree;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.testcluster.SharedSpatialCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A query that runs while a leveled merge installs its outputs, or while a move changes a component's level, returns
 * exactly what a scan of the primary index returns. No timing decides where the query lands: a hold point
 * ({@link HoldPoints}) stops either the merge at a phase of its install, while queries run, or a query after it
 * entered its components, while flushes make the policy merge and move. The records written while a query is held
 * avoid its window (and only its window), so the expected answer is the scan's after the hold. Windows and points
 * come from a seed per partitioning.
 */
@SharedSpatialCluster
class QueryDuringLeveledInstallTest {

    private static final Duration GENEROUS = Duration.ofMinutes(3);
    private static final int BATCH = 150;
    /** Points lie in [0, WIDTH] x [0, HEIGHT]; every batch spreads over all of it, so flushes overlap and merge. */
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 100;
    private static final List<String> MERGE_PHASES = List.of("leveled.merge.outputs-written",
            "leveled.merge.committed");

    private int batches;

    @AfterEach
    void disarm() {
        System.clearProperty(HoldPoints.PROPERTY);
        MERGE_PHASES.forEach(HoldPoints::release);
        HoldPoints.release(PruningRTree.SEARCH_ENTERED);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "size", "str", "rstar-grove-area" })
    void queriesDuringAHeldMergeEqualTheScan(String partitioning, QueryServiceClient client) throws Exception {
        String dataverse = create(client, "HeldMerge", partitioning);
        Random random = new Random(partitioning.hashCode());
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, GENEROUS);
        for (String phase : MERGE_PHASES) {
            for (int round = 0; round < 2; round++) {
                System.setProperty(HoldPoints.PROPERTY, phase);
                int steps = 0;
                while (!stepUntilHeldOrSettled(client, lsm, dataverse, random, phase)) {
                    steps++;
                    assertThat(steps).as("flushes before a merge reached " + phase).isLessThan(30);
                }
                assertThat(lsm.components(dataverse, "Points")).as("a merge in flight while held at " + phase)
                        .anyMatch(IndexComponents::anyMerging);
                assertQueriesEqualScans(client, dataverse, random, phase + ", round " + round);
                System.clearProperty(HoldPoints.PROPERTY);
                HoldPoints.release(phase);
                settle(lsm, dataverse);
                assertQueriesEqualScans(client, dataverse, random, "after " + phase + ", round " + round);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "size", "str", "rstar-grove-area" })
    void aQueryHeldAcrossMergesAndMovesEqualsTheScan(String partitioning, QueryServiceClient client)
            throws Exception {
        String dataverse = create(client, "HeldQuery", partitioning);
        Random random = new Random(~partitioning.hashCode());
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, GENEROUS);
        insertBatch(client, dataverse, random, null);
        lsm.flush(dataverse, "Points");
        settle(lsm, dataverse);
        int merges = 0;
        int moves = 0;
        for (int round = 0; round < 10 && (merges == 0 || moves == 0 || round < 6); round++) {
            Map<String, Integer> before = levels(lsm.components(dataverse, "Points"));
            Window window = window(random);
            System.setProperty(HoldPoints.PROPERTY, PruningRTree.SEARCH_ENTERED);
            CompletableFuture<List<Long>> held =
                    CompletableFuture.supplyAsync(() -> ids(client, dataverse, window.rtree()));
            assertThat(HoldPoints.awaitHeld(PruningRTree.SEARCH_ENTERED, GENEROUS)).as("the query reached its search")
                    .isTrue();
            // One flush: the policy merges or moves (the held search keeps what it entered readable), and a second
            // mutable memory component takes the inserts while the query holds the first.
            insertBatch(client, dataverse, random, window);
            lsm.flush(dataverse, "Points");
            Map<String, Integer> after = levels(settle(lsm, dataverse));
            System.clearProperty(HoldPoints.PROPERTY);
            HoldPoints.release(PruningRTree.SEARCH_ENTERED);
            List<Long> answer = held.get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(answer).as("round " + round + ": the held query in " + window + " against the scan")
                    .isEqualTo(ids(client, dataverse, window.scan()));
            if (!after.keySet().containsAll(before.keySet())) {
                merges++;
            }
            if (before.entrySet().stream().anyMatch(e -> after.containsKey(e.getKey())
                    && !after.get(e.getKey()).equals(e.getValue()))) {
                moves++;
            }
        }
        assertThat(merges).as("rounds with a merge installed while a query was held").isPositive();
        assertThat(moves).as("rounds with a move while a query was held").isPositive();
    }

    private String create(QueryServiceClient client, String prefix, String partitioning) {
        String dataverse = prefix + partitioning.replace("-", "");
        batches = 0;
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; CREATE TYPE Located AS { id: int64, location: point };"
                + " CREATE DATASET Points(Located) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"no-merge\"}};"
                + " CREATE INDEX loc ON Points(location) TYPE RTREE WITH {\"merge-policy\": {\"name\": \"leveled\","
                + " \"parameters\": {\"level0-components\": 2, \"size-ratio\": 2, \"max-component-entries\": 40,"
                + " \"partitioning\": \"" + partitioning + "\"}}};");
        return dataverse;
    }

    /**
     * One batch and a flush, then waits until the merges it caused have completed (false) or one of them waits at
     * {@code phase} (true), so that flushes never pile up behind a held merge.
     */
    private boolean stepUntilHeldOrSettled(QueryServiceClient client, LsmIntrospectionClient lsm, String dataverse,
            Random random, String phase) throws InterruptedException {
        insertBatch(client, dataverse, random, null);
        lsm.flush(dataverse, "Points");
        long deadline = System.nanoTime() + GENEROUS.toNanos();
        while (System.nanoTime() < deadline) {
            if (HoldPoints.awaitHeld(phase, Duration.ZERO)) {
                return true;
            }
            if (lsm.components(dataverse, "Points").stream().noneMatch(IndexComponents::anyMerging)) {
                return HoldPoints.awaitHeld(phase, Duration.ZERO);
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the merges after a flush neither completed nor reached " + phase);
    }

    private static List<IndexComponents> settle(LsmIntrospectionClient lsm, String dataverse)
            throws InterruptedException {
        long deadline = System.nanoTime() + GENEROUS.toNanos();
        while (true) {
            List<IndexComponents> components = lsm.components(dataverse, "Points");
            if (components.stream().noneMatch(IndexComponents::anyMerging)) {
                return components;
            }
            assertThat(System.nanoTime()).as("merges still running after " + GENEROUS).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    /** A batch of random points of the whole area, none in {@code avoid} (if given). */
    private void insertBatch(QueryServiceClient client, String dataverse, Random random, Window avoid) {
        StringBuilder records = new StringBuilder();
        long firstId = (long) batches * BATCH;
        for (int i = 0; i < BATCH; i++) {
            double x;
            double y;
            do {
                x = random.nextInt(WIDTH * 100 + 1) / 100.0;
                y = random.nextInt(HEIGHT * 100 + 1) / 100.0;
            } while (avoid != null && avoid.contains(x, y));
            records.append(i == 0 ? "" : ", ").append("{\"id\": ").append(firstId + i)
                    .append(", \"location\": create_point(").append(x).append(", ").append(y).append(")}");
        }
        client.executeOrThrow("USE " + dataverse + "; INSERT INTO Points ([" + records + "]);");
        batches++;
    }

    /** A window of at most half the area's width and height, inside it. */
    private static Window window(Random random) {
        double x0 = random.nextDouble() * WIDTH / 2;
        double y0 = random.nextDouble() * HEIGHT / 2;
        return new Window(x0, y0, x0 + random.nextDouble() * WIDTH / 2, y0 + random.nextDouble() * HEIGHT / 2);
    }

    private record Window(double x0, double y0, double x1, double y1) {

        boolean contains(double x, double y) {
            return x >= x0 && x <= x1 && y >= y0 && y <= y1;
        }

        /** The window as a predicate the R-tree answers. */
        String rtree() {
            return "spatial_intersect(p.location, create_rectangle(create_point(" + x0 + ", " + y0
                    + "), create_point(" + x1 + ", " + y1 + ")))";
        }

        /** The same window as a predicate the R-tree cannot answer, so the primary index is scanned. */
        String scan() {
            return "get_x(p.location) >= " + x0 + " AND get_x(p.location) <= " + x1 + " AND get_y(p.location) >= "
                    + y0 + " AND get_y(p.location) <= " + y1;
        }
    }

    private void assertQueriesEqualScans(QueryServiceClient client, String dataverse, Random random, String when) {
        assertThat(ids(client, dataverse, "spatial_intersect(p.location, create_rectangle(create_point(-1e6, -1e6),"
                + " create_point(1e6, 1e6)))")).as(when + ": every record through the R-tree")
                .hasSize(batches * BATCH).isEqualTo(ids(client, dataverse, "true"));
        for (int i = 0; i < 4; i++) {
            Window window = window(random);
            assertThat(ids(client, dataverse, window.rtree())).as(when + ": the R-tree in " + window)
                    .isEqualTo(ids(client, dataverse, window.scan()));
        }
    }

    /** The ids found, sorted, duplicates kept. */
    private static List<Long> ids(QueryServiceClient client, String dataverse, String condition) {
        return client.executeOrThrow("USE " + dataverse + "; SELECT VALUE p.id FROM Points p WHERE " + condition
                + " ORDER BY p.id;").results().stream().map(JsonNode::asLong).toList();
    }

    /** The level of every R-tree component, by node, partition and component id range. */
    private static Map<String, Integer> levels(List<IndexComponents> partitions) {
        Map<String, Integer> levels = new HashMap<>();
        for (IndexComponents partition : partitions) {
            if (partition.primary()) {
                continue;
            }
            for (int i = 0; i < partition.components().size(); i++) {
                levels.put(partition.node() + "/" + partition.where().partition() + "/"
                        + partition.components().get(i).minId() + "-" + partition.components().get(i).maxId(),
                        partition.levels().get(i).orElse(-1));
            }
        }
        return levels;
    }
}

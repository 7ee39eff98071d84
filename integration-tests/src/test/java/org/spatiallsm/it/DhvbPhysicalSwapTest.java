package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.curves.DhvbValue;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The physical-swap route, proven small: an index that AsterixDB knows as an R-tree on a point field, stored as a
 * DHVB LSM B-tree ({@code CREATE INDEX ... TYPE DHVBTREE}), is maintained by plain SQL++ DML
 * and answers {@code spatial_intersect} exactly as a stock R-tree on the same data, through inserts, deletes,
 * upserts, flushes, a merge and a restart. Its index-only full scan returns entries in Hilbert-value order, which
 * shows that the B-tree, and not an R-tree, answered.
 */
@ExtendWith(SpatialClusterExtension.class)
class DhvbPhysicalSwapTest {

    private static final String WORLD = "create_rectangle(create_point(-180.0, -90.0), create_point(180.0, 90.0))";
    private static final int POINTS = 1200;

    @BeforeAll
    static void createAnRtreeAndADhvbIndexOnTheSamePoints(QueryServiceClient client) {
        client.executeOrThrow(dataverse("Stock") + "CREATE INDEX rtreeLoc ON Points(location) TYPE RTREE;");
        client.executeOrThrow(dataverse("Dhvb") + "CREATE INDEX dhvbLoc ON Points(location) TYPE DHVBTREE;");
        insertWith(client, 0, POINTS);
    }

    @Test
    void answersEqualTheRtreesThroughDeletesFlushMergeAndRestart(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        assertThat(client.executeOrThrow("USE Dhvb; EXPLAIN SELECT VALUE p.id FROM Points p WHERE "
                + "spatial_intersect(p.location, " + WORLD + ");").plan()).contains("dhvbLoc");
        assertSameAnswers(client, "after inserts");

        deleteWhere(client, "p.id % 3 = 0");
        assertSameAnswers(client, "after a delete in memory");
        for (String dv : List.of("Stock", "Dhvb")) {
            client.executeOrThrow("USE " + dv + "; UPSERT INTO Points (SELECT VALUE {\"id\": p.id, \"location\": "
                    + "create_point(get_y(p.location), get_x(p.location) / 2.0)} FROM Points p WHERE p.id % 7 = 1);");
        }
        assertSameAnswers(client, "after upserts that move points");

        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        int before = dhvbComponents(lsm); // CREATE INDEX may leave an empty bulk-loaded component
        for (String dv : List.of("Stock", "Dhvb")) {
            lsm.flush(dv, "Points");
        }
        assertThat(dhvbComponents(lsm)).isEqualTo(before + 1);
        assertSameAnswers(client, "after a flush");

        deleteWhere(client, "p.id % 5 = 0");
        insertWith(client, POINTS, 300);
        for (String dv : List.of("Stock", "Dhvb")) {
            lsm.flush(dv, "Points");
        }
        assertThat(dhvbComponents(lsm)).isEqualTo(before + 2);
        assertSameAnswers(client, "with anti-matter in a second component");
        for (String dv : List.of("Stock", "Dhvb")) {
            client.executeOrThrow("USE " + dv + "; COMPACT DATASET Points;");
        }
        awaitOneComponent(lsm);
        assertSameAnswers(client, "after a merge");

        cluster.restart();
        QueryServiceClient restarted = cluster.client();
        assertSameAnswers(restarted, "after a restart");
        List<double[]> stored = storedOrder(restarted);
        assertThat(stored).hasSize(ids(restarted, "Stock", WORLD).size())
                .isSortedAccordingTo(Comparator.comparingLong((double[] p) -> DhvbValue.of(p[0], p[1])));
    }

    /** COMPACT schedules the full merge; waits (generously) until it has left one component. */
    private static void awaitOneComponent(LsmIntrospectionClient lsm) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (dhvbComponents(lsm) != 1) {
            assertThat(System.nanoTime()).as("the full merge of dhvbLoc within 60 s").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /** The disk components of the DHVB index's one partition. */
    private static int dhvbComponents(LsmIntrospectionClient lsm) {
        return lsm.components("Dhvb", "Points").stream().filter(index -> index.where().index().equals("dhvbLoc"))
                .findFirst().orElseThrow().components().size();
    }

    @Test
    void anIndexNestedLoopJoinUsesTheIndexAndAnswersAsTheRtree(QueryServiceClient client) {
        String join = "SELECT VALUE [s.id, p.id] FROM Points s, Points p WHERE s.id < 40 AND spatial_intersect("
                + "p.location, create_circle(s.location, 5.0)) ORDER BY s.id, p.id;";
        assertThat(client.executeOrThrow("USE Dhvb; EXPLAIN " + join).plan()).contains("dhvbLoc");
        List<JsonNode> stock = client.executeOrThrow("USE Stock; " + join).results();
        assertThat(stock).hasSizeGreaterThan(40);
        assertThat(client.executeOrThrow("USE Dhvb; " + join).results()).isEqualTo(stock);
    }

    @Test
    void aPointOutsideTheDomainIsRefusedWithItsReason(QueryServiceClient client) {
        var result = client.execute("USE Dhvb; INSERT INTO Points ({\"id\": 999999, \"location\": "
                + "point(\"10.0,95.0\")});");
        assertThat(result.status()).isEqualTo("fatal");
        assertThat(String.join(" ", result.errors())).contains("(10.0, 95.0) is outside");
    }

    private static void assertSameAnswers(QueryServiceClient client, String when) {
        List<String> regions = new ArrayList<>(List.of(WORLD,
                "create_point(-180.0, -90.0)", "create_point(180.0, 90.0)", "create_point(0.0, 0.0)", "create_circle(create_point(-117.8, 33.6), 10.0)",
                "create_rectangle(create_point(0.0, 0.0), create_point(45.0, 45.0))"));
        Random random = new Random(7);
        for (int i = 0; i < 12; i++) {
            double x = random.nextDouble() * 340 - 180;
            double y = random.nextDouble() * 160 - 90;
            double size = Math.pow(10, -random.nextInt(3)) * 20;
            regions.add("create_rectangle(create_point(" + x + ", " + y + "), create_point(" + Math.min(180, x + size)
                    + ", " + Math.min(90, y + size) + "))");
        }
        for (String region : regions) {
            List<Long> stock = ids(client, "Stock", region);
            assertThat(ids(client, "Dhvb", region)).as(when + ": " + region).isEqualTo(stock);
        }
        assertThat(ids(client, "Dhvb", WORLD)).as(when).isNotEmpty();
    }

    private static List<Long> ids(QueryServiceClient client, String dv, String region) {
        return client.executeOrThrow("USE " + dv + "; SELECT VALUE p.id FROM Points p WHERE spatial_intersect("
                + "p.location, " + region + ") ORDER BY p.id;").results().stream().map(JsonNode::asLong).toList();
    }

    /** The points as the index returns them to an index-only full-range search (one partition). */
    private static List<double[]> storedOrder(QueryServiceClient client) {
        List<double[]> points = new ArrayList<>();
        for (JsonNode point : client.executeOrThrow("USE Dhvb; SET `compiler.parallelism` \"1\"; SELECT VALUE "
                + "[get_x(p.location), get_y(p.location)] FROM Points p WHERE spatial_intersect(p.location, " + WORLD
                + ");").results()) {
            points.add(new double[] { point.get(0).asDouble(), point.get(1).asDouble() });
        }
        return points;
    }

    private static void deleteWhere(QueryServiceClient client, String condition) {
        for (String dv : List.of("Stock", "Dhvb")) {
            client.executeOrThrow("USE " + dv + "; DELETE FROM Points p WHERE " + condition + ";");
        }
    }

    private static void insertWith(QueryServiceClient client, int from, int count) {
        for (String dv : List.of("Stock", "Dhvb")) {
            client.executeOrThrow("USE " + dv + "; INSERT INTO Points (" + points(from, count) + ");");
        }
    }

    /** Points with 4 decimals, many sharing coordinates, and the domain's corners. */
    private static String points(int from, int count) {
        Random random = new Random(from);
        StringBuilder array = new StringBuilder("[");
        for (int id = from; id < from + count; id++) {
            double x;
            double y;
            switch (id % 10) {
                case 0 -> { x = -180.0; y = -90.0; }
                case 1 -> { x = 180.0; y = 90.0; }
                case 2 -> { x = 0.0; y = 0.0; }
                default -> {
                    x = Math.round((random.nextDouble() * 360 - 180) * 1e4) / 1e4;
                    y = Math.round((random.nextDouble() * 180 - 90) * 1e4) / 1e4;
                }
            }
            array.append(id == from ? "" : ",").append("{\"id\": ").append(id).append(", \"location\": point(\"")
                    .append(x).append(',').append(y).append("\")}");
        }
        return array.append(']').toString();
    }

    /** A fresh dataverse with a dataset on a single partition (NC asterix_nc1), so that scans keep index order. */
    private static String dataverse(String dv) {
        return "DROP DATAVERSE " + dv + " IF EXISTS; CREATE DATAVERSE " + dv + "; USE " + dv + ";"
                + "DROP NODEGROUP " + dv + "Group IF EXISTS; CREATE NODEGROUP " + dv + "Group ON asterix_nc1;"
                + "CREATE TYPE PointType AS { id: int64, location: point };"
                + "CREATE DATASET Points(PointType) PRIMARY KEY id WITH {\"node-group\": {\"name\": \"" + dv
                + "Group\"}};";
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The R-tree comparator option: the same data under hilbert, zorder and simple answers queries identically, while
 * the order in which the R-tree stores its entries differs. The stored order is read back with an index-only scan
 * of a dataset on one partition (the LSM R-tree search returns its entries in comparator order).
 */
@ExtendWith(SpatialClusterExtension.class)
class RTreeComparatorTest {

    private static final List<String> ORDERS = List.of("default", "hilbert", "zorder", "simple");
    private static final int POINTS = 1500;
    private static final String WORLD = "create_rectangle(create_point(-180.0, -90.0), create_point(180.0, 90.0))";

    @BeforeAll
    static void loadTheSamePointsUnderEveryOrderAndFlush(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        for (String order : ORDERS) {
            String with = order.equals("default") ? "" : " WITH {\"comparator\": \"" + order + "\"}";
            client.executeOrThrow(dataverse(order) + "CREATE INDEX loc ON Points(location) TYPE RTREE" + with + ";"
                    + "INSERT INTO Points (" + pointsArray() + ");");
        }
        // A graceful restart flushes every memory component into one disk component per index.
        cluster.restart();
    }

    @Test
    void everyOrderAnswersQueriesIdentically(QueryServiceClient client) {
        List<List<Long>> answers = new ArrayList<>();
        for (String order : ORDERS) {
            answers.add(client.executeOrThrow("USE " + name(order) + "; SELECT VALUE p.id FROM Points p WHERE "
                    + "spatial_intersect(p.location, create_rectangle(create_point(-20.0, -10.0), "
                    + "create_point(45.0, 30.0))) ORDER BY p.id;").results().stream().map(JsonNode::asLong).toList());
        }
        assertThat(answers.get(0)).hasSizeGreaterThan(50);
        assertThat(answers).allSatisfy(answer -> assertThat(answer).isEqualTo(answers.get(0)));
    }

    @ParameterizedTest
    @ValueSource(strings = { "default", "hilbert", "zorder", "simple" })
    void theRtreeIsUsedWhateverItsOrder(String order, QueryServiceClient client) {
        String plan = client.executeOrThrow("USE " + name(order) + "; EXPLAIN SELECT VALUE p.id FROM Points p WHERE "
                + "spatial_intersect(p.location, create_rectangle(create_point(0.0, 0.0), create_point(1.0, 1.0)));")
                .plan();
        assertThat(plan).contains("RTREE_SEARCH");
    }

    @Test
    void theStoredOrderIsTheChosenOne(QueryServiceClient client) {
        List<double[]> hilbert = storedOrder(client, "hilbert");
        List<double[]> zorder = storedOrder(client, "zorder");
        List<double[]> simple = storedOrder(client, "simple");

        assertThat(simple).hasSize(POINTS).isSortedAccordingTo(BY_X_THEN_Y);
        assertThat(render(storedOrder(client, "default"))).isEqualTo(render(hilbert));
        assertThat(render(hilbert)).isNotEqualTo(render(zorder)).isNotEqualTo(render(simple));
        assertThat(render(zorder)).isNotEqualTo(render(simple));
        assertThat(render(sorted(hilbert))).isEqualTo(render(sorted(simple))).isEqualTo(render(sorted(zorder)));
    }

    @Test
    void aNewIndexOnExistingDataIsBulkLoadedInItsOrder(QueryServiceClient client) {
        client.executeOrThrow(dataverse("bulk") + "INSERT INTO Points (" + pointsArray() + ");"
                + "CREATE INDEX loc ON Points(location) TYPE RTREE WITH {\"comparator\": \"simple\"};");

        assertThat(storedOrder(client, "bulk")).hasSize(POINTS).isSortedAccordingTo(BY_X_THEN_Y);
    }

    @Test
    void loadDatasetBulkLoadsAnRtreeInItsOrder(QueryServiceClient client) throws IOException {
        client.executeOrThrow(dataverse("load")
                + "CREATE INDEX loc ON Points(location) TYPE RTREE WITH {\"comparator\": \"simple\"};"
                + "CREATE INDEX byId ON Points(id) TYPE BTREE;" + load());

        assertThat(storedOrder(client, "load")).hasSize(POINTS).isSortedAccordingTo(BY_X_THEN_Y);
    }

    @Test
    void loadDatasetIsRefusedWhenRtreesDisagreeAndLoadsNothing(QueryServiceClient client) throws IOException {
        client.executeOrThrow(dataverse("load_refused")
                + "CREATE INDEX simpleLoc ON Points(location) TYPE RTREE WITH {\"comparator\": \"simple\"};"
                + "CREATE INDEX defaultLoc ON Points(location) TYPE RTREE;");

        QueryResult result = client.execute("USE " + name("load_refused") + ";" + load());

        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).containsExactly("1: ASX1079: Compilation error: LOAD DATASET cannot bulk-load "
                + "R-tree indexes with different comparators (defaultLoc: default, simpleLoc: simple); load the data "
                + "before creating those indexes, or insert it (in line 1, at column 24)");
        assertThat(client.executeOrThrow("USE " + name("load_refused") + "; SELECT VALUE COUNT(*) FROM Points p;")
                .results()).extracting(JsonNode::asLong).containsExactly(0L);
    }

    /**
     * LOAD DATASET sorts an R-tree's keys in the R-tree's own order (0.9.8 sorts them coordinate by coordinate), so the
     * anti-matter of a later delete meets the loaded entry it cancels: after LOAD, a delete and a flush, the R-tree
     * answers as a scan does, in every order.
     */
    @ParameterizedTest
    @ValueSource(strings = { "default", "hilbert", "zorder", "simple", "hilbert-stock" })
    void deletesAfterLoadDatasetStayDeletedInEveryOrder(String order, QueryServiceClient client) throws IOException {
        String dataverse = "load_delete_" + order.replace('-', '_');
        String with = order.equals("default") ? "" : " WITH {\"comparator\": \"" + order + "\"}";
        client.executeOrThrow(dataverse(dataverse) + "CREATE INDEX loc ON Points(location) TYPE RTREE" + with + ";"
                + load());

        client.executeOrThrow("USE " + name(dataverse) + "; DELETE FROM Points p WHERE p.id % 3 = 0;");
        new FlushDriver(client, name(dataverse), "Points").flush();

        assertThat(client.executeOrThrow("USE " + name(dataverse) + "; SELECT VALUE COUNT(*) FROM Points p "
                + "WHERE spatial_intersect(p.location, " + WORLD + ");").results()).extracting(JsonNode::asLong)
                .containsExactly((long) POINTS - POINTS / 3);
    }

    @Test
    void deletesStayDeletedThroughAFullMergeInEveryOrder(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        for (String order : List.of("zorder", "simple")) {
            client.executeOrThrow(dataverse("merge_" + order)
                    + "CREATE INDEX loc ON Points(location) TYPE RTREE WITH {\"comparator\": \"" + order + "\"};"
                    + "INSERT INTO Points (" + pointsArray() + ");");
        }
        for (String order : List.of("zorder", "simple")) {
            new FlushDriver(client, name("merge_" + order), "Points").flush(); // component 1: all points
            client.executeOrThrow("USE " + name("merge_" + order) + "; DELETE FROM Points p WHERE p.id % 3 = 0;");
        }
        // Component 2, anti-matter for a third of them: a graceful restart flushes it, and the merge then reads
        // components the restart reopened.
        cluster.restart();
        for (String order : List.of("zorder", "simple")) {
            QueryServiceClient restarted = cluster.client();
            restarted.executeOrThrow("USE " + name("merge_" + order) + "; COMPACT DATASET Points;");
            long survivors = restarted.executeOrThrow("USE " + name("merge_" + order) + "; SELECT VALUE COUNT(*) "
                    + "FROM Points p WHERE spatial_intersect(p.location, " + WORLD + ");").results().get(0).asLong();
            assertThat(survivors).as(order).isEqualTo(POINTS - (POINTS / 3));
        }
    }

    private static final Comparator<double[]> BY_X_THEN_Y =
            Comparator.<double[]>comparingDouble(p -> p[0]).thenComparingDouble(p -> p[1]);

    /** The points as the R-tree returns them to an index-only full-range search (one partition, one component). */
    static List<double[]> storedOrder(QueryServiceClient client, String order) {
        List<double[]> points = new ArrayList<>();
        for (JsonNode point : client.executeOrThrow("USE " + name(order) + "; SET `compiler.parallelism` \"1\"; "
                + "SELECT VALUE [get_x(p.location), "
                + "get_y(p.location)] FROM Points p WHERE spatial_intersect(p.location, " + WORLD + ");").results()) {
            points.add(new double[] { point.get(0).asDouble(), point.get(1).asDouble() });
        }
        return points;
    }

    /** A LOAD DATASET statement of {@link #pointsArray()}'s points, written as an ADM file on this host. */
    private static String load() throws IOException {
        Path file = Path.of("target", "rtree-comparator-points.adm").toAbsolutePath();
        Files.writeString(file, pointsArray().replaceAll("^\\[|\\]$", "").replace("},{", "}\n{"));
        return "LOAD DATASET Points USING localfs ((\"path\"=\"asterix_nc1://" + file + "\"), (\"format\"=\"adm\"));";
    }

    private static List<double[]> sorted(List<double[]> points) {
        return points.stream().sorted(BY_X_THEN_Y).toList();
    }

    private static List<String> render(List<double[]> points) {
        return points.stream().map(p -> p[0] + "," + p[1]).toList();
    }

    static String name(String order) {
        return "Order_" + order;
    }

    /** A fresh dataverse with a dataset stored on a single partition (NC asterix_nc1), so scans keep their order. */
    static String dataverse(String order) {
        String dv = name(order);
        return "DROP DATAVERSE " + dv + " IF EXISTS; CREATE DATAVERSE " + dv + "; USE " + dv + ";"
                + "DROP NODEGROUP " + dv + "Group IF EXISTS; CREATE NODEGROUP " + dv + "Group ON asterix_nc1;"
                + "CREATE TYPE PointType AS { id: int64, location: point };"
                + "CREATE DATASET Points(PointType) PRIMARY KEY id WITH {\"node-group\": {\"name\": \"" + dv
                + "Group\"}};";
    }

    /** The same pseudo-random points for every order. */
    private static String pointsArray() {
        Random random = new Random(42);
        StringBuilder array = new StringBuilder("[");
        for (int id = 0; id < POINTS; id++) {
            double x = Math.round((random.nextDouble() * 360 - 180) * 1e4) / 1e4;
            double y = Math.round((random.nextDouble() * 180 - 90) * 1e4) / 1e4;
            array.append(id == 0 ? "" : ",").append("{\"id\": ").append(id).append(", \"location\": point(\"")
                    .append(x).append(',').append(y).append("\")}");
        }
        return array.append(']').toString();
    }
}

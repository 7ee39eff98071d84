package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.it.RTreeComparatorTest.dataverse;
import static org.spatiallsm.it.RTreeComparatorTest.name;
import static org.spatiallsm.it.RTreeComparatorTest.storedOrder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.apache.hyracks.api.dataflow.value.ILinearizeComparator;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.apache.hyracks.storage.am.rtree.linearize.HilbertDoubleComparatorFactory;
import org.apache.hyracks.storage.am.rtree.linearize.ZCurveDoubleComparatorFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.asterixdb.rtree.pruning.PruningRTreeResource;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * R-trees sort by spatial-lsm's fast curve comparators (the default one and the chosen ones), in exactly AsterixDB
 * 0.9.8's order: after flushes and a full merge the stored order is sorted by 0.9.8's own comparator, queries find
 * exactly the points they should, deletes stay deleted, and an index whose {@code .metadata} names 0.9.8's comparator
 * class (as one created by stock 0.9.8 does) keeps working. The {@code -stock} comparators, chosen to measure the
 * difference, keep 0.9.8's own classes.
 */
@Tag("extended") // the default suite checks the order itself (CurveOrderMatchesAsterixTest) and queries under every
// comparator (RTreeComparatorTest): ./scripts/test --extended runs it
@ExtendWith(SpatialClusterExtension.class)
class FastCurveOrderTest {

    private static final int BATCH = 600;
    private static final double[] WINDOW = { -20.0, -10.0, 45.0, 30.0 };

    /**
     * The default R-tree (2-D: AsterixDB's Hilbert) and one with the Z-order chosen, persisted under 0.9.8's ids; and
     * the "-stock" comparators, which keep 0.9.8's own classes under ids of their own.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({ "fast_default, '', HilbertDoubleComparatorFactory, CurveComparatorFactory$Hilbert",
            "fast_zorder, ' WITH {\"comparator\": \"zorder\"}', ZCurveDoubleComparatorFactory, "
                    + "CurveComparatorFactory$ZOrder",
            "hilbert_stock, ' WITH {\"comparator\": \"hilbert-stock\"}', SpatialLsmStockHilbertComparatorFactory, "
                    + "StockCurveComparatorFactory$Hilbert",
            "zorder_stock, ' WITH {\"comparator\": \"zorder-stock\"}', SpatialLsmStockZCurveComparatorFactory, "
                    + "StockCurveComparatorFactory$ZOrder" })
    void flushesAndMergesIn098sOrder(String order, String with, String registryId, String persistedClass,
            SpatialTestCluster cluster) throws Exception {
        loadInThreeComponentsAndMerge(cluster, order, with);

        ILinearizeComparator stock = registryId.contains("Hilbert")
                ? new HilbertDoubleComparatorFactory(2).createBinaryComparator()
                : new ZCurveDoubleComparatorFactory(2).createBinaryComparator();
        assertThat(storedOrder(cluster.client(), order)).hasSize(3 * BATCH - BATCH / 3)
                .isSortedAccordingTo(stockOrder(stock));
        assertThat(windowQuery(cluster.client(), order)).isEqualTo(expectedWindowIds());
        // The fast ones under 0.9.8's own registry ids, so stock 0.9.8 can read the index's .metadata too.
        assertThat(rtreeMetadata(cluster, order)).allSatisfy(json -> assertThat(json)
                .containsPattern("\"@type\"\\s*:\\s*\"" + registryId + "\"")
                .contains("org.spatiallsm.asterixdb.rtree." + persistedClass));
    }

    @Test
    void anIndexWhoseMetadataNamesTheStockClassKeepsWorking(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow(dataverse("stock_written") + "CREATE INDEX loc ON Points(location) TYPE RTREE;"
                + "INSERT INTO Points (" + pointsArray(0) + ");");
        cluster.restart();
        // Make the .metadata exactly what stock 0.9.8 writes: its class name next to the shared registry id, and
        // its own R-tree resource instead of ours that prunes (such an index opens as a stock R-tree).
        for (Path metadata : rtreeMetadataFiles(cluster, "stock_written")) {
            Files.writeString(metadata, Files.readString(metadata).replace(
                    "org.spatiallsm.asterixdb.rtree.CurveComparatorFactory$Hilbert",
                    HilbertDoubleComparatorFactory.class.getName())
                    .replace("\"SpatialLsmPruningRTreeResource\"", "\"LSMRTreeWithAntiMatterLocalResource\"")
                    .replace(PruningRTreeResource.class.getName(),
                            LSMRTreeWithAntiMatterLocalResource.class.getName()));
        }
        assertThat(rtreeMetadata(cluster, "stock_written")).allSatisfy(json -> assertThat(json)
                .doesNotContain("CurveComparatorFactory").contains(HilbertDoubleComparatorFactory.class.getName())
                .doesNotContain("PruningRTreeResource")
                .contains("\"" + LSMRTreeWithAntiMatterLocalResource.class.getName() + "\""));
        cluster.restart();
        client = cluster.client();
        client.executeOrThrow("USE " + name("stock_written") + "; INSERT INTO Points (" + pointsArray(1) + ");");
        cluster.restart();
        cluster.client().executeOrThrow("USE " + name("stock_written") + "; COMPACT DATASET Points;");

        assertThat(storedOrder(cluster.client(), "stock_written")).hasSize(2 * BATCH)
                .isSortedAccordingTo(stockOrder(new HilbertDoubleComparatorFactory(2).createBinaryComparator()));
    }

    /**
     * Three disk components (the third holds deletes of a third of the first batch), then a full merge of the
     * components as a restart reopens them (with the comparator their {@code .metadata} names).
     */
    private static void loadInThreeComponentsAndMerge(SpatialTestCluster cluster, String order, String with)
            throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow(dataverse(order) + "CREATE INDEX loc ON Points(location) TYPE RTREE" + with
                + "; INSERT INTO Points (" + pointsArray(0) + ");");
        FlushDriver flusher = new FlushDriver(client, name(order), "Points");
        flusher.flush();
        client.executeOrThrow("USE " + name(order) + "; INSERT INTO Points (" + pointsArray(1) + ");"
                + "INSERT INTO Points (" + pointsArray(2) + ");");
        flusher.flush();
        client.executeOrThrow("USE " + name(order) + "; DELETE FROM Points p WHERE p.id < " + BATCH
                + " AND p.id % 3 = 0;");
        cluster.restart(); // a graceful restart flushes every memory component
        cluster.client().executeOrThrow("USE " + name(order) + "; COMPACT DATASET Points;");
    }

    private static List<Long> windowQuery(QueryServiceClient client, String order) {
        return client.executeOrThrow("USE " + name(order) + "; SELECT VALUE p.id FROM Points p WHERE spatial_intersect("
                + "p.location, create_rectangle(create_point(" + WINDOW[0] + ", " + WINDOW[1] + "), create_point("
                + WINDOW[2] + ", " + WINDOW[3] + "))) ORDER BY p.id;").results().stream().map(JsonNode::asLong)
                .toList();
    }

    /** What the window query must return, computed here: all three batches, minus the deleted ids. */
    private static List<Long> expectedWindowIds() {
        List<Long> ids = new ArrayList<>();
        for (int batch = 0; batch < 3; batch++) {
            double[][] points = points(batch);
            for (int i = 0; i < BATCH; i++) {
                long id = (long) batch * BATCH + i;
                double x = points[i][0];
                double y = points[i][1];
                boolean deleted = id < BATCH && id % 3 == 0;
                if (!deleted && WINDOW[0] <= x && x <= WINDOW[2] && WINDOW[1] <= y && y <= WINDOW[3]) {
                    ids.add(id);
                }
            }
        }
        assertThat(ids).hasSizeGreaterThan(50);
        return ids;
    }

    /** 0.9.8's comparator as a Java comparator over points (coordinates 8 bytes apart, as it reads them). */
    private static Comparator<double[]> stockOrder(ILinearizeComparator stock) {
        return (a, b) -> {
            try {
                return stock.compare(bytes(a), 0, Double.BYTES, bytes(b), 0, Double.BYTES);
            } catch (HyracksDataException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private static byte[] bytes(double[] point) {
        byte[] bytes = new byte[2 * Double.BYTES];
        DoublePointable.setDouble(bytes, 0, point[0]);
        DoublePointable.setDouble(bytes, Double.BYTES, point[1]);
        return bytes;
    }

    private static List<String> rtreeMetadata(SpatialTestCluster cluster, String order) throws IOException {
        List<String> contents = new ArrayList<>();
        for (Path path : rtreeMetadataFiles(cluster, order)) {
            contents.add(Files.readString(path));
        }
        return contents;
    }

    /** The .metadata of the R-tree {@code loc} of the order's dataset (one partition). */
    private static List<Path> rtreeMetadataFiles(SpatialTestCluster cluster, String order) throws IOException {
        try (Stream<Path> files = Files.walk(cluster.storageRoot())) {
            List<Path> paths = files.filter(p -> p.getFileName().toString().equals(".metadata"))
                    .filter(p -> p.getParent().getFileName().toString().equals("loc"))
                    .filter(p -> p.toString().contains("/" + name(order) + "/Points/")).toList();
            assertThat(paths).as("partitions of the R-tree of %s", name(order)).isNotEmpty();
            return paths;
        }
    }

    /** Batch {@code batch}'s points: ids from {@code batch * BATCH}, coordinates to 4 decimals. */
    private static double[][] points(int batch) {
        Random random = new Random(42 + batch);
        double[][] points = new double[BATCH][];
        for (int i = 0; i < BATCH; i++) {
            points[i] = new double[] { Math.round((random.nextDouble() * 360 - 180) * 1e4) / 1e4,
                    Math.round((random.nextDouble() * 180 - 90) * 1e4) / 1e4 };
        }
        return points;
    }

    private static String pointsArray(int batch) {
        double[][] points = points(batch);
        StringBuilder array = new StringBuilder("[");
        for (int i = 0; i < BATCH; i++) {
            array.append(i == 0 ? "" : ",").append("{\"id\": ").append((long) batch * BATCH + i)
                    .append(", \"location\": point(\"").append(points[i][0]).append(',').append(points[i][1])
                    .append("\")}");
        }
        return array.append(']').toString();
    }
}

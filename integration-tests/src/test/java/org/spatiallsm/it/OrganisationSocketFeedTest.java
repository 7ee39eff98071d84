package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.DatasetSetup;
import org.spatiallsm.load.FeedMode;
import org.spatiallsm.load.GeneratedRecords;
import org.spatiallsm.load.LoadReport;
import org.spatiallsm.load.Loader;
import org.spatiallsm.testcluster.SharedSpatialCluster;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Socket feeds maintain both Hilbert B-trees: points streamed into one dataset with a DHVB and a DHB index (an insert
 * feed, then an upsert feed that moves some points and adds others) are found by each index exactly as by a full
 * scan. The feeds run AsterixDB's own insert and upsert pipelines, so this checks that the physical swap is invisible
 * to them.
 */
@SharedSpatialCluster
class OrganisationSocketFeedTest {

    private static final DatasetName DATASET = new DatasetName("FeedOrg", "Points");
    private static final List<String> INDEXES = List.of("dhvbLoc", "dhbLoc");
    private static final String WORLD = "create_rectangle(create_point(-180.0, -90.0), create_point(180.0, 90.0))";
    private static final int INSERTED = 4000;
    /** The upsert feed's ids: the upper half of the inserted ones (moved) and as many new ones. */
    private static final int UPSERTED_FROM = 2000;
    private static final int UPSERTED = 4000;
    private static final Duration VISIBLE_WITHIN = Duration.ofMinutes(2);

    private final PrintStream log = new PrintStream(new ByteArrayOutputStream(), true);

    @Test
    void pointsFedThroughSocketsAreFoundByDhvbAndDhbAsByAFullScan(QueryServiceClient client) throws Exception {
        RecordGenerator inserts = osmLike(21);
        client.executeOrThrow(DatasetSetup.createStatements(DATASET, inserts.shape(), null, false)
                + "CREATE INDEX dhvbLoc ON Points(loc) TYPE DHVBTREE;"
                + "CREATE INDEX dhbLoc ON Points(loc) TYPE DHBTREE;");
        for (String index : INDEXES) {
            String other = INDEXES.get(1 - INDEXES.indexOf(index));
            assertThat(client.executeOrThrow("USE FeedOrg; EXPLAIN " + select(index, WORLD)).plan()).as(index)
                    .contains(index).doesNotContain(other);
        }

        feed(client, inserts, 0, INSERTED, FeedMode.INSERT, 10111);
        awaitIndexesEqualAFullScan(client, INSERTED);
        assertEveryRegionEqualsAFullScan(client, "after the insert feed");

        RecordGenerator upserts = osmLike(22);
        assertThat(upserts.point(UPSERTED_FROM)).as("the upsert feed moves the points it replaces")
                .isNotEqualTo(inserts.point(UPSERTED_FROM));
        feed(client, upserts, UPSERTED_FROM, UPSERTED, FeedMode.UPSERT, 10112);
        awaitIndexesEqualAFullScan(client, UPSERTED_FROM + UPSERTED);
        assertEveryRegionEqualsAFullScan(client, "after the upsert feed moved points");
    }

    private static RecordGenerator osmLike(long seed) {
        return new RecordGenerator(PointDistributions.create("osm-like", Map.of(), seed), RecordShapes.named("point"),
                seed);
    }

    private void feed(QueryServiceClient client, RecordGenerator data, int firstId, int count, FeedMode mode, int port)
            throws IOException {
        LoadReport report = new Loader(client, log, false).load(new GeneratedRecords(data, firstId, count),
                data.shape(), new Loader.Options(DATASET, Loader.Transport.FEED, mode, "Points" + mode, "127.0.0.1",
                        port, 250, 0, false, null, false, Duration.ofSeconds(60), 0, null, Duration.ofSeconds(5)));
        assertThat(report.verified()).as(report.summary()).isTrue();
    }

    /**
     * The loader has seen every record in the dataset; each index's entries follow the primary index's within the
     * same job, so poll (generously) until a whole-space search through each index returns a full scan's ids.
     */
    private static void awaitIndexesEqualAFullScan(QueryServiceClient client, int records)
            throws InterruptedException {
        List<Long> all = fullScanIds(client, WORLD);
        assertThat(all).hasSize(records);
        long deadline = System.nanoTime() + VISIBLE_WITHIN.toNanos();
        for (String index : INDEXES) {
            while (!ids(client, index, WORLD).equals(all)) {
                assertThat(System.nanoTime()).as(index + " holds every fed point within " + VISIBLE_WITHIN)
                        .isLessThan(deadline);
                Thread.sleep(200);
            }
        }
    }

    /**
     * Stored points (every 331st record: a dozen or more, each query costs the suite tens of milliseconds), and
     * rectangles and circles of 5 to 0.005 degrees around them, each searched through each index.
     */
    private static void assertEveryRegionEqualsAFullScan(QueryServiceClient client, String when) {
        List<String> regions = new ArrayList<>(List.of(WORLD));
        List<JsonNode> stored = client.executeOrThrow("USE FeedOrg; SELECT VALUE [p.id, get_x(p.loc), get_y(p.loc)] "
                + "FROM Points p WHERE p.id % 331 = 0 ORDER BY p.id;").results();
        assertThat(stored).hasSizeGreaterThan(10);
        for (JsonNode record : stored) {
            double x = record.get(1).asDouble();
            double y = record.get(2).asDouble();
            double size = Math.pow(10, -(record.get(0).asLong() % 4)) * 5;
            regions.add(point(x, y));
            regions.add("create_rectangle(" + point(x - size, y - size) + ", " + point(x + size, y + size) + ")");
            regions.add("create_circle(" + point(x, y) + ", " + literal(size) + ")");
        }
        for (String region : regions) {
            List<Long> expected = fullScanIds(client, region);
            assertThat(expected).as("a region around a stored point finds it").isNotEmpty();
            for (String index : INDEXES) {
                assertThat(ids(client, index, region)).as(when + ", " + index + ": " + region).isEqualTo(expected);
            }
        }
    }

    private static String select(String index, String region) {
        return "SELECT VALUE p.id FROM Points p WHERE /* +use-index(" + index + ") */ spatial_intersect("
                + "p.loc, " + region + ") ORDER BY p.id;";
    }

    private static List<Long> ids(QueryServiceClient client, String index, String region) {
        return client.executeOrThrow("USE FeedOrg; " + select(index, region)).results().stream()
                .map(JsonNode::asLong).toList();
    }

    /** A predicate on a computed point, which no index serves. */
    private static List<Long> fullScanIds(QueryServiceClient client, String region) {
        return client.executeOrThrow("USE FeedOrg; SELECT VALUE p.id FROM Points p WHERE spatial_intersect("
                + "create_point(get_x(p.loc), get_y(p.loc)), " + region + ") ORDER BY p.id;").results().stream()
                .map(JsonNode::asLong).toList();
    }

    private static String point(double x, double y) {
        return "create_point(" + literal(x) + ", " + literal(y) + ")";
    }

    /** A double as an SQL++ literal that reads back as the same double (no exponent notation). */
    private static String literal(double value) {
        return BigDecimal.valueOf(value).toPlainString();
    }
}

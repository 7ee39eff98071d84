package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.SkipScanCounters;
import org.spatiallsm.curves.DhvbValue;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.HilbertOrganisation;
import org.spatiallsm.organisations.PointEntry;
import org.spatiallsm.organisations.SkipScan;
import org.spatiallsm.organisations.SortedEntries;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The physical-swap route for both Hilbert B-trees: an index that AsterixDB knows as an R-tree on a point field,
 * stored as a DHB or a DHVB LSM B-tree ({@code TYPE DHBTREE} / {@code TYPE DHVBTREE}), is maintained
 * by plain SQL++ DML and answers {@code spatial_intersect} exactly as a full scan and as a stock R-tree on the same
 * data: through inserts, deletes and re-inserts of the same point, upserts, flushes, a merge, a restart and a crash
 * whose records live only in the log. Its index-only full scan returns entries in the organisation's order, which
 * shows that the B-tree, and not an R-tree, answered; its search counters are exactly the pure skip-scan's.
 */
@ExtendWith(SpatialClusterExtension.class)
@Tag("extended") // long: ./scripts/test --extended runs it
class HilbertBTreePhysicalSwapTest {

    private static final String WORLD = "create_rectangle(create_point(-180.0, -90.0), create_point(180.0, 90.0))";
    private static final int POINTS = 1200;
    /** The dataverse of each organisation's copy of the data, and its index. */
    private static final Map<String, String> INDEXES = Map.of("Dhvb", "dhvbLoc", "Dhb", "dhbLoc");
    private static final List<String> DATAVERSES = List.of("Stock", "Dhvb", "Dhb");
    private static final int CELLS = (int) DhvbValue.CELLS_PER_DEGREE;
    /** A point many records share. */
    private static final double[] CROWDED = { 12.5, 45.25 };

    @BeforeAll
    static void createAnRtreeADhvbAndADhbIndexOnTheSamePoints(QueryServiceClient client) {
        client.executeOrThrow(dataverse("Stock") + "CREATE INDEX rtreeLoc ON Points(location) TYPE RTREE;");
        for (Map.Entry<String, String> organisation : INDEXES.entrySet()) {
            client.executeOrThrow(dataverse(organisation.getKey()) + "CREATE INDEX " + organisation.getValue()
                    + " ON Points(location) TYPE " + organisation.getKey().toUpperCase(java.util.Locale.ROOT)
                    + "TREE;");
        }
        insertWith(client, 0, POINTS);
    }

    @Test
    void answersEqualAFullScanThroughDeletesReinsertsFlushMergeRestartAndCrash(SpatialTestCluster cluster)
            throws Exception {
        QueryServiceClient client = cluster.client();
        for (Map.Entry<String, String> organisation : INDEXES.entrySet()) {
            assertThat(client.executeOrThrow("USE " + organisation.getKey() + "; EXPLAIN SELECT VALUE p.id FROM "
                    + "Points p WHERE spatial_intersect(p.location, " + WORLD + ");").plan())
                    .contains(organisation.getValue());
        }
        assertSameAnswers(client, "after inserts");

        deleteWhere(client, "p.id % 3 = 0");
        assertSameAnswers(client, "after a delete in memory");
        reinsert(client, 3, POINTS);
        assertSameAnswers(client, "after deleting and re-inserting the same points in memory");
        deleteWhere(client, "p.id % 3 = 0");
        for (String dv : DATAVERSES) {
            client.executeOrThrow("USE " + dv + "; UPSERT INTO Points (SELECT VALUE {\"id\": p.id, \"location\": "
                    + "create_point(get_y(p.location), get_x(p.location) / 2.0)} FROM Points p WHERE p.id % 7 = 1);");
        }
        assertSameAnswers(client, "after upserts that move points");

        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        int before = components(lsm, "Dhb"); // CREATE INDEX may leave an empty bulk-loaded component
        flushAll(lsm);
        assertThat(components(lsm, "Dhb")).isEqualTo(before + 1);
        assertSameAnswers(client, "after a flush");
        reinsert(client, 3, POINTS);
        assertSameAnswers(client, "after re-inserting points deleted before the flush");

        deleteWhere(client, "p.id % 5 = 0");
        insertWith(client, POINTS, 300);
        flushAll(lsm);
        assertThat(components(lsm, "Dhb")).isEqualTo(before + 2);
        assertSameAnswers(client, "with anti-matter in a second component");
        for (String dv : DATAVERSES) {
            client.executeOrThrow("USE " + dv + "; COMPACT DATASET Points;");
        }
        for (String dv : INDEXES.keySet()) {
            awaitOneComponent(lsm, dv);
        }
        assertSameAnswers(client, "after a merge");
        reinsert(client, 5, POINTS);
        assertSameAnswers(client, "after re-inserting points whose deletion was merged");

        cluster.restart();
        QueryServiceClient restarted = cluster.client();
        assertSameAnswers(restarted, "after a restart");
        assertStoredInOrganisationOrder(restarted);

        // Records only in the log: deleted, re-inserted and new ones, none flushed before the crash.
        Map<String, Long> flushes = new HashMap<>();
        INDEXES.forEach((dv, name) -> flushes.put(dv, index(lsm, dv, "Points", name).flushCount()));
        deleteWhere(restarted, "p.id % 11 = 0");
        reinsert(restarted, 22, POINTS + 300);
        insertWith(restarted, POINTS + 300, 200);
        for (String dv : INDEXES.keySet()) {
            assertThat(index(lsm, dv, "Points", INDEXES.get(dv)).flushCount()).as(dv + ": nothing flushed")
                    .isEqualTo(flushes.get(dv));
        }
        List<Long> beforeCrash = ids(restarted, "Stock", WORLD);
        cluster.restartFromCrashImage();
        QueryServiceClient recovered = cluster.client();
        assertThat(ids(recovered, "Stock", WORLD)).as("the stock dataset recovered").isEqualTo(beforeCrash);
        assertSameAnswers(recovered, "after a crash, replayed from the log");
    }

    /** COMPACT schedules the full merge; waits (generously) until it has left one component. */
    private static void awaitOneComponent(LsmIntrospectionClient lsm, String dv) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (components(lsm, dv) != 1) {
            assertThat(System.nanoTime()).as("the full merge of " + INDEXES.get(dv) + " within 60 s")
                    .isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /** The disk components of the organisation index's one partition. */
    private static int components(LsmIntrospectionClient lsm, String dv) {
        return index(lsm, dv, "Points", INDEXES.get(dv)).components().size();
    }

    private static IndexComponents index(LsmIntrospectionClient lsm, String dv, String dataset, String name) {
        return lsm.components(dv, dataset).stream().filter(index -> index.where().index().equals(name)).findFirst()
                .orElseThrow();
    }

    private static void flushAll(LsmIntrospectionClient lsm) {
        for (String dv : DATAVERSES) {
            lsm.flush(dv, "Points");
        }
    }

    @Test
    void anIndexNestedLoopJoinUsesTheIndexAndAnswersAsTheRtree(QueryServiceClient client) {
        String join = "SELECT VALUE [s.id, p.id] FROM Points s, Points p WHERE s.id < 40 AND spatial_intersect("
                + "p.location, create_circle(s.location, 5.0)) ORDER BY s.id, p.id;";
        List<JsonNode> stock = client.executeOrThrow("USE Stock; " + join).results();
        assertThat(stock).hasSizeGreaterThan(40);
        for (Map.Entry<String, String> organisation : INDEXES.entrySet()) {
            assertThat(client.executeOrThrow("USE " + organisation.getKey() + "; EXPLAIN " + join).plan())
                    .contains(organisation.getValue());
            assertThat(client.executeOrThrow("USE " + organisation.getKey() + "; " + join).results())
                    .as(organisation.getKey()).isEqualTo(stock);
        }
    }

    @Test
    void aPointOutsideTheDhvbDomainIsRefusedInOneLine(QueryServiceClient client) {
        var result = client.execute("USE Dhvb; INSERT INTO Points ({\"id\": 999999, \"location\": "
                + "point(\"10.0,95.0\")});");
        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).hasSize(1);
        assertThat(result.errors().get(0))
                .contains("a DHVB index holds points in [-180, 180] x [-90, 90]; (10.0, 95.0) is outside")
                .doesNotContain("Exception").doesNotContain("\n");
    }

    @Test
    void aDhbIndexOnExistingRecordsAnswersAsAFullScan(QueryServiceClient client) {
        client.executeOrThrow(dataverse("Late") + "INSERT INTO Points (SELECT VALUE {\"id\": i, \"location\": "
                + "create_point(i * 0.37 % 360 - 180, i * 0.11 % 180 - 90)} FROM range(0, 499) i);");
        client.executeOrThrow("USE Late; CREATE INDEX lateDhb ON Points(location) TYPE DHBTREE;");
        String region = rectangle(-120, -80, 0, -40); // the records lie in [-180, 4.7] x [-90, -35.1]
        assertThat(client.executeOrThrow("USE Late; EXPLAIN SELECT VALUE p.id FROM Points p WHERE "
                + "spatial_intersect(p.location, " + region + ");").plan()).contains("lateDhb");
        assertThat(ids(client, "Late", region)).isNotEmpty().isEqualTo(fullScanIds(client, "Late", region));
    }

    /**
     * Searches on a fixed dataset (fewer entries than a counted page) add exactly what the pure skip-scan counts on
     * the same entries in the organisation's B-tree order: searches, candidates read, results inside the MBR, and
     * re-seeks.
     */
    @Test
    void searchCountersAreExactlyThoseOfThePureSkipScan(QueryServiceClient client) {
        Random random = new Random(1414);
        List<PointEntry> entries = new ArrayList<>();
        for (int id = 0; id < 60; id++) {
            entries.add(new PointEntry(Math.round((random.nextDouble() * 80 - 40) * 100) / 100.0,
                    Math.round((random.nextDouble() * 80 - 40) * 100) / 100.0, id));
        }
        List<Rect> queries = List.of(new Rect(-10, -10, 10, 10), new Rect(-40, 0, 40, 0.5), new Rect(5, -30, 25, 35),
                Rect.point(entries.get(7).x(), entries.get(7).y()));
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        for (HilbertOrganisation organisation : HilbertOrganisation.values()) {
            String dv = "Counted" + organisation.name();
            String indexName = organisation == HilbertOrganisation.DHB ? "countedDhb" : "countedDhvb";
            StringBuilder values = new StringBuilder();
            for (PointEntry entry : entries) {
                values.append(values.isEmpty() ? "" : ",")
                        .append(record((int) entry.pk(), new double[] { entry.x(), entry.y() }));
            }
            client.executeOrThrow(dataverse(dv) + "CREATE INDEX " + indexName + " ON Points(location) TYPE "
                    + organisation.name() + "TREE;"
                    + "INSERT INTO Points ([" + values + "]);");
            lsm.flush(dv, "Points");
            SortedEntries<PointEntry> sorted = new SortedEntries<>(
                    entries.stream().sorted(organisation.entryOrder()).toList(),
                    entry -> organisation.position(entry.x(), entry.y()), 64);
            SkipScanCounters start = counters(lsm, dv, indexName);
            long candidates = 0;
            long results = 0;
            long reseeks = 0;
            for (Rect query : queries) {
                SkipScan.Statistics expected = SkipScan.scan(sorted, HilbertOrganisation.ORDER,
                        organisation.cells(query).orElseThrow(), entry -> organisation.position(entry.x(), entry.y()),
                        entry -> query.contains(entry.x(), entry.y()), entry -> { });
                candidates += expected.entriesRead();
                results += expected.candidates();
                reseeks += expected.reseeks();
                List<JsonNode> answer = client.executeOrThrow("USE " + dv + "; SELECT VALUE p.id FROM Points p WHERE "
                        + "spatial_intersect(p.location, " + region(query) + ");").results();
                assertThat(answer).as(organisation + " " + query).hasSize((int) expected.candidates());
            }
            assertThat(reseeks).as("the queries make the skip-scan re-seek").isPositive();
            SkipScanCounters end = counters(lsm, dv, indexName);
            assertThat(end.organisation()).isEqualTo(organisation.name().toLowerCase(Locale.ROOT));
            assertThat(new long[] { end.searches() - start.searches(), end.candidates() - start.candidates(),
                end.results() - start.results(), end.reseeks() - start.reseeks() }).as(organisation.name())
                    .containsExactly(queries.size(), candidates, results, reseeks);
        }
    }

    /** The query as SQL++: a point when it is one (AsterixDB refuses degenerate rectangles). */
    private static String region(Rect query) {
        return query.minX() == query.maxX() && query.minY() == query.maxY() ? point(query.minX(), query.minY())
                : rectangle(query.minX(), query.minY(), query.maxX(), query.maxY());
    }

    private static SkipScanCounters counters(LsmIntrospectionClient lsm, String dv, String indexName) {
        Optional<SkipScanCounters> counters = index(lsm, dv, "Points", indexName).skipScan();
        assertThat(counters).as(indexName + " lists its skip-scan counters").isPresent();
        return counters.get();
    }

    /**
     * Every organisation's index answers as a full scan of the stock dataset (a predicate on a computed point, which
     * no index serves) and as the stock R-tree.
     */
    private static void assertSameAnswers(QueryServiceClient client, String when) {
        for (String region : regions()) {
            List<Long> fullScan = fullScanIds(client, "Stock", region);
            assertThat(ids(client, "Stock", region)).as(when + ", R-tree: " + region).isEqualTo(fullScan);
            for (String dv : INDEXES.keySet()) {
                assertThat(ids(client, dv, region)).as(when + ", " + dv + ": " + region).isEqualTo(fullScan);
            }
        }
        assertThat(ids(client, "Dhb", WORLD)).as(when).isNotEmpty();
    }

    /**
     * Whole-space queries, the domain's edges and corners, degenerate (point and line) queries on stored points,
     * rectangles whose edges pass through stored points, circles, and random rectangles of three sizes.
     */
    private static List<String> regions() {
        List<String> regions = new ArrayList<>(List.of(WORLD,
                "create_rectangle(create_point(-1000.0, -1000.0), create_point(1000.0, 1000.0))",
                "create_point(-180.0, -90.0)", "create_point(180.0, 90.0)", "create_point(0.0, 0.0)",
                "create_point(" + CROWDED[0] + ", " + CROWDED[1] + ")",
                "create_rectangle(create_point(170.0, 80.0), create_point(180.0, 90.0))",
                "create_rectangle(create_point(-180.0, -90.0), create_point(-179.0, 90.0))",
                // AsterixDB refuses zero-width rectangles: the thinnest one through the crowded point instead.
                rectangle(CROWDED[0], -90.0, Math.nextUp(CROWDED[0]), 90.0),
                "create_rectangle(create_point(0.0, 0.0), create_point(45.0, 45.0))",
                "create_rectangle(create_point(-90.0, -45.0), create_point(0.0, 0.0))",
                "create_circle(create_point(-117.8, 33.6), 10.0)", "create_circle(create_point(0.0, 0.0), 0.001)",
                "create_circle(create_point(" + CROWDED[0] + ", " + CROWDED[1] + "), 30.0)"));
        Random random = new Random(7);
        List<double[]> stored = points(0, POINTS);
        for (int i = 0; i < 8; i++) {
            double[] a = stored.get(random.nextInt(stored.size()));
            double[] b = stored.get(random.nextInt(stored.size()));
            regions.add(rectangle(Math.min(a[0], b[0]), Math.min(a[1], b[1]),
                    a[0] == b[0] ? Math.nextUp(a[0]) : Math.max(a[0], b[0]),
                    a[1] == b[1] ? Math.nextUp(a[1]) : Math.max(a[1], b[1])));
            regions.add(point(a[0], a[1]));
            regions.add("create_circle(" + point(a[0], a[1]) + ", " + literal(random.nextDouble() * 20) + ")");
        }
        for (int i = 0; i < 12; i++) {
            double x = random.nextDouble() * 340 - 180;
            double y = random.nextDouble() * 160 - 90;
            double size = Math.pow(10, -random.nextInt(3)) * 20;
            regions.add(rectangle(x, y, Math.min(180, x + size), Math.min(90, y + size)));
        }
        return regions;
    }

    private static List<Long> ids(QueryServiceClient client, String dv, String region) {
        return client.executeOrThrow("USE " + dv + "; SELECT VALUE p.id FROM Points p WHERE spatial_intersect("
                + "p.location, " + region + ") ORDER BY p.id;").results().stream().map(JsonNode::asLong).toList();
    }

    private static List<Long> fullScanIds(QueryServiceClient client, String dv, String region) {
        return client.executeOrThrow("USE " + dv + "; SELECT VALUE p.id FROM Points p WHERE spatial_intersect("
                + "create_point(get_x(p.location), get_y(p.location)), " + region + ") ORDER BY p.id;").results()
                .stream().map(JsonNode::asLong).toList();
    }

    /** The index-only full-range search (one partition) returns each index's entries in its B-tree order. */
    private static void assertStoredInOrganisationOrder(QueryServiceClient client) {
        int entries = ids(client, "Stock", WORLD).size();
        assertThat(storedOrder(client, "Dhvb")).hasSize(entries)
                .isSortedAccordingTo(Comparator.comparingLong((double[] p) -> DhvbValue.of(p[0], p[1])));
        assertThat(storedOrder(client, "Dhb")).hasSize(entries).isSortedAccordingTo(
                (a, b) -> HilbertOrganisation.DHB.comparePoints(a[0], a[1], b[0], b[1]));
    }

    private static List<double[]> storedOrder(QueryServiceClient client, String dv) {
        List<double[]> points = new ArrayList<>();
        for (JsonNode point : client.executeOrThrow("USE " + dv + "; SET `compiler.parallelism` \"1\"; SELECT VALUE "
                + "[get_x(p.location), get_y(p.location)] FROM Points p WHERE spatial_intersect(p.location, " + WORLD
                + ");").results()) {
            points.add(new double[] { point.get(0).asDouble(), point.get(1).asDouble() });
        }
        return points;
    }

    private static void deleteWhere(QueryServiceClient client, String condition) {
        for (String dv : DATAVERSES) {
            client.executeOrThrow("USE " + dv + "; DELETE FROM Points p WHERE " + condition + ";");
        }
    }

    /** Inserts again, at their first points, the (deleted) records {@code id % modulus = 0} below {@code count}. */
    private static void reinsert(QueryServiceClient client, int modulus, int count) {
        List<double[]> all = points(0, count);
        StringBuilder array = new StringBuilder("[");
        for (int id = 0; id < count; id += modulus) {
            array.append(id == 0 ? "" : ",").append(record(id, all.get(id)));
        }
        for (String dv : DATAVERSES) {
            client.executeOrThrow("USE " + dv + "; INSERT INTO Points (" + array + "]);");
        }
    }

    private static void insertWith(QueryServiceClient client, int from, int count) {
        List<double[]> points = points(from, count);
        StringBuilder array = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            array.append(i == 0 ? "" : ",").append(record(from + i, points.get(i)));
        }
        for (String dv : DATAVERSES) {
            client.executeOrThrow("USE " + dv + "; INSERT INTO Points (" + array + "]);");
        }
    }

    private static String record(int id, double[] point) {
        return "{\"id\": " + id + ", \"location\": " + point(point[0], point[1]) + "}";
    }

    private static String point(double x, double y) {
        return "create_point(" + literal(x) + ", " + literal(y) + ")";
    }

    private static String rectangle(double minX, double minY, double maxX, double maxY) {
        return "create_rectangle(" + point(minX, minY) + ", " + point(maxX, maxY) + ")";
    }

    /** A double as an SQL++ literal that reads back as the same double (no exponent notation). */
    private static String literal(double value) {
        return BigDecimal.valueOf(value).toPlainString();
    }

    /**
     * The points of ids {@code from ..}: the domain's corners and centre, many records at one point, points on grid
     * lines of the ±180 square at random levels (DHB cell boundaries), on DHVB cell boundaries, and random points
     * with 4 decimals.
     */
    private static List<double[]> points(int from, int count) {
        List<double[]> points = new ArrayList<>();
        for (int id = from; id < from + count; id++) {
            Random random = new Random(id);
            double[] point = switch (id % 10) {
                case 0 -> new double[] { -180.0, -90.0 };
                case 1 -> new double[] { 180.0, 90.0 };
                case 2 -> new double[] { 0.0, 0.0 };
                case 3 -> id % 20 == 3 ? new double[] { 180.0, -90.0 } : new double[] { -180.0, 90.0 };
                case 4 -> CROWDED.clone();
                case 5 -> {
                    int level = 2 + random.nextInt(24);
                    double step = 360.0 / (1 << level);
                    yield new double[] { -180 + step * random.nextInt((1 << level) + 1),
                        -90 + step * random.nextInt((1 << (level - 1)) + 1) };
                }
                case 6 -> new double[] { cellLine(random.nextInt(360 * CELLS + 1)),
                    cellLine(90 * CELLS + random.nextInt(180 * CELLS + 1)) };
                default -> new double[] { Math.round((random.nextDouble() * 360 - 180) * 1e4) / 1e4,
                    Math.round((random.nextDouble() * 180 - 90) * 1e4) / 1e4 };
            };
            points.add(point);
        }
        return points;
    }

    /** The coordinate of the DHVB grid line {@code cell} (as near as a double gets). */
    private static double cellLine(int cell) {
        return (double) cell / CELLS - 180;
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

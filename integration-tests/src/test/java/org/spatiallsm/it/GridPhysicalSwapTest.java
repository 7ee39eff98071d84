package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.GridCounters;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.grid.GridOrganisation;
import org.spatiallsm.organisations.grid.GridParameters;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * SHB-tree and SIF indexes ({@code CREATE INDEX ... TYPE SHBTREE(...)} and {@code TYPE SIF(...)}, the default grid),
 * maintained by plain SQL++ DML and {@code LOAD DATASET}: on points (SHB and SIF) they answer
 * {@code spatial_intersect} exactly as a full scan and a stock R-tree, on rectangles (SHB) as a full scan and never
 * with a key twice, through inserts, deletes, upserts, flushes, a merge, a restart and a crash replayed from the log.
 * The SHB-tree's entries on rectangles, counted by an "all"-path search (the index's grid counters in
 * {@code /spatial-lsm/components}), are exactly the cells the grid gives the live rectangles: deletes leave none.
 */
@ExtendWith(SpatialClusterExtension.class)
@Tag("extended") // long: ./scripts/test --extended runs it
class GridPhysicalSwapTest {

    private static final String WORLD = "create_rectangle(create_point(-180.0, -90.0), create_point(180.0, 90.0))";
    /** Plain: no spatial index (a full scan); Stock: R-trees; Shb and Sif: the grid organisations. */
    private static final List<String> DATAVERSES = List.of("Plain", "Stock", "Shb", "Sif");
    private static final List<String> RECT_DATAVERSES = List.of("Plain", "Stock", "Shb");
    private static final int POINTS = 1000;
    private static final int RECTS = 400;
    private static final String SHB = "TYPE SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m)";
    private static final String SHB_ON_RECTANGLES = "TYPE SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m, 1024)";
    private static final String SIF = "TYPE SIF(-180.0, -90.0, 180.0, 90.0)";
    /** The grid indexes of the first test, by dataverse and dataset. */
    private static final Map<String, String> GRID_INDEXES =
            Map.of("Shb/Points", "shbLoc", "Sif/Points", "sifLoc", "Shb/Rects", "shbArea");
    private static final GridOrganisation SHB_OBJECTS =
            new GridOrganisation(GridOrganisation.Kind.SHB_OBJECTS, GridParameters.DEFAULTS);

    @BeforeAll
    static void createTheIndexesAndInsert(QueryServiceClient client) {
        for (String dv : DATAVERSES) {
            client.executeOrThrow(dataverse(dv));
        }
        client.executeOrThrow("USE Stock; CREATE INDEX rtreeLoc ON Points(location) TYPE RTREE;"
                + "CREATE INDEX rtreeArea ON Rects(area) TYPE RTREE;");
        client.executeOrThrow("USE Shb; CREATE INDEX shbLoc ON Points(location) " + SHB + ";"
                + "CREATE INDEX shbArea ON Rects(area) " + SHB_ON_RECTANGLES + ";");
        client.executeOrThrow("USE Sif; CREATE INDEX sifLoc ON Points(location) " + SIF + ";");
        insertPoints(client, 0, POINTS);
        insertRects(client, 0, RECTS);
    }

    @Test
    void pointsAndRectanglesAnswerAsAFullScanThroughDeletesFlushesMergeAndRestart(SpatialTestCluster cluster)
            throws Exception {
        QueryServiceClient client = cluster.client();
        for (String[] used : new String[][] { { "Shb", "Points", "location", "shbLoc" },
                { "Sif", "Points", "location", "sifLoc" }, { "Shb", "Rects", "area", "shbArea" } }) {
            assertThat(client.executeOrThrow("USE " + used[0] + "; EXPLAIN SELECT VALUE p.id FROM " + used[1]
                    + " p WHERE spatial_intersect(p." + used[2] + ", " + WORLD + ");").plan()).contains(used[3]);
        }
        assertSameAnswers(client, "after inserts");
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        long[] shb = searchCounted(client, lsm, "Shb", "shbLoc");
        assertThat(shb[RANGES]).as("SHB: the all path, one range").isEqualTo(shb[SEARCHES]);
        assertThat(shb[RESULTS]).isPositive().isLessThanOrEqualTo(shb[CANDIDATES]);
        long[] sif = searchCounted(client, lsm, "Sif", "sifLoc");
        assertThat(sif[RANGES]).as("SIF: the 16 level-0 tokens").isEqualTo(16 * sif[SEARCHES]);
        assertThat(sif[RESULTS]).isEqualTo(shb[RESULTS] / shb[SEARCHES] * sif[SEARCHES]);

        modify(client, "DELETE FROM Points p WHERE p.id % 3 = 0;", DATAVERSES);
        modify(client, "DELETE FROM Rects r WHERE r.id % 3 = 0;", RECT_DATAVERSES);
        assertSameAnswers(client, "after a delete in memory");
        modify(client, "UPSERT INTO Points (SELECT VALUE {\"id\": p.id, \"location\": create_point(get_y(p.location),"
                + " get_x(p.location) / 2.0)} FROM Points p WHERE p.id % 7 = 1);", DATAVERSES);
        modify(client, "UPSERT INTO Rects (SELECT VALUE {\"id\": r.id, \"area\": create_rectangle("
                + "create_point(get_x(get_points(r.area)[0]) / 2.0, get_y(get_points(r.area)[0]) / 2.0), "
                + "create_point(get_x(get_points(r.area)[1]) / 2.0, get_y(get_points(r.area)[1]) / 2.0))} "
                + "FROM Rects r WHERE r.id % 7 = 1);", RECT_DATAVERSES);
        assertSameAnswers(client, "after upserts that move points and rectangles");

        int before = components(lsm, "Shb", "Rects", "shbArea");
        flushAll(lsm);
        assertThat(components(lsm, "Shb", "Rects", "shbArea")).isEqualTo(before + 1);
        assertSameAnswers(client, "after a flush");

        modify(client, "DELETE FROM Points p WHERE p.id % 5 = 0;", DATAVERSES);
        modify(client, "DELETE FROM Rects r WHERE r.id % 5 = 0;", RECT_DATAVERSES);
        insertPoints(client, POINTS, 300);
        insertRects(client, RECTS, 100);
        modify(client, "DELETE FROM Points p WHERE p.id >= " + (POINTS + 250) + ";", DATAVERSES);
        insertPoints(client, POINTS + 250, 20);
        flushAll(lsm);
        assertSameAnswers(client, "with anti-matter in a second component");
        for (String dv : DATAVERSES) {
            client.executeOrThrow("USE " + dv + "; COMPACT DATASET Points;"
                    + (RECT_DATAVERSES.contains(dv) ? "COMPACT DATASET Rects;" : ""));
        }
        awaitOneComponent(lsm, "Shb", "Rects", "shbArea");
        awaitOneComponent(lsm, "Shb", "Points", "shbLoc");
        awaitOneComponent(lsm, "Sif", "Points", "sifLoc");
        assertSameAnswers(client, "after a merge");

        cluster.restart();
        QueryServiceClient restarted = cluster.client();
        assertSameAnswers(restarted, "after a restart");

        // Changes only in the log: deletes (of multi-cell rectangles too), upserts and inserts, none flushed.
        Map<String, Long> flushes = new HashMap<>();
        GRID_INDEXES.forEach((where, name) -> flushes.put(name, index(lsm, where, name).flushCount()));
        modify(restarted, "DELETE FROM Points p WHERE p.id % 11 = 0;", DATAVERSES);
        modify(restarted, "DELETE FROM Rects r WHERE r.id % 11 = 0;", RECT_DATAVERSES);
        insertPoints(restarted, POINTS + 400, 150);
        insertRects(restarted, RECTS + 200, 60);
        GRID_INDEXES.forEach((where, name) -> assertThat(index(lsm, where, name).flushCount())
                .as(name + ": nothing flushed").isEqualTo(flushes.get(name)));
        cluster.restartFromCrashImage();
        assertSameAnswers(cluster.client(), "after a crash, replayed from the log");
    }

    @Test
    void deletingRectanglesLeavesNoEntryBehindAndTheCapHolds(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow(dataverse("Shb2") + "CREATE INDEX shbArea ON Rects(area) " + SHB_ON_RECTANGLES + ";");
        insertRects(client, List.of("Shb2"), 0, 150);
        client.executeOrThrow("USE Shb2; INSERT INTO Rects ([{\"id\": 1000, \"area\": rectangle(\"-179.5,-89.5 "
                + "179.5,89.5\")}, {\"id\": 1001, \"area\": rectangle(\"-10.001,-10.001 10.001,10.001\")}]);");
        // Its level-2 cells would exceed the cap; its level-1 cells are all 256, promoted to the all key.
        assertThat(SHB_OBJECTS.keys(new Rect(-179.5, -89.5, 179.5, 89.5))).hasSize(1);
        assertThat(SHB_OBJECTS.keys(new Rect(-10.001, -10.001, 10.001, 10.001)).length).isBetween(100, 1024);
        assertEntriesAreTheLiveRectanglesCells(client, "after inserts");

        client.executeOrThrow("USE Shb2; DELETE FROM Rects r WHERE r.id % 2 = 0;");
        assertEntriesAreTheLiveRectanglesCells(client, "after deleting half in memory");
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        lsm.flush("Shb2", "Rects");
        client.executeOrThrow("USE Shb2; DELETE FROM Rects r WHERE r.id % 3 = 0;");
        lsm.flush("Shb2", "Rects");
        assertEntriesAreTheLiveRectanglesCells(client, "with anti-matter on disk");
        client.executeOrThrow("USE Shb2; COMPACT DATASET Rects;");
        awaitOneComponent(lsm, "Shb2", "Rects", "shbArea");
        assertEntriesAreTheLiveRectanglesCells(client, "after a merge");

        client.executeOrThrow("USE Shb2; DELETE FROM Rects r WHERE true;");
        assertThat(entries(client)).as("entries after deleting everything").isZero();
        cluster.restart();
        assertThat(entries(cluster.client())).as("entries after a restart").isZero();
    }

    @Test
    void indexesCreatedOnLoadedDataAnswerAsAFullScan(QueryServiceClient client) {
        List<String> loaded = List.of("LoadPlain", "LoadShb", "LoadSif");
        for (String dv : loaded) {
            client.executeOrThrow(dataverse(dv));
        }
        insert(client, loaded, "Points", 0, 700, GridPhysicalSwapTest::point);
        insert(client, loaded, "Rects", 0, 300, GridPhysicalSwapTest::rect);
        client.executeOrThrow("USE LoadShb; CREATE INDEX shbLoadLoc ON Points(location) " + SHB + ";"
                + "CREATE INDEX shbLoadArea ON Rects(area) " + SHB_ON_RECTANGLES + ";");
        client.executeOrThrow("USE LoadSif; CREATE INDEX sifLoadLoc ON Points(location) " + SIF + ";");
        assertThat(client.executeOrThrow("USE LoadShb; EXPLAIN SELECT VALUE r.id FROM Rects r WHERE "
                + "spatial_intersect(r.area, " + WORLD + ");").plan()).contains("shbLoadArea");
        for (String region : regions()) {
            List<Long> scan = ids(client, "LoadPlain", "Points", "location", region);
            assertThat(ids(client, "LoadShb", "Points", "location", region)).as("SHB " + region).isEqualTo(scan);
            assertThat(ids(client, "LoadSif", "Points", "location", region)).as("SIF " + region).isEqualTo(scan);
            assertThat(ids(client, "LoadShb", "Rects", "area", region)).as("SHB rectangles " + region)
                    .isEqualTo(ids(client, "LoadPlain", "Rects", "area", region));
        }
    }

    @Test
    void anIndexNestedLoopJoinUsesTheIndexAndAnswersAsAFullScan(QueryServiceClient client) {
        String join = "SELECT VALUE [s.id, p.id] FROM Points s, Points p WHERE s.id < 40 AND spatial_intersect("
                + "p.location, create_circle(s.location, 5.0)) ORDER BY s.id, p.id;";
        List<JsonNode> scan = client.executeOrThrow("USE Plain; " + join).results();
        assertThat(scan).hasSizeGreaterThan(40);
        for (String[] used : new String[][] { { "Shb", "shbLoc" }, { "Sif", "sifLoc" } }) {
            assertThat(client.executeOrThrow("USE " + used[0] + "; EXPLAIN " + join).plan()).contains(used[1]);
            assertThat(client.executeOrThrow("USE " + used[0] + "; " + join).results()).as(used[0])
                    .isEqualTo(scan);
        }
    }

    @Test
    void loadDatasetBulkLoadsShbAndSifIndexes(QueryServiceClient client) throws IOException {
        List<String> loaded = List.of("BulkPlain", "BulkShb", "BulkSif");
        for (String dv : loaded) {
            client.executeOrThrow(dataverse(dv));
        }
        client.executeOrThrow("USE BulkShb; CREATE INDEX shbBulkLoc ON Points(location) " + SHB + ";"
                + "CREATE INDEX shbBulkArea ON Rects(area) " + SHB_ON_RECTANGLES + ";");
        client.executeOrThrow("USE BulkSif; CREATE INDEX sifBulkLoc ON Points(location) " + SIF + ";");
        Path points = admFile("grid-points.adm", "Points", 800, GridPhysicalSwapTest::point);
        Path rects = admFile("grid-rects.adm", "Rects", 300, GridPhysicalSwapTest::rect);
        for (String dv : loaded) {
            client.executeOrThrow("USE " + dv + "; LOAD DATASET Points USING localfs ((\"path\"=\"asterix_nc1://"
                    + points + "\"), (\"format\"=\"adm\"));");
            if (!dv.equals("BulkSif")) {
                client.executeOrThrow("USE " + dv + "; LOAD DATASET Rects USING localfs ((\"path\"=\"asterix_nc1://"
                        + rects + "\"), (\"format\"=\"adm\"));");
            }
        }

        assertThat(client.executeOrThrow("USE BulkShb; SELECT VALUE COUNT(*) FROM Rects r;").results().get(0).asInt())
                .isEqualTo(300);
        for (String region : regions()) {
            List<Long> scan = ids(client, "BulkPlain", "Points", "location", region);
            assertThat(ids(client, "BulkShb", "Points", "location", region)).as("SHB " + region).isEqualTo(scan);
            assertThat(ids(client, "BulkSif", "Points", "location", region)).as("SIF " + region).isEqualTo(scan);
            assertThat(ids(client, "BulkShb", "Rects", "area", region)).as("SHB rectangles " + region)
                    .isEqualTo(ids(client, "BulkPlain", "Rects", "area", region)).doesNotHaveDuplicates();
        }
    }

    /** An ADM file of {@code count} records of {@code dataset}, one per line, written on this host. */
    private static Path admFile(String name, String dataset, int count, Function<Random, String> value)
            throws IOException {
        Path file = Path.of("target", name).toAbsolutePath();
        Files.writeString(file, records(dataset, 0, count, value).replace("},{", "}\n{"));
        return file;
    }

    private static void assertEntriesAreTheLiveRectanglesCells(QueryServiceClient client, String when) {
        long expected = 0;
        for (JsonNode corners : client.executeOrThrow("USE Shb2; SELECT VALUE [get_x(get_points(r.area)[0]), "
                + "get_y(get_points(r.area)[0]), get_x(get_points(r.area)[1]), get_y(get_points(r.area)[1])] "
                + "FROM Rects r;").results()) {
            expected += SHB_OBJECTS.keys(new Rect(corners.get(0).asDouble(), corners.get(1).asDouble(),
                    corners.get(2).asDouble(), corners.get(3).asDouble())).length;
        }
        assertThat(expected).isPositive();
        assertThat(entries(client)).as(when).isEqualTo(expected);
    }

    private static final int SEARCHES = 0;
    private static final int RANGES = 1;
    private static final int CANDIDATES = 2;
    private static final int RESULTS = 3;

    /** What the index's searches did for one whole-space query on points: searches, ranges, candidates, results. */
    private static long[] searchCounted(QueryServiceClient client, LsmIntrospectionClient lsm, String dv,
            String index) {
        long[] before = counters(lsm, dv + "/Points", index);
        ids(client, dv, "Points", "location", WORLD);
        long[] search = counters(lsm, dv + "/Points", index);
        for (int counter = 0; counter < search.length; counter++) {
            search[counter] -= before[counter];
        }
        assertThat(search[SEARCHES]).isPositive();
        return search;
    }

    /** The grid counters of the index's one partition, as {@code /spatial-lsm/components} shows them. */
    private static long[] counters(LsmIntrospectionClient lsm, String where, String index) {
        GridCounters counters = index(lsm, where, index).grid().orElseThrow(
                () -> new AssertionError(index + " shows no grid counters"));
        return new long[] { counters.searches(), counters.ranges(), counters.candidates(), counters.results() };
    }

    /** The one partition of the index; {@code where} is "dataverse/dataset". */
    private static IndexComponents index(LsmIntrospectionClient lsm, String where, String index) {
        String[] names = where.split("/");
        return lsm.components(names[0], names[1]).stream().filter(c -> c.where().index().equals(index))
                .findFirst().orElseThrow();
    }

    /** The entries of Shb2's index: the candidates of one "all"-path search, which reads every live entry. */
    private static long entries(QueryServiceClient client) {
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        long[] before = counters(lsm, "Shb2/Rects", "shbArea");
        client.executeOrThrow("USE Shb2; SELECT VALUE r.id FROM Rects r WHERE spatial_intersect(r.area, "
                + "create_rectangle(create_point(-180.0, -90.0), create_point(180.0, 90.0)));");
        long[] after = counters(lsm, "Shb2/Rects", "shbArea");
        assertThat(after[SEARCHES] - before[SEARCHES]).isOne();
        assertThat(after[RANGES] - before[RANGES]).as("the all path").isOne();
        return after[CANDIDATES] - before[CANDIDATES];
    }

    private static void assertSameAnswers(QueryServiceClient client, String when) {
        for (String region : regions()) {
            List<Long> scan = ids(client, "Plain", "Points", "location", region);
            assertThat(ids(client, "Stock", "Points", "location", region)).as(when + ": R-tree " + region)
                    .isEqualTo(scan);
            assertThat(ids(client, "Shb", "Points", "location", region)).as(when + ": SHB " + region)
                    .isEqualTo(scan);
            assertThat(ids(client, "Sif", "Points", "location", region)).as(when + ": SIF " + region)
                    .isEqualTo(scan);
            List<Long> rectScan = ids(client, "Plain", "Rects", "area", region);
            assertThat(ids(client, "Shb", "Rects", "area", region)).as(when + ": SHB rectangles " + region)
                    .isEqualTo(rectScan).doesNotHaveDuplicates();
        }
        assertThat(ids(client, "Shb", "Rects", "area", WORLD)).as(when).hasSizeGreaterThan(RECTS / 4);
    }

    /** The world, points, a circle, rectangles on cell lines, thin, reaching outside the space, random ones. */
    private static List<String> regions() {
        List<String> regions = new ArrayList<>(List.of(WORLD, "create_point(-180.0, -90.0)",
                "create_point(180.0, 90.0)", "create_point(0.0, 0.0)", "create_point(12.5, -33.75)",
                "create_circle(create_point(-117.8, 33.6), 10.0)",
                "create_rectangle(create_point(0.0, 0.0), create_point(45.0, 45.0))",
                "create_rectangle(create_point(170.0, 60.0), create_point(400.0, 200.0))",
                "create_rectangle(create_point(-500.0, -500.0), create_point(500.0, 500.0))",
                "create_rectangle(create_point(-200.0, -95.0), create_point(-179.0, -89.0))",
                "create_rectangle(create_point(-11.25, 0.0), create_point(11.25, 22.5))",
                "create_rectangle(create_point(30.0, -5.0), create_point(30.000001, 60.0))"));
        Random random = new Random(7);
        for (int i = 0; i < 14; i++) {
            double x = random.nextDouble() * 340 - 180;
            double y = random.nextDouble() * 160 - 90;
            double size = Math.pow(10, -random.nextInt(3)) * 20;
            regions.add("create_rectangle(create_point(" + x + ", " + y + "), create_point(" + (x + size) + ", "
                    + (y + size) + "))");
        }
        return regions;
    }

    private static List<Long> ids(QueryServiceClient client, String dv, String dataset, String field,
            String region) {
        return client.executeOrThrow("USE " + dv + "; SELECT VALUE p.id FROM " + dataset + " p WHERE "
                + "spatial_intersect(p." + field + ", " + region + ") ORDER BY p.id;").results().stream()
                .map(JsonNode::asLong).toList();
    }

    private static void modify(QueryServiceClient client, String statement, List<String> dataverses) {
        for (String dv : dataverses) {
            client.executeOrThrow("USE " + dv + "; " + statement);
        }
    }

    private static void flushAll(LsmIntrospectionClient lsm) {
        for (String dv : DATAVERSES) {
            lsm.flush(dv, "Points");
            if (RECT_DATAVERSES.contains(dv)) {
                lsm.flush(dv, "Rects");
            }
        }
    }

    /** COMPACT schedules the full merge; waits (generously) until it has left one component. */
    private static void awaitOneComponent(LsmIntrospectionClient lsm, String dv, String dataset, String index)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (components(lsm, dv, dataset, index) != 1) {
            assertThat(System.nanoTime()).as("the full merge of " + index + " within 60 s").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private static int components(LsmIntrospectionClient lsm, String dv, String dataset, String index) {
        return index(lsm, dv + "/" + dataset, index).components().size();
    }

    private static void insertPoints(QueryServiceClient client, int from, int count) {
        insert(client, DATAVERSES, "Points", from, count, GridPhysicalSwapTest::point);
    }

    private static void insertRects(QueryServiceClient client, int from, int count) {
        insertRects(client, RECT_DATAVERSES, from, count);
    }

    private static void insertRects(QueryServiceClient client, List<String> dataverses, int from, int count) {
        insert(client, dataverses, "Rects", from, count, GridPhysicalSwapTest::rect);
    }

    private static void insert(QueryServiceClient client, List<String> dataverses, String dataset, int from,
            int count, Function<Random, String> value) {
        String array = records(dataset, from, count, value);
        for (String dv : dataverses) {
            client.executeOrThrow("USE " + dv + "; INSERT INTO " + dataset + " ([" + array + "]);");
        }
    }

    /** The records {@code from}, ..., comma-separated ADM objects. */
    private static String records(String dataset, int from, int count, Function<Random, String> value) {
        Random random = new Random(from);
        StringBuilder records = new StringBuilder();
        for (int id = from; id < from + count; id++) {
            records.append(id == from ? "" : ",").append("{\"id\": ").append(id).append(", \"")
                    .append(dataset.equals("Points") ? "location" : "area").append("\": ").append(value.apply(random))
                    .append('}');
        }
        return records.toString();
    }

    /** Points with 4 decimals or on cell lines of the default grid, many shared, some outside the space. */
    private static String point(Random random) {
        double x;
        double y;
        switch (random.nextInt(10)) {
            case 0 -> { x = -180.0; y = -90.0; }
            case 1 -> { x = 180.0; y = 90.0; }
            case 2 -> { x = 0.0; y = 0.0; }
            case 3 -> { x = random.nextInt(64) * 5.625 - 180; y = random.nextInt(32) * 5.625 - 90; }
            case 4 -> { x = random.nextDouble() * 600 - 300; y = random.nextDouble() * 300 - 150; }
            default -> {
                x = Math.round((random.nextDouble() * 360 - 180) * 1e4) / 1e4;
                y = Math.round((random.nextDouble() * 180 - 90) * 1e4) / 1e4;
            }
        }
        return "point(\"" + x + "," + y + "\")";
    }

    /** Rectangles from tiny to most of the space, some across or beyond its edge. */
    private static String rect(Random random) {
        double x = random.nextDouble() * 400 - 200;
        double y = random.nextDouble() * 200 - 100;
        double width = Math.pow(10, random.nextInt(5) - 3) * random.nextDouble() * 50;
        double height = Math.pow(10, random.nextInt(5) - 3) * random.nextDouble() * 25;
        return String.format(Locale.ROOT, "rectangle(\"%.5f,%.5f %.5f,%.5f\")", x, y, x + width, y + height);
    }

    /** A fresh dataverse with datasets on a single partition (NC asterix_nc1). */
    private static String dataverse(String dv) {
        return "DROP DATAVERSE " + dv + " IF EXISTS; CREATE DATAVERSE " + dv + "; USE " + dv + ";"
                + "DROP NODEGROUP " + dv + "Group IF EXISTS; CREATE NODEGROUP " + dv + "Group ON asterix_nc1;"
                + "CREATE TYPE PointType AS { id: int64, location: point };"
                + "CREATE TYPE RectType AS { id: int64, area: rectangle };"
                + "CREATE DATASET Points(PointType) PRIMARY KEY id WITH {\"node-group\": {\"name\": \"" + dv
                + "Group\"}};"
                + "CREATE DATASET Rects(RectType) PRIMARY KEY id WITH {\"node-group\": {\"name\": \"" + dv
                + "Group\"}};";
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.KnnCounts;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.testcluster.SharedSpatialCluster;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code ORDER BY spatial_distance(...) LIMIT k} through the R-tree and the organisations: EXPLAIN shows the kNN
 * search, and its answers equal the full scan's ({@code SET `spatial-lsm.knn` "false"}) and a model's, for random
 * points, k and OFFSET, with and without a tie-breaking key, on a small integer grid (many ties and duplicate points),
 * from an empty dataset through a bulk insert that makes multi-page R-trees to flushes, merges, deletes and upserts
 * that move points, with the newest changes in memory, under a stack policy and leveled, and on DHB, DHVB, SHB and SIF
 * indexes, with and without a WHERE; rectangles through {@code spatial_min_distance}; the R-tree's kNN counters count
 * its searches. Queries the index cannot answer scan.
 */
@SharedSpatialCluster
class KnnQueryTest {

    private static final String OFF = "SET `spatial-lsm.knn` \"false\"; ";
    private static final String TWO_POINTS = "[{\"id\": 1, \"loc\": point(\"1.0,1.0\")}, {\"id\": 2, \"loc\": "
            + "point(\"3.0,3.0\")}]";

    /**
     * A dataverse name, the datasets' merge policy and the index types (with their WITH clauses, if any), separated by
     * {@code " / "}: one dataset per index, all with the same records.
     */
    static final String POLICIES = """
            KnnBinomial | {"name": "binomial", "parameters": {"k": 3}} | TYPE RTREE
            KnnLeveled  | {"name": "no-merge"} | TYPE RTREE WITH {"merge-policy": {"name": "leveled", "parameters": \
            {"level0-components": 2, "size-ratio": 2, "max-component-entries": 40, "partitioning": "str"}}}
            """;

    /**
     * The organisations, as {@link #POLICIES}, in one dataverse to share the statements. The SHB-tree's space holds
     * only part of the grid of points, so the others are stored out of the space and the windows reach beyond it.
     */
    static final String ORGANISATIONS = """
            KnnOrganisations | {"name": "binomial", "parameters": {"k": 2}} | TYPE DHBTREE / TYPE DHVBTREE / \
            TYPE SHBTREE(2.0, 2.0, 8.5, 8.0, l, l, l, l, l, l) / TYPE SIF(-180.0, -90.0, 180.0, 90.0)
            """;

    /** Enough points that each partition's first component is an R-tree of several pages (32 KB each). */
    private static final int BULK = 4000;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = POLICIES)
    void answersEqualTheFullScansAcrossFlushesMergesDeletesAndUpserts(String dataverse, String datasetPolicy,
            String indexes, SpatialTestCluster cluster) throws InterruptedException {
        randomHistory(cluster.client(), dataverse, datasetPolicy, indexes, 3, 4);
        assertKnnSearchesAreCounted(cluster.client(), dataverse);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = ORGANISATIONS)
    void organisationsAnswerAsTheFullScanAcrossFlushesMergesDeletesAndUpserts(String dataverse, String datasetPolicy,
            String indexes, SpatialTestCluster cluster) {
        randomHistory(cluster.client(), dataverse, datasetPolicy, indexes, 2, 2);
    }

    /**
     * One kNN query counts one kNN search in each partition of the index, which opened or skipped each of the
     * partition's disk components and took at least its k + OFFSET entries; neither it nor the same query scanning
     * counts a window search of the index.
     */
    private static void assertKnnSearchesAreCounted(QueryServiceClient client, String dataverse)
            throws InterruptedException {
        FlushDriver places = new FlushDriver(client, dataverse, "Places0");
        Map<IndexPartition, IndexComponents> before = locIdx(places.awaitQuiescence(FlushDriver.MERGE_STALL));
        String query = query("Places0", 3.5, 2, 5, 1, true);
        client.executeOrThrow("USE " + dataverse + "; " + query);
        client.executeOrThrow("USE " + dataverse + "; " + OFF + query);
        Map<IndexPartition, IndexComponents> after = locIdx(places.components());

        assertThat(after.keySet()).isEqualTo(before.keySet()).isNotEmpty();
        before.forEach((where, earlier) -> {
            IndexComponents later = after.get(where);
            KnnCounts knnBefore = earlier.knn().orElseThrow();
            KnnCounts knnAfter = later.knn().orElseThrow();
            assertThat(later.components()).as("%s: no flush or merge meanwhile", where)
                    .isEqualTo(earlier.components());
            assertThat(knnAfter.searches() - knnBefore.searches()).as("%s: kNN searches", where).isOne();
            assertThat(knnAfter.componentsOpened() - knnBefore.componentsOpened() + knnAfter.componentsSkipped()
                    - knnBefore.componentsSkipped()).as("%s: opened + skipped", where)
                    .isEqualTo(earlier.components().size());
            assertThat(knnAfter.entriesVisited() - knnBefore.entriesVisited()).as("%s: entries visited", where)
                    .isGreaterThanOrEqualTo(6);
            assertThat(later.reads().orElseThrow().searches()).as("%s: window searches", where)
                    .isEqualTo(earlier.reads().orElseThrow().searches());
        });
    }

    private static Map<IndexPartition, IndexComponents> locIdx(List<IndexComponents> listing) {
        return listing.stream().filter(index -> index.where().index().equals("locIdx"))
                .collect(Collectors.toMap(IndexComponents::where, index -> index));
    }

    /**
     * One dataset per index of {@code indexes} (see {@link #POLICIES}), all given the same history: a grid of
     * {@link #BULK} points, flushed, then {@code rounds} rounds of inserts, deletes and upserts that move points (all
     * flushed but the last, which stays in memory), each followed by {@code queries} random queries.
     */
    static void randomHistory(QueryServiceClient client, String dataverse, String datasetPolicy, String indexes,
            int rounds, int queries) {
        List<String> datasets = new ArrayList<>();
        StringBuilder ddl = new StringBuilder("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE "
                + dataverse + "; USE " + dataverse + "; CREATE TYPE Located AS { id: int64, loc: point };");
        for (String index : indexes.split(" / ")) {
            String dataset = "Places" + datasets.size();
            datasets.add(dataset);
            ddl.append(" CREATE DATASET ").append(dataset).append("(Located) PRIMARY KEY id WITH {\"merge-policy\": ")
                    .append(datasetPolicy).append("}; CREATE INDEX locIdx ON ").append(dataset).append("(loc) ")
                    .append(index).append(';');
        }
        client.executeOrThrow(ddl.toString());
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        Random random = new Random(dataverse.hashCode());
        Map<Long, double[]> model = new TreeMap<>();

        String[] clauses = indexes.split(" / ");
        for (int i = 0; i < datasets.size(); i++) {
            String dataset = datasets.get(i);
            String query = query(dataset, 3.5, 2, 2, 1, true);
            assertThat(client.executeOrThrow("USE " + dataverse + "; EXPLAIN " + query).plan())
                    .contains("knn-search(", "locIdx", "KNN_SEARCH");
            assertThat(client.executeOrThrow("USE " + dataverse + "; " + OFF + "EXPLAIN " + query).plan())
                    .doesNotContain("knn-search");
            String where = whereQuery(dataset, 1.0, 2.0, 3, 0);
            String plan = client.executeOrThrow("USE " + dataverse + "; EXPLAIN " + where).plan();
            if (clauses[i].startsWith("TYPE RTREE")) {
                assertThat(plan).as("one search, which reads the records").contains("knn-search(")
                        .doesNotContain("BTREE_SEARCH");
            } else {
                assertThat(plan).as("an organisation's search fetches no record: %s scans", where)
                        .doesNotContain("knn-search");
            }
        }
        assertQueriesAgree(client, dataverse, datasets, model, random, queries, "empty");

        // Every point of the 12 x 11 grid, about 30 times.
        toEach(client, dataverse, datasets, "INSERT INTO %s (SELECT VALUE {\"id\": i, \"loc\": "
                + "create_point(to_double(i % 12), to_double(i % 11))} FROM range(0, " + (BULK - 1) + ") i);");
        for (long i = 0; i < BULK; i++) {
            model.put(i, new double[] { i % 12, i % 11 });
        }
        datasets.forEach(dataset -> lsm.flush(dataverse, dataset));
        assertQueriesAgree(client, dataverse, datasets, model, random, queries, "bulk");

        long nextId = BULK;
        for (int round = 0; round < rounds; round++) {
            List<String> inserted = new ArrayList<>();
            for (int i = 0; i < 40; i++, nextId++) {
                double[] point = { random.nextInt(12), random.nextInt(12) };
                model.put(nextId, point);
                inserted.add(record(nextId, point));
            }
            toEach(client, dataverse, datasets, "INSERT INTO %s ([" + String.join(", ", inserted) + "]);");
            List<Long> ids = new ArrayList<>(model.keySet());
            List<Long> deleted = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                deleted.add(ids.get(random.nextInt(ids.size())));
            }
            deleted.forEach(model::remove);
            toEach(client, dataverse, datasets, "DELETE FROM %s p WHERE p.id IN " + deleted + ";");
            ids = new ArrayList<>(model.keySet());
            Map<Long, double[]> moved = new TreeMap<>();
            for (int i = 0; i < 30; i++) {
                moved.put(ids.get(random.nextInt(ids.size())),
                        new double[] { random.nextInt(12), random.nextInt(12) });
            }
            model.putAll(moved);
            toEach(client, dataverse, datasets, "UPSERT INTO %s ([" + moved.entrySet().stream()
                    .map(e -> record(e.getKey(), e.getValue())).collect(Collectors.joining(", ")) + "]);");
            if (round < rounds - 1) { // the last round's changes stay in memory
                datasets.forEach(dataset -> lsm.flush(dataverse, dataset));
            }
            assertQueriesAgree(client, dataverse, datasets, model, random, queries, "round " + round);
        }
    }

    /**
     * Rectangles through {@code spatial_min_distance} (0 inside): the index's answer equals the scan's and a model's
     * for random points and k, across a flush, deletes and moves, with the newest changes in memory.
     */
    @Test
    void theNearestRectanglesEqualTheFullScans(QueryServiceClient client) {
        client.executeOrThrow("DROP DATAVERSE KnnBoxes IF EXISTS; CREATE DATAVERSE KnnBoxes; USE KnnBoxes;"
                + " CREATE TYPE Boxed AS { id: int64, box: rectangle }; CREATE DATASET Boxes(Boxed) PRIMARY KEY id;"
                + " CREATE INDEX boxIdx ON Boxes(box) TYPE RTREE;");
        Random random = new Random(2828);
        Map<Long, double[]> model = new TreeMap<>();
        for (long id = 0; id < 300; id++) {
            model.put(id, randomBox(random));
        }
        upsertBoxes(client, model);
        new LsmIntrospectionClient(client, Duration.ofMinutes(2)).flush("KnnBoxes", "Boxes");
        List<Long> ids = new ArrayList<>(model.keySet());
        List<Long> deleted = ids.subList(0, 40);
        client.executeOrThrow("USE KnnBoxes; DELETE FROM Boxes b WHERE b.id IN " + deleted + ";");
        deleted.forEach(model::remove);
        Map<Long, double[]> changed = new TreeMap<>();
        for (long id : ids.subList(40, 80)) {
            changed.put(id, randomBox(random)); // moved
        }
        for (long id = 300; id < 330; id++) {
            changed.put(id, randomBox(random)); // new
        }
        upsertBoxes(client, changed);
        model.putAll(changed);

        String explained = boxQuery(3.5, 2.5, 5);
        assertThat(client.executeOrThrow("USE KnnBoxes; EXPLAIN " + explained).plan()).contains("knn-search(",
                "boxIdx");
        for (int q = 0; q < 8; q++) {
            double x = random.nextInt(14) - 1 + (q % 2 == 0 ? 0 : 0.25);
            double y = random.nextInt(14) - 1 + (q % 3 == 0 ? 0 : 0.5);
            int k = q == 7 ? model.size() + 1 : 1 + random.nextInt(10);
            String query = boxQuery(x, y, k);
            List<Long> answer = longs(client.executeOrThrow("USE KnnBoxes; " + query).results());
            assertThat(answer).as(query).isEqualTo(longs(client.executeOrThrow("USE KnnBoxes; " + OFF + query)
                    .results()));
            assertThat(answer).as("%s, the model", query).isEqualTo(model.entrySet().stream()
                    .sorted(Comparator.<Map.Entry<Long, double[]>>comparingDouble(e -> boxDistance(e.getValue(), x, y))
                            .thenComparing(Map.Entry::getKey))
                    .limit(k).map(Map.Entry::getKey).toList());
        }
    }

    /** On a small integer grid, so that rectangles nest, touch and tie (AsterixDB's have a width and a height). */
    private static double[] randomBox(Random random) {
        double x = random.nextInt(12);
        double y = random.nextInt(12);
        return new double[] { x, y, x + 1 + random.nextInt(4), y + 1 + random.nextInt(3) };
    }

    private static void upsertBoxes(QueryServiceClient client, Map<Long, double[]> boxes) {
        client.executeOrThrow("USE KnnBoxes; UPSERT INTO Boxes ([" + boxes.entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "{\"id\": %d, \"box\": create_rectangle(create_point(%.1f, "
                        + "%.1f), create_point(%.1f, %.1f))}", e.getKey(), e.getValue()[0], e.getValue()[1],
                        e.getValue()[2], e.getValue()[3]))
                .collect(Collectors.joining(", ")) + "]);");
    }

    private static String boxQuery(double x, double y, int k) {
        return String.format(Locale.ROOT, "SELECT VALUE b.id FROM Boxes b ORDER BY spatial_min_distance(b.box, "
                + "create_point(%s, %s)), b.id LIMIT %d;", x, y, k);
    }

    /** As spatial_min_distance computes it: 0 inside or on the edge. */
    private static double boxDistance(double[] box, double x, double y) {
        double dx = Math.max(0, Math.max(box[0] - x, x - box[2]));
        double dy = Math.max(0, Math.max(box[1] - y, y - box[3]));
        return Math.sqrt(Math.pow(dx, 2) + Math.pow(dy, 2));
    }

    /** One request: {@code statement}, a format with the dataset's name as its only argument, for each dataset. */
    private static void toEach(QueryServiceClient client, String dataverse, List<String> datasets, String statement) {
        StringBuilder statements = new StringBuilder("USE " + dataverse + ";");
        datasets.forEach(dataset -> statements.append(' ').append(statement.replace("%s", dataset)));
        client.executeOrThrow(statements.toString());
    }

    /** The kNN join through the R-tree: see {@link KnnJoinCheck}. */
    @Test
    void theKnnJoinEqualsAModel(QueryServiceClient client) {
        KnnJoinCheck.check(client, "KnnJoin", "TYPE RTREE", 120, 6, 1);
    }

    @Test
    void aBadSettingIsAOneLineError(QueryServiceClient client) {
        QueryResult result = client.execute("SET `spatial-lsm.knn` \"maybe\"; SELECT VALUE 1;");
        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).singleElement().asString()
                .contains("SET spatial-lsm.knn: expected \"true\" or \"false\", got \"maybe\"").doesNotContain("\n");
    }

    /**
     * Where the index cannot hold the answer, or the WHERE is not a function of the record, the query scans, and
     * answers as the model does.
     */
    @Test
    void optionalFieldsAndWhereClausesScan(QueryServiceClient client) {
        client.executeOrThrow("DROP DATAVERSE KnnScans IF EXISTS; CREATE DATAVERSE KnnScans; USE KnnScans;"
                + " CREATE TYPE Located AS { id: int64, loc: point }; CREATE TYPE Maybe AS { id: int64, loc: point? };"
                + " CREATE DATASET Optional(Maybe) PRIMARY KEY id; CREATE INDEX opt ON Optional(loc) TYPE RTREE;"
                + " CREATE DATASET Plain(Located) PRIMARY KEY id; CREATE INDEX plain ON Plain(loc) TYPE RTREE;"
                + " INSERT INTO Plain (" + TWO_POINTS + ");"
                + " INSERT INTO Optional ([{\"id\": 1, \"loc\": point(\"1.0,1.0\")}, {\"id\": 2}]);");
        String nearest = " p ORDER BY spatial_distance(p.loc, create_point(0.0, 0.0)), p.id LIMIT 1;";
        String where = "SELECT VALUE p.id FROM Plain p WHERE p.id > 1 AND random() >= 0 ORDER BY "
                + "spatial_distance(p.loc, create_point(0.0, 0.0)) LIMIT 1;";
        for (String query : List.of("SELECT VALUE p.id FROM Optional" + nearest, where)) {
            assertThat(client.executeOrThrow("USE KnnScans; EXPLAIN " + query).plan()).as(query)
                    .doesNotContain("knn-search");
        }
        assertThat(longs(client.executeOrThrow("USE KnnScans; SELECT VALUE p.id FROM Optional" + nearest).results()))
                .as("a record without the point sorts first").containsExactly(2L);
        assertThat(longs(client.executeOrThrow("USE KnnScans; " + where).results())).containsExactly(2L);
    }

    /** Random queries: each index's answer equals the model's, which equals the first dataset's scan. */
    private static void assertQueriesAgree(QueryServiceClient client, String dataverse, List<String> datasets,
            Map<Long, double[]> model, Random random, int queries, String when) {
        for (int q = 0; q < queries; q++) {
            // On the grid (ties at every distance) or off it; k from 0 to past the dataset's size.
            double x = random.nextInt(14) - 1 + (q % 2 == 0 ? 0 : 0.25);
            double y = random.nextInt(14) - 1 + (q % 3 == 0 ? 0 : 0.5);
            int k = q == queries - 1 ? model.size() + 3 : random.nextInt(12);
            int offset = q % 2 == 1 ? random.nextInt(5) : 0;
            List<double[]> byDistanceAndId = expected(model, x, y);
            List<Long> expectedIds = byDistanceAndId.stream().skip(offset).limit(k).map(e -> (long) e[0]).toList();
            String scan = query(datasets.get(0), x, y, k, offset, true);
            assertThat(longs(client.executeOrThrow("USE " + dataverse + "; " + OFF + scan).results()))
                    .as("%s: %s, the scan", when, scan).isEqualTo(expectedIds);
            String where = whereQuery(datasets.get(0), x, y, k, offset);
            List<Long> passing = longs(client.executeOrThrow("USE " + dataverse + "; " + where).results());
            assertThat(passing).as("%s: %s", when, where).isEqualTo(longs(client.executeOrThrow("USE " + dataverse
                    + "; " + OFF + where).results()));
            assertThat(passing).as("%s: %s, the model", when, where).isEqualTo(byDistanceAndId.stream()
                    .filter(e -> (long) e[0] % 3 == 1).skip(offset).limit(k).map(e -> (long) e[0]).toList());
            for (String dataset : datasets) {
                String withId = query(dataset, x, y, k, offset, true);
                assertThat(longs(client.executeOrThrow("USE " + dataverse + "; " + withId).results()))
                        .as("%s: %s", when, withId).isEqualTo(expectedIds);

                String byDistance = query(dataset, x, y, k, offset, false);
                List<JsonNode> answer = client.executeOrThrow("USE " + dataverse + "; " + byDistance).results();
                assertThat(answer.stream().map(a -> a.get("d").asDouble()).toList()).as("%s: %s", when, byDistance)
                        .isEqualTo(byDistanceAndId.stream().skip(offset).limit(k).map(e -> e[1]).toList());
                for (JsonNode a : answer) {
                    double[] point = model.get(a.get("id").asLong());
                    assertThat(point).as("%s: %s returned a live record", when, byDistance).isNotNull();
                    assertThat(distance(point, x, y)).isEqualTo(a.get("d").asDouble());
                }
            }
        }
    }

    /** {@link #query} with a tie-breaking key and a WHERE on the record. */
    private static String whereQuery(String dataset, double x, double y, int k, int offset) {
        return query(dataset, x, y, k, offset, true).replace("FROM " + dataset + " p ",
                "FROM " + dataset + " p WHERE p.id % 3 = 1 ");
    }

    private static String query(String dataset, double x, double y, int k, int offset, boolean tieBreak) {
        String point = String.format(Locale.ROOT, "create_point(%s, %s)", x, y);
        String page = " LIMIT " + k + (offset > 0 ? " OFFSET " + offset : "") + ";";
        return tieBreak
                ? "SELECT VALUE p.id FROM " + dataset + " p ORDER BY spatial_distance(p.loc, " + point + "), p.id"
                        + page
                : "SELECT p.id, spatial_distance(p.loc, " + point + ") AS d FROM " + dataset + " p ORDER BY "
                        + "spatial_distance(p.loc, " + point + ")" + page;
    }

    /** Every live record as {id, distance}, by distance then id. */
    private static List<double[]> expected(Map<Long, double[]> model, double x, double y) {
        return model.entrySet().stream().map(e -> new double[] { e.getKey(), distance(e.getValue(), x, y) })
                .sorted(Comparator.<double[]>comparingDouble(e -> e[1]).thenComparingDouble(e -> e[0])).toList();
    }

    /** As AsterixDB's spatial_distance computes it. */
    private static double distance(double[] point, double x, double y) {
        return Math.sqrt(Math.pow(x - point[0], 2) + Math.pow(y - point[1], 2));
    }

    private static String record(long id, double[] point) {
        return String.format(Locale.ROOT, "{\"id\": %d, \"loc\": point(\"%.1f,%.1f\")}", id, point[0], point[1]);
    }

    private static List<Long> longs(List<JsonNode> values) {
        return values.stream().map(JsonNode::asLong).toList();
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * NaN and ±Infinity coordinates, which AsterixDB 0.9.8 accepts, in every index type: each one stores them or
 * refuses the record in one line, as docs/ddl.md's "Non-finite coordinates" table says; no flush, merge, COMPACT
 * or log replay fails on them; every index answers a finite window as a full scan of the same records does, and a kNN
 * query, after a restart, as the scan that sorts them. A
 * leveled R-tree used to fail every flush of a NaN point, on every replay of the log, so its node never started
 * again.
 */
@ExtendWith(SpatialClusterExtension.class)
class NonFiniteCoordinatesTest {

    private static final String DATAVERSE = "NonFinite";
    /**
     * A dataset and its indexes' types on {@code location} (a point), {@code area} (a rectangle) and {@code zone} (a
     * circle, whose MBR can hold a NaN: AsterixDB refuses a rectangle with a NaN corner, not a circle); null: none.
     */
    private record Indexed(String dataset, String location, String area, String zone) {

        Map<String, String> types() {
            Map<String, String> types = new LinkedHashMap<>();
            types.put("location", location);
            types.put("area", area);
            types.put("zone", zone);
            types.values().removeIf(Objects::isNull);
            return types;
        }
    }

    private static final String SHB = "SHBTREE(-180.0, -90.0, 180.0, 90.0)";
    private static final List<Indexed> STORING = List.of(
            new Indexed("Curves", comparator("hilbert"), comparator("zorder"), comparator("simple")),
            new Indexed("SimpleShb", comparator("simple"), SHB, SHB),
            new Indexed("LeveledSize", leveled("size"), leveled("str"), leveled("rstar-grove-perimeter")),
            new Indexed("LeveledStr", leveled("str"), leveled("rstar-grove-area"), leveled("size")),
            new Indexed("LeveledGrove", leveled("rstar-grove-area"), leveled("size"), leveled("str")),
            new Indexed("Shb", SHB, null, null),
            new Indexed("Sif", "SIF(-180.0, -90.0, 180.0, 90.0)", null, null),
            new Indexed("Dhb", "DHBTREE", null, null));
    private static final Indexed DHVB = new Indexed("Dhvb", "DHVBTREE", null, null);
    /**
     * An R-tree with AsterixDB's default comparator and merge policy. Like every other index it finds a NaN circle in
     * no window, where 0.9.8's full scan does.
     */
    private static final Indexed STOCK = new Indexed("Stock", "RTREE", "RTREE", "RTREE");
    private static final List<Indexed> ALL = Stream.concat(STORING.stream(), Stream.of(DHVB, STOCK)).toList();

    private static final String NAN = "double(\"NaN\")";
    private static final String INF = "double(\"INF\")";
    private static final String MINUS_INF = "double(\"-INF\")";

    /** A record with non-finite coordinates, at {@code offset} in each batch of ids. */
    private record NonFinite(int offset, String location, String area, String zone) {
    }

    private static final List<NonFinite> NON_FINITE = List.of(
            new NonFinite(10, point(NAN, "1.0"), rectangle(point(MINUS_INF, "0.0"), point("1.0", "2.0")),
                    circle(point(NAN, "1.0"), "1.0")),
            new NonFinite(11, point(INF, "1.0"), rectangle(point("0.0", "0.0"), point(INF, "2.0")),
                    circle(point("0.0", "0.0"), INF)),
            new NonFinite(12, point(MINUS_INF, "2.0"), rectangle(point(MINUS_INF, MINUS_INF), point(INF, INF)),
                    circle(point("1.0", "1.0"), NAN)),
            new NonFinite(13, point("3.0", NAN), rectangle(point("1.0", "1.0"), point("2.0", INF)),
                    circle(point(INF, "1.0"), "2.0")));
    /** Windows answered as a full scan answers them. */
    private static final List<String> FINITE_WINDOWS = List.of(
            rectangle(point("-10.0", "-10.0"), point("10.0", "10.0")),
            rectangle(point("-1.0e6", "-1.0e6"), point("1.0e6", "1.0e6")));
    /**
     * Windows that reach infinity, which 0.9.8 itself answers inconsistently: a full scan tests point-in-rectangle by
     * arithmetic, where an infinite corner or coordinate can give NaN (the whole plane finds nothing), while an
     * R-tree compares coordinates and may answer alone. They must run, and never return a NaN point.
     */
    private static final List<String> INFINITE_WINDOWS = List.of(
            rectangle(point("0.0", "0.0"), point(INF, "5.0")),
            rectangle(point(MINUS_INF, MINUS_INF), point(INF, INF)));

    @Test
    void everyIndexStoresOrRefusesAndNoFlushMergeOrReplayFails(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow("DROP DATAVERSE " + DATAVERSE + " IF EXISTS; CREATE DATAVERSE " + DATAVERSE + "; USE "
                + DATAVERSE + "; CREATE TYPE Located AS { id: int64, location: point, area: rectangle, zone: circle };"
                + " CREATE DATASET Unindexed(Located) PRIMARY KEY id;");
        for (Indexed indexed : ALL) {
            client.executeOrThrow("USE " + DATAVERSE + "; CREATE DATASET " + indexed.dataset()
                    + "(Located) PRIMARY KEY id;");
        }
        // The refusing organisation is indexed first; the others get their first component by a bulk load of
        // records that hold non-finite coordinates.
        createIndexes(client, DHVB);
        insertBatch(client, 0);
        for (Indexed indexed : STORING) {
            createIndexes(client, indexed);
        }
        createIndexes(client, STOCK);
        insertBatch(client, 1);
        flushAll(client);
        insertBatch(client, 2);
        for (String dataset : datasets()) {
            client.executeOrThrow("USE " + DATAVERSE + "; DELETE FROM " + dataset + " d WHERE d.id IN [110, 111];");
        }
        flushAll(client);
        for (Indexed indexed : ALL) {
            client.executeOrThrow("USE " + DATAVERSE + "; COMPACT DATASET " + indexed.dataset() + ";");
        }
        assertAnswersEqualAFullScan(client, 3, "after flushes, merges and COMPACT");
        // As docs/ddl.md says: a full scan finds no non-finite point in any window.
        String wholePlane = " WHERE spatial_intersect(d.location, " + INFINITE_WINDOWS.get(1) + ")";
        assertThat(ids(client, "SELECT VALUE d.id FROM Unindexed d" + wholePlane)).doesNotContain(10L, 11L, 12L, 13L);

        // Left in memory and in the log only: the restart replays these inserts, and flushes them.
        insertBatch(client, 3);
        cluster.restartFromCrashImage();
        QueryServiceClient restarted = cluster.client();
        assertThat(restarted.clusterState()).isEqualTo("ACTIVE");
        flushAll(restarted);
        assertAnswersEqualAFullScan(restarted, 4, "after a restart that replayed non-finite inserts");
        assertNearestEqualTheScan(restarted);
        // AsterixDB writes the coordinates bare; the client reads them and writes them back the same way.
        JsonNode nan = restarted.executeOrThrow("USE " + DATAVERSE + "; SELECT VALUE l.location FROM LeveledSize l"
                + " WHERE l.id = 310;").results().get(0);
        assertThat(QueryServiceClient.writeJson(nan, false)).isEqualTo("[NaN,1.0]");
        assertTheConsoleWorkaroundsAnswerInStrictJson(restarted);
    }

    /** The queries docs/ddl.md gives for AsterixDB's web console, which shows nothing for a bare NaN. */
    private static void assertTheConsoleWorkaroundsAnswerInStrictJson(QueryServiceClient client) throws Exception {
        String finiteOnly = "SELECT VALUE t.id FROM LeveledSize t WHERE if_nan_or_inf(get_x(t.location), null) IS NOT"
                + " NULL AND if_nan_or_inf(get_y(t.location), null) IS NOT NULL";
        assertThat(ids(client, finiteOnly)).isEqualTo(ids(client, "SELECT VALUE t.id FROM LeveledSize t WHERE t.id %"
                + " 100 < 8"));
        String asStrings = "SELECT t.id, to_string(get_x(t.location)) AS x, to_string(get_y(t.location)) AS y"
                + " FROM LeveledSize t";
        for (JsonNode row : client.executeOrThrow("USE " + DATAVERSE + "; " + asStrings + ";").results()) {
            String text = QueryServiceClient.writeJson(row, false);
            assertThat(new ObjectMapper().readTree(text)).as("strict JSON: %s", text).isEqualTo(row);
        }
    }

    private static void createIndexes(QueryServiceClient client, Indexed indexed) {
        indexed.types().forEach((field, type) -> client.executeOrThrow("USE " + DATAVERSE + "; CREATE INDEX "
                + indexed.dataset() + "_" + field + " ON " + indexed.dataset() + "(" + field + ") TYPE " + type + ";"));
    }

    /**
     * Eight finite records and the four non-finite ones, ids from {@code 100 * batch}, into every dataset: the finite
     * ones in one statement, each non-finite one alone, so that a refusal is seen for what it is.
     */
    private static void insertBatch(QueryServiceClient client, int batch) {
        int base = 100 * batch;
        for (String dataset : datasets()) {
            client.executeOrThrow("USE " + DATAVERSE + "; INSERT INTO " + dataset + " (SELECT VALUE {\"id\": i, "
                    + "\"location\": create_point(to_double(i % 100) * 1.5 - 5.0, to_double(i % 100) - 3.0), "
                    + "\"area\": create_rectangle(create_point(to_double(i % 100) - 4.0, -1.0), "
                    + "create_point(to_double(i % 100) - 2.5, 0.5)), "
                    + "\"zone\": create_circle(create_point(to_double(i % 100) - 3.0, 2.0), 0.75)} FROM range(" + base
                    + ", " + (base + 7) + ") i);");
            for (NonFinite record : NON_FINITE) {
                int id = base + record.offset();
                QueryResult result = client.execute("USE " + DATAVERSE + "; INSERT INTO " + dataset + " ({\"id\": "
                        + id + ", \"location\": " + record.location() + ", \"area\": " + record.area()
                        + ", \"zone\": " + record.zone() + "});");
                String refusal = refusal(dataset, record.offset());
                if (refusal == null) {
                    assertThat(result.isSuccess()).as("insert of %d into %s: %s", id, dataset, result.errors())
                            .isTrue();
                } else {
                    assertThat(result.errors()).as("insert of %d into %s", id, dataset).singleElement().asString()
                            .contains(refusal).doesNotContain("\n");
                }
            }
        }
    }

    /** What the dataset's index says when it refuses the non-finite record at {@code offset}; null if it stores it. */
    private static String refusal(String dataset, int offset) {
        if (!dataset.equals(DHVB.dataset())) {
            return null;
        }
        String point = switch (offset) {
            case 10 -> "(NaN, 1.0)";
            case 11 -> "(Infinity, 1.0)";
            case 12 -> "(-Infinity, 2.0)";
            default -> "(3.0, NaN)";
        };
        return "a DHVB index holds points in [-180, 180] x [-90, 90]; " + point + " is outside";
    }

    /**
     * Every index's answer to a finite window equals the full scan's of the records its dataset holds, less the NaN
     * values (no index returns them; 0.9.8's scan finds NaN circles); a window that reaches infinity returns stored
     * records.
     */
    private static void assertAnswersEqualAFullScan(QueryServiceClient client, int batches, String when) {
        for (Indexed indexed : ALL) {
            Set<Long> stored = ids(client, "SELECT VALUE d.id FROM " + indexed.dataset() + " d");
            assertThat(stored).as("%s holds every record it did not refuse, %s", indexed.dataset(), when)
                    .isEqualTo(expectedIds(indexed.dataset(), batches));
            for (String field : indexed.types().keySet()) {
                for (String window : Stream.concat(FINITE_WINDOWS.stream(), INFINITE_WINDOWS.stream()).toList()) {
                    String predicate = " WHERE spatial_intersect(d." + field + ", " + window + ")";
                    Set<Long> scanned = ids(client, "SELECT VALUE d.id FROM Unindexed d" + predicate);
                    scanned.retainAll(stored);
                    Set<Long> answer = ids(client, "SELECT VALUE d.id FROM " + indexed.dataset() + " d" + predicate);
                    String what = indexed.dataset() + "." + field + " in " + window + ", " + when;
                    Set<Long> nanOffsets = field.equals("location") ? Set.of(10L, 13L)
                            : field.equals("zone") ? Set.of(10L, 12L) : Set.of();
                    assertThat(answer).as(what).noneMatch(id -> nanOffsets.contains(id % 100));
                    if (FINITE_WINDOWS.contains(window)) {
                        // 0.9.8's full scan finds a circle with a NaN centre or radius in a finite window (its
                        // arithmetic); a spatial-lsm index finds a NaN in no window.
                        scanned.removeIf(id -> nanOffsets.contains(id % 100));
                        assertThat(answer).as(what).isEqualTo(scanned);
                    } else {
                        assertThat(stored).as(what).containsAll(answer);
                    }
                }
            }
        }
    }

    /**
     * After the restart, every index's kNN search (R-trees of every kind and the organisations) answers as the same
     * query with the search turned off, which sorts the whole dataset: an infinite distance after the finite ones and a
     * NaN distance (a NaN coordinate, or any point from a NaN query point) after every other, as AsterixDB's ORDER BY
     * sorts doubles, ties by id; k past the dataset's size returns every record, infinite and NaN points last.
     */
    private static void assertNearestEqualTheScan(QueryServiceClient client) {
        String nanPoint = point(NAN, "0.0");
        for (Indexed indexed : ALL) {
            int stored = ids(client, "SELECT VALUE d.id FROM " + indexed.dataset() + " d").size();
            for (String at : List.of(point("0.5", "0.0"), nanPoint)) {
                for (int k : List.of(3, stored + 2)) {
                    String nearest = "SELECT VALUE d.id FROM " + indexed.dataset() + " d ORDER BY spatial_distance("
                            + "d.location, " + at + "), d.id LIMIT " + k;
                    assertThat(orderedIds(client, nearest)).as("%s nearest %d to %s", indexed.dataset(), k, at)
                            .isEqualTo(orderedIds(client, "SET `spatial-lsm.knn` \"false\"; " + nearest));
                }
            }
            String plan = client.executeOrThrow("USE " + DATAVERSE + "; EXPLAIN SELECT VALUE d.id FROM "
                    + indexed.dataset() + " d ORDER BY spatial_distance(d.location, " + nanPoint + ") LIMIT 3;")
                    .results().toString();
            assertThat(plan).as("%s answers a NaN query point through its index", indexed.dataset())
                    .contains("knn-search");
        }
    }

    private static List<Long> orderedIds(QueryServiceClient client, String query) {
        return client.executeOrThrow("USE " + DATAVERSE + "; " + query + ";").results().stream()
                .map(JsonNode::asLong).toList();
    }

    /** Every id of the first batches and not deleted, less what the dataset's index refuses. */
    private static Set<Long> expectedIds(String dataset, int batches) {
        Set<Long> ids = new TreeSet<>();
        for (int batch = 0; batch < batches; batch++) {
            for (int i = 0; i < 8; i++) {
                ids.add(100L * batch + i);
            }
            for (NonFinite record : NON_FINITE) {
                if (refusal(dataset, record.offset()) == null) {
                    ids.add(100L * batch + record.offset());
                }
            }
        }
        ids.removeAll(Set.of(110L, 111L));
        return ids;
    }

    private static Set<Long> ids(QueryServiceClient client, String query) {
        return client.executeOrThrow("USE " + DATAVERSE + "; " + query + ";").results().stream()
                .map(JsonNode::asLong).collect(Collectors.toCollection(TreeSet::new));
    }

    private static void flushAll(QueryServiceClient client) throws InterruptedException {
        for (Indexed indexed : ALL) {
            FlushDriver driver = new FlushDriver(client, DATAVERSE, indexed.dataset());
            driver.flush();
            driver.awaitQuiescence(Duration.ofMinutes(2));
        }
    }

    private static List<String> datasets() {
        List<String> names = new ArrayList<>(ALL.stream().map(Indexed::dataset).toList());
        names.add("Unindexed");
        return names;
    }

    private static String point(String x, String y) {
        return "create_point(" + x + ", " + y + ")";
    }

    private static String rectangle(String lowerLeft, String upperRight) {
        return "create_rectangle(" + lowerLeft + ", " + upperRight + ")";
    }

    private static String circle(String centre, String radius) {
        return "create_circle(" + centre + ", " + radius + ")";
    }

    private static String comparator(String name) {
        return "RTREE WITH {\"comparator\": \"" + name + "\"}";
    }

    private static String leveled(String partitioning) {
        return "RTREE WITH {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": {\"level0-components\": 2, "
                + "\"size-ratio\": 2, \"max-component-entries\": 4, \"partitioning\": \"" + partitioning + "\"}}}";
    }
}

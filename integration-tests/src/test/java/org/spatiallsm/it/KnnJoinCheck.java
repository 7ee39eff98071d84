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

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The kNN join, a correlated subquery {@code (SELECT ... FROM Shops c ORDER BY spatial_distance(c.loc, s.loc) LIMIT
 * k)} per outer record {@code s}: EXPLAIN shows one kNN search per outer record (and none with {@code SET
 * `spatial-lsm.knn` "false"}), and the answers equal a model's, for outer records of the same dataset and of another,
 * on a small integer grid (ties and duplicate points), k past the inner dataset's size, an empty inner dataset, outer
 * records whose point is null or missing, and the inner dataset's newest changes in memory. Not compared with the
 * plan without the search: AsterixDB 0.9.8's own plan for the subquery answers {@code []} for every outer record
 * (docs/queries.md).
 */
final class KnnJoinCheck {

    private static final String OFF = "SET `spatial-lsm.knn` \"false\"; ";

    private KnnJoinCheck() {
    }

    /**
     * Shops (the inner dataset, {@code shops} points, one flush, then deletes and moves left in memory) under
     * {@code index}, Homes ({@code homes} random points, on the grid and off it), Wanderers (Homes' records, every
     * third without a point and every third but one with a null one) and an empty dataset, then {@code queries}
     * random joins.
     */
    static void check(QueryServiceClient client, String dataverse, String index, int shops, int homes, int queries) {
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; CREATE TYPE Located AS { id: int64, loc: point };"
                + " CREATE DATASET Shops(Located) PRIMARY KEY id; CREATE INDEX locIdx ON Shops(loc) " + index + ";"
                + " CREATE DATASET Nothing(Located) PRIMARY KEY id; CREATE INDEX locIdx ON Nothing(loc) " + index + ";"
                + " CREATE DATASET Homes(Located) PRIMARY KEY id;");
        Random random = new Random(dataverse.hashCode());
        Map<Long, double[]> model = new TreeMap<>();
        for (long id = 0; id < shops; id++) {
            model.put(id, new double[] { random.nextInt(12), random.nextInt(11) });
        }
        upsert(client, dataverse, "Shops", model);
        new LsmIntrospectionClient(client, Duration.ofMinutes(2)).flush(dataverse, "Shops");
        List<Long> deleted = new ArrayList<>(model.keySet()).subList(0, shops / 10);
        client.executeOrThrow("USE " + dataverse + "; DELETE FROM Shops c WHERE c.id IN " + deleted + ";");
        deleted.forEach(model::remove);
        Map<Long, double[]> moved = new TreeMap<>();
        for (long id = shops / 10; id < shops / 5; id++) {
            moved.put(id, new double[] { random.nextInt(12), random.nextInt(11) });
        }
        upsert(client, dataverse, "Shops", moved);
        model.putAll(moved);
        Map<Long, double[]> outer = new TreeMap<>();
        for (long id = 0; id < homes; id++) {
            outer.put(id, new double[] { random.nextInt(14) - 1 + (id % 2 == 0 ? 0 : 0.25),
                    random.nextInt(13) - 1 + (id % 3 == 0 ? 0 : 0.5) });
        }
        upsert(client, dataverse, "Homes", outer);
        Map<Long, double[]> wanderers = new TreeMap<>(outer);
        StringBuilder pointless = new StringBuilder();
        for (long id = 0; id < homes; id += 3) {
            wanderers.put(id, null);
            pointless.append(pointless.isEmpty() ? "" : ", ").append(id % 2 == 0 ? "{\"id\": " + id + "}"
                    : "{\"id\": " + id + ", \"loc\": null}");
        }
        client.executeOrThrow("USE " + dataverse + "; CREATE TYPE MaybeLocated AS { id: int64, loc: point? };"
                + " CREATE DATASET Wanderers(MaybeLocated) PRIMARY KEY id;");
        upsert(client, dataverse, "Wanderers", outer);
        client.executeOrThrow("USE " + dataverse + "; UPSERT INTO Wanderers ([" + pointless + "]);");

        for (String outerDataset : List.of("Shops", "Homes")) {
            String join = join(outerDataset, "Shops", 5, true);
            assertThat(client.executeOrThrow("USE " + dataverse + "; EXPLAIN " + join).plan()).as(join)
                    .contains("knn-search(", "locIdx", "KNN_SEARCH");
            assertThat(client.executeOrThrow("USE " + dataverse + "; " + OFF + "EXPLAIN " + join).plan()).as(join)
                    .doesNotContain("knn-search");
        }
        for (int q = 0; q < queries; q++) {
            boolean last = q == queries - 1;
            int k = last ? model.size() + 2 : 1 + random.nextInt(8);
            // k past the dataset makes every pair an answer: the few Homes keep it |Homes| x |Shops|, not |Shops|^2.
            boolean self = q % 2 == 1 && !last;
            assertJoinEqualsTheModel(client, dataverse, self ? "Shops" : "Homes", self ? model : outer, "Shops",
                    model, k);
        }
        assertJoinEqualsTheModel(client, dataverse, "Homes", outer, "Nothing", Map.of(), 3);
        assertJoinEqualsTheModel(client, dataverse, "Wanderers", wanderers, "Shops", model, 4);
    }

    /**
     * The join with a tie-breaking key gives the model's ids, and without one the model's distances. An outer record
     * without a point ({@code null} in {@code outer}) is at a null or missing distance from every inner record, all
     * tied, so it gets the first k ids.
     */
    private static void assertJoinEqualsTheModel(QueryServiceClient client, String dataverse, String outerDataset,
            Map<Long, double[]> outer, String innerDataset, Map<Long, double[]> inner, int k) {
        String byId = join(outerDataset, innerDataset, k, true);
        List<JsonNode> answer = client.executeOrThrow("USE " + dataverse + "; " + byId).results();
        String byDistance = join(outerDataset, innerDataset, k, false);
        List<JsonNode> distances = client.executeOrThrow("USE " + dataverse + "; " + byDistance).results();
        assertThat(answer).as("%s: one row per outer record", byId).hasSize(outer.size());
        int row = 0;
        for (Map.Entry<Long, double[]> s : outer.entrySet()) {
            double[] at = s.getValue();
            List<Map.Entry<Long, double[]>> nearest = inner.entrySet().stream()
                    .sorted(Comparator.<Map.Entry<Long, double[]>>comparingDouble(c -> at == null ? 0
                            : distance(c.getValue(), at[0], at[1])).thenComparing(Map.Entry::getKey))
                    .limit(k).toList();
            assertThat(answer.get(row).get("id").asLong()).isEqualTo(s.getKey());
            assertThat(longs(answer.get(row).get("nearest"))).as("%s: the model's, for %d", byId, s.getKey())
                    .isEqualTo(nearest.stream().map(Map.Entry::getKey).toList());
            if (at != null) {
                assertThat(doubles(distances.get(row).get("nearest"))).as("%s: the model's, for %d", byDistance,
                        s.getKey()).isEqualTo(nearest.stream().map(c -> distance(c.getValue(), at[0], at[1]))
                                .toList());
            }
            row++;
        }
    }

    /**
     * For each outer record, its k nearest inner records' ids (by distance, then id) or their distances (by distance
     * alone), outer records by id.
     */
    static String join(String outerDataset, String innerDataset, int k, boolean byId) {
        String distance = "spatial_distance(c.loc, s.loc)";
        return "SELECT s.id, (SELECT VALUE " + (byId ? "c.id" : distance) + " FROM " + innerDataset + " c ORDER BY "
                + distance + (byId ? ", c.id" : "") + " LIMIT " + k + ") AS nearest FROM " + outerDataset
                + " s ORDER BY s.id;";
    }

    private static void upsert(QueryServiceClient client, String dataverse, String dataset,
            Map<Long, double[]> points) {
        client.executeOrThrow("USE " + dataverse + "; UPSERT INTO " + dataset + " ([" + points.entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "{\"id\": %d, \"loc\": point(\"%s,%s\")}", e.getKey(),
                        e.getValue()[0], e.getValue()[1]))
                .collect(Collectors.joining(", ")) + "]);");
    }

    /** As AsterixDB's spatial_distance computes it. */
    private static double distance(double[] point, double x, double y) {
        return Math.sqrt(Math.pow(x - point[0], 2) + Math.pow(y - point[1], 2));
    }

    private static List<Long> longs(JsonNode array) {
        List<Long> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asLong()));
        return values;
    }

    private static List<Double> doubles(JsonNode array) {
        List<Double> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asDouble()));
        return values;
    }
}

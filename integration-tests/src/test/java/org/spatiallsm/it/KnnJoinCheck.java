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
 * k)} per outer record {@code s}: EXPLAIN shows one kNN search per outer record, and the answers equal the plan
 * without it ({@code SET `spatial-lsm.knn` "false"}), for outer records of the same dataset and of another, on a
 * small integer grid (ties and duplicate points), k past the inner dataset's size, an empty inner dataset, and the
 * inner dataset's newest changes in memory. Both plans answer {@code []} for every outer record today, as AsterixDB
 * 0.9.8's unnesting of the subquery does (docs/queries.md), so the comparison with a model is a flag, off where the
 * suite runs it.
 */
final class KnnJoinCheck {

    private static final String OFF = "SET `spatial-lsm.knn` \"false\"; ";

    private KnnJoinCheck() {
    }

    /**
     * Shops (the inner dataset, {@code shops} points, one flush, then deletes and moves left in memory) under
     * {@code index}, Homes ({@code homes} random points, on the grid and off it) and an empty dataset, then
     * {@code queries} random joins; {@code againstModel}: also compare each answer with the model's.
     */
    static void check(QueryServiceClient client, String dataverse, String index, int shops, int homes, int queries,
            boolean againstModel) {
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

        for (String outerDataset : List.of("Shops", "Homes")) {
            String join = join(outerDataset, "Shops", 5, true);
            assertThat(client.executeOrThrow("USE " + dataverse + "; EXPLAIN " + join).plan()).as(join)
                    .contains("knn-search(", "locIdx", "KNN_SEARCH");
            assertThat(client.executeOrThrow("USE " + dataverse + "; " + OFF + "EXPLAIN " + join).plan()).as(join)
                    .doesNotContain("knn-search");
        }
        for (int q = 0; q < queries; q++) {
            int k = q == queries - 1 ? model.size() + 2 : 1 + random.nextInt(8);
            boolean self = q % 2 == 1;
            assertJoinsAgree(client, dataverse, self ? "Shops" : "Homes", self ? model : outer, "Shops", model, k,
                    againstModel);
        }
        assertJoinsAgree(client, dataverse, "Homes", outer, "Nothing", Map.of(), 3, againstModel);
    }

    /**
     * The join with a tie-breaking key gives the model's ids; without one, each outer record's distances are the
     * model's; each equals the plan without the kNN search.
     */
    private static void assertJoinsAgree(QueryServiceClient client, String dataverse, String outerDataset,
            Map<Long, double[]> outer, String innerDataset, Map<Long, double[]> inner, int k, boolean againstModel) {
        String byId = join(outerDataset, innerDataset, k, true);
        List<JsonNode> answer = client.executeOrThrow("USE " + dataverse + "; " + byId).results();
        assertThat(answer).as(byId).isEqualTo(client.executeOrThrow("USE " + dataverse + "; " + OFF + byId)
                .results());
        String byDistance = join(outerDataset, innerDataset, k, false);
        List<JsonNode> distances = client.executeOrThrow("USE " + dataverse + "; " + byDistance).results();
        assertThat(distances).as(byDistance).isEqualTo(client.executeOrThrow("USE " + dataverse + "; " + OFF
                + byDistance).results());
        assertThat(answer).as("%s: one row per outer record", byId).hasSize(outer.size());
        if (!againstModel) {
            return;
        }
        int row = 0;
        for (Map.Entry<Long, double[]> s : outer.entrySet()) {
            double x = s.getValue()[0];
            double y = s.getValue()[1];
            List<Map.Entry<Long, double[]>> nearest = inner.entrySet().stream()
                    .sorted(Comparator.<Map.Entry<Long, double[]>>comparingDouble(c -> distance(c.getValue(), x, y))
                            .thenComparing(Map.Entry::getKey))
                    .limit(k).toList();
            assertThat(answer.get(row).get("id").asLong()).isEqualTo(s.getKey());
            assertThat(longs(answer.get(row).get("nearest"))).as("%s: the model's, for %d", byId, s.getKey())
                    .isEqualTo(nearest.stream().map(Map.Entry::getKey).toList());
            assertThat(doubles(distances.get(row).get("nearest"))).as("%s: the model's, for %d", byDistance,
                    s.getKey()).isEqualTo(nearest.stream().map(c -> distance(c.getValue(), x, y)).toList());
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

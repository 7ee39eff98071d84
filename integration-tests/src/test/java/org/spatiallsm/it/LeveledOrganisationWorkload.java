package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.ReadCounts;

/**
 * The four index organisations under the leveled policy, on one dataset ({@code Places}): the same point in four
 * fields, each indexed by one organisation (DHB, DHVB, SHB, SIF), so that every query reads exactly one of them.
 * Random inserts, deletes and moving upserts, each round flushed and merged (B0 = 1, B = 2, a small cap), are
 * checked against a model of the points: windows through each organisation find exactly the model's ids, and skip
 * components by key range; kNN through each (its expanding windows) gives the model's nearest points.
 */
final class LeveledOrganisationWorkload extends LeveledWorkload<LeveledOrganisationWorkload.Place> {

    static final String DATASET = "Places";
    /** Each organisation's index, by the field it indexes. */
    static final Map<String, String> INDEXES = Map.of("dhb", "locDhb", "dhvb", "locDhvb", "shb", "locShb", "sif",
            "locSif");

    /** A point of the model, in whole degrees (so that distances order exactly). */
    record Place(long x, long y) {
        long squaredDistance(long toX, long toY) {
            return (x - toX) * (x - toX) + (y - toY) * (y - toY);
        }
    }

    LeveledOrganisationWorkload(QueryServiceClient client, String dataverse) {
        super(client, dataverse, DATASET, "r", 2909);
    }

    /** The dataset on a few records, then the four leveled organisations on them (their bulk loads). */
    void create() {
        createDataverse("CREATE TYPE PlaceType AS { id: int64, dhb: point, dhvb: point, shb: point, sif: point };"
                + " CREATE DATASET " + DATASET + "(PlaceType) PRIMARY KEY id WITH {\"merge-policy\": {\"name\":"
                + " \"no-merge\"}};");
        insert(100);
        run(index("dhb", "DHBTREE", 40) + index("dhvb", "DHVBTREE", 40) + index("shb", "SHBTREE", 40)
                + index("sif", "SIF", 240));
    }

    /** A SIF stores six entries per point, hence its larger cap. */
    private static String index(String field, String type, int cap) {
        return "CREATE INDEX " + INDEXES.get(field) + " ON " + DATASET + "(" + field + ") TYPE " + type
                + " WITH {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": {\"level0-components\": 1,"
                + " \"size-ratio\": 2, \"max-component-entries\": " + cap + "}}};";
    }

    /** One round: new points, deletes, upserts moving others, then a flush and merges. */
    void round() throws InterruptedException {
        insert(60 + random.nextInt(60));
        List<Long> ids = ids();
        Collections.shuffle(ids, random);
        delete(new ArrayList<>(ids.subList(0, 10)));
        upsert(ids.subList(10, 25));
        flushAndMerge();
    }

    @Override
    protected Place newRecord() {
        return new Place(random.nextInt(341) - 170, random.nextInt(161) - 80);
    }

    @Override
    protected String json(long id, Place place) {
        String point = "create_point(" + place.x() + ".0, " + place.y() + ".0)";
        return "{\"id\": " + id + ", \"dhb\": " + point + ", \"dhvb\": " + point + ", \"shb\": " + point
                + ", \"sif\": " + point + "}";
    }

    /** The partitions of each organisation's index, by field. */
    Map<String, List<IndexComponents>> partitions() {
        return Map.of("dhb", partitions(INDEXES.get("dhb")), "dhvb", partitions(INDEXES.get("dhvb")), "shb",
                partitions(INDEXES.get("shb")), "sif", partitions(INDEXES.get("sif")));
    }

    /**
     * Windows (the first at a stored point) through each organisation find exactly the model's ids; every B-tree
     * search of a window opens or skips each component, and the small windows skip some.
     */
    void assertWindowsMatchAndPrune() {
        for (String field : INDEXES.keySet()) {
            String index = INDEXES.get(field);
            assertUses(index, window(field, 0, 0, 10, 10));
            List<IndexComponents> before = partitions(index);
            for (int i = 0; i < 6; i++) {
                // The first window: a 1 x 1 square at a stored point (AsterixDB refuses a degenerate rectangle).
                Place corner = i == 0 ? model.values().iterator().next() : newRecord();
                long width = i == 0 ? 1 : 1 + random.nextInt(30);
                long height = i == 0 ? 1 : 1 + random.nextInt(20);
                String what = field + " window at " + corner + " of " + width + " x " + height;
                assertEachSearchPrunes(index, what, false, () -> assertThat(ids(window(field, corner.x(),
                        corner.y(), corner.x() + width, corner.y() + height))).as(what).isEqualTo(expected(
                                p -> p.x() >= corner.x() && p.x() <= corner.x() + width && p.y() >= corner.y()
                                        && p.y() <= corner.y() + height)));
            }
            assertThat(ids(window(field, -180, -90, 180, 90))).as(field + " whole space")
                    .isEqualTo(expected(p -> true));
            ReadCounts all = reads(partitions(index)).minus(reads(before));
            assertThat(all.componentsSkipped()).as("components the windows of %s skipped", field).isPositive();
        }
    }

    private static String window(String field, long x1, long y1, long x2, long y2) {
        return "spatial_intersect(r." + field + ", create_rectangle(create_point(" + x1 + ".0, " + y1 + ".0),"
                + " create_point(" + x2 + ".0, " + y2 + ".0)))";
    }

    /** kNN through each organisation (its expanding windows) gives the model's nearest points, ties by id. */
    void assertNearestMatch() {
        for (String field : INDEXES.keySet()) {
            Place at = newRecord();
            int k = 7;
            String query = "SELECT VALUE r.id FROM " + DATASET + " r ORDER BY spatial_distance(r." + field
                    + ", create_point(" + at.x() + ".0, " + at.y() + ".0)), r.id LIMIT " + k + ";";
            assertThat(client().executeOrThrow("USE " + dataverse() + "; EXPLAIN " + query).plan())
                    .as("plan of kNN on %s", field).contains("knn-search").contains(INDEXES.get(field));
            List<Long> nearest = client().executeOrThrow("USE " + dataverse() + "; " + query).results().stream()
                    .map(n -> n.asLong()).toList();
            assertThat(nearest).as("%d nearest to %s through %s", k, at, field).isEqualTo(model.entrySet().stream()
                    .sorted(Comparator.comparingLong((Map.Entry<Long, Place> e) -> e.getValue()
                            .squaredDistance(at.x(), at.y())).thenComparing(Map.Entry::getKey))
                    .limit(k).map(Map.Entry::getKey).toList());
        }
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.ReadCounts;

/**
 * A dataset whose primary index is a leveled B-tree ({@code Users}, B0 = 1, B = 2, a cap of 40 entries, so that
 * every round merges and moves), with three secondary indexes beside it: a leveled B-tree ({@code byCity}), a B-tree
 * under a stated stack policy ({@code byAge}, binomial) and an R-tree under AsterixDB's default ({@code byLoc}).
 * Random inserts, deletes and upserts, each round flushed, are checked against a model of the records: a scan of the
 * primary index, and every secondary index read whole and in ranges, find exactly the model's records; a point
 * lookup by primary key, the duplicate check of an INSERT and the lookup of an UPSERT each open at most one
 * component per level &gt;= 1 of a primary index partition besides its level 0.
 */
final class LeveledPrimaryWorkload extends LeveledWorkload<LeveledPrimaryWorkload.User> {

    static final String DATASET = "Users";
    private static final int CITIES = 300;

    /** A record of the model. */
    record User(String city, long age, long x, long y) {
        String json(long id) {
            return "{\"id\": " + id + ", \"city\": \"" + city + "\", \"age\": " + age + ", \"loc\": create_point("
                    + x + ".0, " + y + ".0)}";
        }
    }

    LeveledPrimaryWorkload(QueryServiceClient client, String dataverse) {
        super(client, dataverse, DATASET, "u", 2707);
    }

    /** The dataset with its leveled primary index, and the three secondary indexes, on a few records. */
    void create() {
        createDataverse("CREATE TYPE User AS { id: int64, city: string, age: int64, loc: point };"
                + " CREATE DATASET " + DATASET + "(User) PRIMARY KEY id WITH {\"merge-policy\": {\"name\":"
                + " \"leveled\", \"parameters\": {\"level0-components\": 1, \"size-ratio\": 2,"
                + " \"max-component-entries\": 40}}};");
        insert(80);
        run("CREATE INDEX byCity ON " + DATASET + "(city) TYPE BTREE"
                + " WITH {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": {\"level0-components\": 1,"
                + " \"size-ratio\": 2, \"max-component-entries\": 30}}};"
                + " CREATE INDEX byAge ON " + DATASET + "(age) TYPE BTREE WITH {\"merge-policy\": {\"name\":"
                + " \"binomial\"}}; CREATE INDEX byLoc ON " + DATASET + "(loc) TYPE RTREE;");
    }

    /** One round: {@link #change}, then a flush and the merges it asks for. */
    void round() throws InterruptedException {
        change();
        flushAndMerge();
    }

    /**
     * New records, deletes, upserts of existing, deleted and new keys, and an INSERT of an existing key (refused by
     * the duplicate check), all acknowledged.
     */
    void change() {
        insert(50 + random.nextInt(50));
        List<Long> ids = ids();
        Collections.shuffle(ids, random);
        List<Long> deleted = ids.subList(0, 12);
        delete(deleted);
        List<Long> upserted = new ArrayList<>(ids.subList(12, 30));
        upserted.add(deleted.get(0));
        upserted.add(newId());
        upsert(upserted);
        long existing = ids.get(40);
        QueryResult duplicate = client().execute("USE " + dataverse() + "; INSERT INTO " + DATASET + " (["
                + newRecord().json(existing) + "]);");
        assertThat(duplicate.status()).as("INSERT of existing key %d", existing).isEqualTo("fatal");
        assertThat(duplicate.errors()).singleElement().asString().containsIgnoringCase("duplicate");
    }

    @Override
    protected User newRecord() {
        return new User(String.format("c%03d", random.nextInt(CITIES)), random.nextInt(90), random.nextInt(200),
                random.nextInt(200));
    }

    @Override
    protected String json(long id, User user) {
        return user.json(id);
    }

    /**
     * A scan of the primary index holds exactly the model's records, and each secondary index, read whole and in
     * ranges, finds exactly the model's ids.
     */
    void assertEveryIndexMatches() {
        List<String> scan = client().executeOrThrow("USE " + dataverse() + "; SELECT VALUE [u.id, u.city, u.age,"
                + " get_x(u.loc), get_y(u.loc)] FROM " + DATASET + " u ORDER BY u.id;").results().stream()
                .map(Object::toString).toList();
        assertThat(scan).as("primary scan").isEqualTo(model.entrySet().stream().map(e -> "[" + e.getKey() + ",\""
                + e.getValue().city() + "\"," + e.getValue().age() + "," + e.getValue().x() + ".0,"
                + e.getValue().y() + ".0]").toList());
        assertUses("byCity", "u.city >= \"c000\"");
        assertUses("byAge", "u.age >= 0");
        assertUses("byLoc", "spatial_intersect(u.loc, create_rectangle(create_point(0.0, 0.0),"
                + " create_point(300.0, 300.0)))");
        assertThat(ids("u.city >= \"\"")).as("byCity whole").isEqualTo(expected(u -> true));
        assertThat(ids("u.age >= 0")).as("byAge whole").isEqualTo(expected(u -> true));
        assertThat(ids("spatial_intersect(u.loc, create_rectangle(create_point(-1.0, -1.0),"
                + " create_point(300.0, 300.0)))")).as("byLoc whole").isEqualTo(expected(u -> true));
        for (int i = 0; i < 3; i++) {
            String from = newRecord().city();
            long age = random.nextInt(90);
            long x = random.nextInt(150);
            assertThat(ids("u.city >= \"" + from + "\" AND u.city < \"c200\"")).as("byCity from %s", from)
                    .isEqualTo(expected(u -> u.city().compareTo(from) >= 0 && u.city().compareTo("c200") < 0));
            assertThat(ids("u.age = " + age)).as("byAge = %d", age).isEqualTo(expected(u -> u.age() == age));
            assertThat(ids("spatial_intersect(u.loc, create_rectangle(create_point(" + x + ".0, 20.0),"
                    + " create_point(" + (x + 40) + ".0, 90.0)))")).as("byLoc at %d", x).isEqualTo(expected(
                            u -> u.x() >= x && u.x() <= x + 40 && u.y() >= 20 && u.y() <= 90));
        }
    }

    /**
     * A point lookup by primary key, the duplicate check of an INSERT of an existing key and the lookup of an UPSERT
     * each open at most one component per level &gt;= 1 of each primary index partition besides its level 0 (the
     * bound times the searches), and together they skip components.
     */
    void assertPrimaryKeyLookupsPrune() {
        List<IndexComponents> before = partitions(DATASET);
        assertPointLookupsCanSkip(before);
        List<Long> ids = ids();
        for (int i = 0; i < 6; i++) {
            long id = ids.get(random.nextInt(ids.size()));
            String what;
            Runnable lookup;
            if (i % 3 == 0) {
                what = "lookup of " + id;
                lookup = () -> assertThat(client().executeOrThrow("USE " + dataverse() + "; SELECT VALUE u.city FROM "
                        + DATASET + " u WHERE u.id = " + id + ";").results()).as(what).singleElement().asString()
                        .contains(model.get(id).city());
            } else if (i % 3 == 1) {
                what = "duplicate check of " + id;
                lookup = () -> assertThat(client().execute("USE " + dataverse() + "; INSERT INTO " + DATASET + " (["
                        + newRecord().json(id) + "]);").status()).as(what).isEqualTo("fatal");
            } else {
                what = "upsert of " + id;
                lookup = () -> upsert(List.of(id));
            }
            long searches = assertEachSearchPrunes(DATASET, what, true, lookup).stream()
                    .mapToLong(ReadCounts::searches).sum();
            assertThat(searches).as("searches of the %s", what).isPositive();
        }
        ReadCounts all = reads(partitions(DATASET)).minus(reads(before));
        assertThat(all.componentsSkipped()).as("components the lookups skipped").isPositive();
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.ReadCounts;

/**
 * A leveled secondary B-tree ({@code byCity} on {@code People(city)}, a string key) under random inserts, deletes and
 * upserts, each round flushed, checked against a model of the records: range and point queries through the index
 * find exactly the model's ids, and a point lookup opens at most one component per level &gt;= 1 of each partition
 * besides its level 0. Small parameters (B0 = 1, B = 2, a cap of 30 entries) make every round merge and move.
 */
final class LeveledBTreeWorkload extends LeveledWorkload<String> {

    static final String INDEX = "byCity";
    private static final String DATASET = "People";
    private static final int CITIES = 400;

    LeveledBTreeWorkload(QueryServiceClient client, String dataverse) {
        super(client, dataverse, DATASET, "p", 2727);
    }

    /** Creates the dataset and the leveled index, the index on existing records (a bulk load). */
    void create() {
        createDataverse("CREATE TYPE Person AS { id: int64, city: string };"
                + " CREATE DATASET " + DATASET + "(Person) PRIMARY KEY id WITH {\"merge-policy\": {\"name\":"
                + " \"no-merge\"}};");
        insert(100);
        run("CREATE INDEX " + INDEX + " ON " + DATASET + "(city) TYPE BTREE"
                + " WITH {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": {\"level0-components\": 1,"
                + " \"size-ratio\": 2, \"max-component-entries\": 30}}};");
    }

    /** One round: new records, deletes of some, upserts moving others to another city, then a flush and merges. */
    void round() throws InterruptedException {
        insert(60 + random.nextInt(60));
        List<Long> ids = ids();
        List<Long> deleted = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            deleted.add(ids.get(random.nextInt(ids.size())));
        }
        delete(deleted);
        Collections.shuffle(ids, random);
        upsert(ids.subList(0, 15));
        flushAndMerge();
    }

    @Override
    protected String newRecord() {
        return String.format("c%03d", random.nextInt(CITIES));
    }

    @Override
    protected String json(long id, String city) {
        return "{\"id\": " + id + ", \"city\": \"" + city + "\"}";
    }

    /** The partitions of the leveled index, in partition order. */
    List<IndexComponents> partitions() {
        return partitions(INDEX);
    }

    /** Range queries (closed and open bounds, one side unbounded) through the index find the model's ids. */
    void assertRangesMatch() {
        assertUses(INDEX, "p.city >= \"c100\" AND p.city < \"c200\"");
        for (int i = 0; i < 4; i++) {
            String low = newRecord();
            String high = newRecord();
            if (low.compareTo(high) > 0) {
                String swap = low;
                low = high;
                high = swap;
            }
            String from = low;
            String to = high;
            assertThat(ids("p.city >= \"" + from + "\" AND p.city <= \"" + to + "\""))
                    .as("[%s, %s]", from, to).isEqualTo(expected(c -> c.compareTo(from) >= 0 && c.compareTo(to) <= 0));
            assertThat(ids("p.city > \"" + from + "\" AND p.city < \"" + to + "\""))
                    .as("(%s, %s)", from, to).isEqualTo(expected(c -> c.compareTo(from) > 0 && c.compareTo(to) < 0));
            assertThat(ids("p.city < \"" + from + "\"")).as("below %s", from)
                    .isEqualTo(expected(c -> c.compareTo(from) < 0));
        }
    }

    /**
     * Point lookups through the index find the model's ids, skip components, and open at most one component per
     * level &gt;= 1 of each partition besides its level 0.
     */
    void assertPointLookupsMatchAndPrune() {
        List<IndexComponents> before = partitions();
        assertPointLookupsCanSkip(before);
        int lookups = 9;
        for (int i = 0; i < lookups; i++) {
            String city = i % 3 == 0 ? String.format("c%03d", CITIES + i) : model.values().stream()
                    .skip(random.nextInt(model.size())).findFirst().orElseThrow();
            List<ReadCounts> counts = assertEachSearchPrunes(INDEX, "lookup of " + city, true,
                    () -> assertThat(ids("p.city = \"" + city + "\"")).as("= %s", city)
                            .isEqualTo(expected(city::equals)));
            assertThat(counts).as("searches of each partition").allSatisfy(one -> assertThat(one.searches())
                    .isEqualTo(1));
        }
        ReadCounts all = reads(partitions()).minus(reads(before));
        assertThat(all.componentsSkipped()).as("components the lookups skipped").isPositive();
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.ReadCounts;

/**
 * A leveled secondary B-tree ({@code byCity} on {@code People(city)}, a string key) under random inserts, deletes and
 * upserts, each round flushed, checked against a model of the records: range and point queries through the index
 * find exactly the model's ids, and a point lookup opens at most one component per level &gt;= 1 of each partition
 * besides its level 0. Small parameters (B0 = 1, B = 2, a cap of 30 entries) make every round merge and move.
 */
final class LeveledBTreeWorkload {

    static final String INDEX = "byCity";
    private static final String DATASET = "People";
    private static final int CITIES = 400;

    private QueryServiceClient client;
    private final String dataverse;
    private final Random random = new Random(2727);
    /** The records as they should be: id to city. */
    private final Map<Long, String> model = new TreeMap<>();
    private long nextId;

    LeveledBTreeWorkload(QueryServiceClient client, String dataverse) {
        this.client = client;
        this.dataverse = dataverse;
    }

    /** Creates the dataset and the leveled index, the index on existing records (a bulk load). */
    void create() {
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; CREATE TYPE Person AS { id: int64, city: string };"
                + " CREATE DATASET " + DATASET + "(Person) PRIMARY KEY id WITH {\"merge-policy\": {\"name\":"
                + " \"no-merge\"}};");
        insert(100);
        client.executeOrThrow("USE " + dataverse + "; CREATE INDEX " + INDEX + " ON " + DATASET + "(city) TYPE BTREE"
                + " WITH {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": {\"level0-components\": 1,"
                + " \"size-ratio\": 2, \"max-component-entries\": 30}}};");
    }

    /** Goes on through {@code restarted}, the client of the same cluster after a restart. */
    void reconnect(QueryServiceClient restarted) {
        this.client = restarted;
    }

    /** One round: new records, deletes of some, upserts moving others to another city, then a flush and merges. */
    void round() throws InterruptedException {
        insert(60 + random.nextInt(60));
        List<Long> ids = new ArrayList<>(model.keySet());
        List<Long> deleted = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            deleted.add(ids.get(random.nextInt(ids.size())));
        }
        client.executeOrThrow("USE " + dataverse + "; DELETE FROM " + DATASET + " p WHERE p.id IN " + deleted + ";");
        deleted.forEach(model::remove);
        StringBuilder upserts = new StringBuilder();
        // Each id once: one statement upserting a key twice would leave which one wins to the plan.
        Collections.shuffle(ids, random);
        for (long id : ids.subList(0, 15)) {
            String city = city();
            model.put(id, city);
            upserts.append(upserts.length() == 0 ? "" : ", ").append(record(id, city));
        }
        client.executeOrThrow("USE " + dataverse + "; UPSERT INTO " + DATASET + " ([" + upserts + "]);");
        FlushDriver driver = new FlushDriver(client, dataverse, DATASET);
        driver.flush();
        driver.awaitQuiescence(FlushDriver.MERGE_STALL);
    }

    private void insert(int records) {
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < records; i++) {
            String city = city();
            model.put(nextId, city);
            values.append(i == 0 ? "" : ", ").append(record(nextId++, city));
        }
        client.executeOrThrow("USE " + dataverse + "; INSERT INTO " + DATASET + " ([" + values + "]);");
    }

    private String city() {
        return String.format("c%03d", random.nextInt(CITIES));
    }

    private static String record(long id, String city) {
        return "{\"id\": " + id + ", \"city\": \"" + city + "\"}";
    }

    /** The partitions of the leveled index, in partition order. */
    List<IndexComponents> partitions() {
        return new LsmIntrospectionClient(client, Duration.ofMinutes(2)).components(dataverse, DATASET).stream()
                .filter(p -> p.where().index().equals(INDEX))
                .sorted(Comparator.comparingInt(p -> p.where().partition())).toList();
    }

    /** Range queries (closed and open bounds, one side unbounded) through the index find the model's ids. */
    void assertRangesMatch() {
        assertThat(client.executeOrThrow("USE " + dataverse + "; EXPLAIN SELECT VALUE p.id FROM " + DATASET
                + " p WHERE p.city >= \"c100\" AND p.city < \"c200\";").plan()).contains(INDEX);
        for (int i = 0; i < 4; i++) {
            String low = city();
            String high = city();
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
        long bound = before.stream().mapToLong(LeveledBTreeWorkload::pointLookupBound).sum();
        long components = before.stream().mapToLong(p -> p.components().size()).sum();
        assertThat(bound).as("level 0 and one per deeper level, of %d components", components).isLessThan(components);
        int lookups = 9;
        for (int i = 0; i < lookups; i++) {
            String city = i % 3 == 0 ? String.format("c%03d", CITIES + i) : model.values().stream()
                    .skip(random.nextInt(model.size())).findFirst().orElseThrow();
            List<IndexComponents> ahead = partitions();
            assertThat(ids("p.city = \"" + city + "\"")).as("= %s", city).isEqualTo(expected(city::equals));
            List<IndexComponents> after = partitions();
            assertThat(after.stream().map(IndexComponents::components).toList()).as("no component came or went")
                    .isEqualTo(ahead.stream().map(IndexComponents::components).toList());
            for (int p = 0; p < after.size(); p++) {
                ReadCounts one = after.get(p).reads().orElseThrow().minus(ahead.get(p).reads().orElseThrow());
                assertThat(one.searches()).as("searches of %s", after.get(p).where()).isEqualTo(1);
                assertThat(one.componentsOpened()).as("components one lookup of %s opened in %s", city,
                        after.get(p).where()).isLessThanOrEqualTo(pointLookupBound(ahead.get(p)));
                assertThat(one.componentsOpened() + one.componentsSkipped())
                        .isEqualTo(ahead.get(p).components().size());
            }
        }
        ReadCounts all = reads(partitions()).minus(reads(before));
        assertThat(all.componentsSkipped()).as("components the lookups skipped").isPositive();
    }

    /** Level-0 components, plus one per non-empty level &gt;= 1. */
    static long pointLookupBound(IndexComponents partition) {
        List<Integer> levels = partition.levels().stream().map(OptionalInt::orElseThrow).toList();
        return levels.stream().filter(level -> level == 0).count()
                + levels.stream().filter(level -> level > 0).distinct().count();
    }

    /** The read counts of all {@code partitions} together. */
    static ReadCounts reads(List<IndexComponents> partitions) {
        return partitions.stream().map(p -> p.reads().orElseThrow()).reduce(ReadCounts.NONE, ReadCounts::plus);
    }

    private List<Long> ids(String condition) {
        return client.executeOrThrow("USE " + dataverse + "; SELECT VALUE p.id FROM " + DATASET + " p WHERE "
                + condition + " ORDER BY p.id;").results().stream().map(n -> n.asLong()).toList();
    }

    private List<Long> expected(Predicate<String> city) {
        return model.entrySet().stream().filter(e -> city.test(e.getValue())).map(Map.Entry::getKey).toList();
    }
}

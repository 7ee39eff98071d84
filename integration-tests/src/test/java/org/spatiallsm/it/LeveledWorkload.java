package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.ReadCounts;

/**
 * What the workloads of the leveled B-trees share: one dataset keyed by an int64 {@code id}, a model of its records
 * (id to record), the statements that change both alike (inserts, deletes, upserts, each flushed and merged), the
 * queries that read ids back, and the check of what one lookup opened in each partition of an index.
 *
 * @param <R> a record of the model, without its id
 */
abstract class LeveledWorkload<R> {

    private QueryServiceClient client;
    private final String dataverse;
    private final String dataset;
    private final String alias;
    protected final Random random;
    /** The records as they should be, by id. */
    protected final Map<Long, R> model = new TreeMap<>();
    private long nextId;

    /** @param alias the variable of the dataset in every query ({@link #ids}'s conditions use it) */
    LeveledWorkload(QueryServiceClient client, String dataverse, String dataset, String alias, long seed) {
        this.client = client;
        this.dataverse = dataverse;
        this.dataset = dataset;
        this.alias = alias;
        this.random = new Random(seed);
    }

    /** A new random record. */
    protected abstract R newRecord();

    /** The record's ADM text with its {@code id}. */
    protected abstract String json(long id, R record);

    /** Goes on through {@code restarted}, the client of the same cluster after a restart. */
    final void reconnect(QueryServiceClient restarted) {
        this.client = restarted;
    }

    protected final QueryServiceClient client() {
        return client;
    }

    protected final String dataverse() {
        return dataverse;
    }

    /** Runs {@code statements} in the dataverse, each acknowledged. */
    protected final void run(String statements) {
        client.executeOrThrow("USE " + dataverse + "; " + statements);
    }

    /** Drops and creates the dataverse, with {@code statements} after it (types, the dataset, indexes). */
    protected final void createDataverse(String statements) {
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; " + statements);
    }

    /** A new id, never used before. */
    protected final long newId() {
        return nextId++;
    }

    protected final void insert(int records) {
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < records; i++) {
            R record = newRecord();
            long id = newId();
            model.put(id, record);
            values.append(i == 0 ? "" : ", ").append(json(id, record));
        }
        run("INSERT INTO " + dataset + " ([" + values + "]);");
    }

    protected final void delete(List<Long> ids) {
        run("DELETE FROM " + dataset + " " + alias + " WHERE " + alias + ".id IN " + ids + ";");
        ids.forEach(model::remove);
    }

    /**
     * Upserts a new record under each of {@code ids}, each once (one statement upserting a key twice would leave which
     * one wins to the plan).
     */
    protected final void upsert(List<Long> ids) {
        StringBuilder upserts = new StringBuilder();
        for (long id : ids) {
            R record = newRecord();
            model.put(id, record);
            upserts.append(upserts.length() == 0 ? "" : ", ").append(json(id, record));
        }
        run("UPSERT INTO " + dataset + " ([" + upserts + "]);");
    }

    /** A flush of the dataset, then the merges it asks for. */
    protected final void flushAndMerge() throws InterruptedException {
        FlushDriver driver = new FlushDriver(client, dataverse, dataset);
        driver.flush();
        driver.awaitQuiescence(FlushDriver.MERGE_STALL);
    }

    /** The ids in the model, in id order. */
    protected final List<Long> ids() {
        return new ArrayList<>(model.keySet());
    }

    /** The partitions of {@code index}, in partition order. */
    final List<IndexComponents> partitions(String index) {
        return new LsmIntrospectionClient(client, Duration.ofMinutes(2)).components(dataverse, dataset).stream()
                .filter(p -> p.where().index().equals(index))
                .sorted(Comparator.comparingInt(p -> p.where().partition())).toList();
    }

    /** The ids a query with {@code condition} (on the alias) finds, in id order. */
    protected final List<Long> ids(String condition) {
        return client.executeOrThrow("USE " + dataverse + "; SELECT VALUE " + alias + ".id FROM " + dataset + " "
                + alias + " WHERE " + condition + " ORDER BY " + alias + ".id;").results().stream()
                .map(n -> n.asLong()).toList();
    }

    /** The model's ids whose record passes {@code record}, in id order. */
    protected final List<Long> expected(Predicate<R> record) {
        return model.entrySet().stream().filter(e -> record.test(e.getValue())).map(Map.Entry::getKey).toList();
    }

    /** Whether a query with {@code condition} reads {@code index}. */
    protected final void assertUses(String index, String condition) {
        assertThat(client.executeOrThrow("USE " + dataverse + "; EXPLAIN SELECT VALUE " + alias + ".id FROM "
                + dataset + " " + alias + " WHERE " + condition + ";").plan()).as("plan of %s", condition)
                .contains(index);
    }

    /**
     * Runs {@code lookup} and checks each partition of {@code index}: no component came or went, every search of it
     * opened or skipped each component, and, for point lookups, opened at most one component per level &gt;= 1
     * besides its level 0. Answers what each partition counted.
     */
    protected final List<ReadCounts> assertEachSearchPrunes(String index, String what, boolean pointLookup,
            Runnable lookup) {
        List<IndexComponents> ahead = partitions(index);
        lookup.run();
        List<IndexComponents> after = partitions(index);
        assertThat(after.stream().map(IndexComponents::components).toList()).as("no component came or went")
                .isEqualTo(ahead.stream().map(IndexComponents::components).toList());
        List<ReadCounts> counts = new ArrayList<>();
        for (int p = 0; p < after.size(); p++) {
            ReadCounts one = after.get(p).reads().orElseThrow().minus(ahead.get(p).reads().orElseThrow());
            if (pointLookup) {
                assertThat(one.componentsOpened()).as("components the %s opened in %s", what, after.get(p).where())
                        .isLessThanOrEqualTo(pointLookupBound(ahead.get(p)) * one.searches());
            }
            assertThat(one.componentsOpened() + one.componentsSkipped()).as("%s in %s", what, after.get(p).where())
                    .isEqualTo(ahead.get(p).components().size() * one.searches());
            counts.add(one);
        }
        return counts;
    }

    /** Both partitions of an index (the test cluster's two) have a component at a level &gt;= 1: merges ran. */
    static void assertMergedIntoLevels(List<IndexComponents> partitions) {
        assertThat(partitions).hasSize(2).allSatisfy(partition -> assertThat(partition.levels())
                .as("levels of %s", partition.where())
                .anySatisfy(level -> assertThat(level.orElseThrow()).isPositive()));
    }

    /** Level-0 components, plus one per non-empty level &gt;= 1. */
    static long pointLookupBound(IndexComponents partition) {
        List<Integer> levels = partition.levels().stream().map(OptionalInt::orElseThrow).toList();
        return levels.stream().filter(level -> level == 0).count()
                + levels.stream().filter(level -> level > 0).distinct().count();
    }

    /** Checks that point lookups can skip something: level 0 and one per deeper level is fewer than all. */
    static void assertPointLookupsCanSkip(List<IndexComponents> partitions) {
        long bound = partitions.stream().mapToLong(LeveledWorkload::pointLookupBound).sum();
        long components = partitions.stream().mapToLong(p -> p.components().size()).sum();
        assertThat(bound).as("level 0 and one per deeper level, of %d components", components).isLessThan(components);
    }

    /** The read counts of all {@code partitions} together. */
    static ReadCounts reads(List<IndexComponents> partitions) {
        return partitions.stream().map(p -> p.reads().orElseThrow()).reduce(ReadCounts.NONE, ReadCounts::plus);
    }
}

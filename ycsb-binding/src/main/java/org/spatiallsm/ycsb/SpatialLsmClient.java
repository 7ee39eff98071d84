package org.spatiallsm.ycsb;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;

import org.spatiallsm.client.QueryFailedException;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.QueryServiceUnavailableException;
import org.spatiallsm.load.Catalog;
import org.spatiallsm.load.HttpBatchSink;
import org.spatiallsm.load.LoadException;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;

import com.fasterxml.jackson.databind.JsonNode;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;

/**
 * YCSB binding for spatial-lsm (AsterixDB 0.9.8): inserts go through a socket feed (or batched INSERT/UPSERT over
 * HTTP), reads, scans, updates and deletes through the HTTP query service. With {@code spatiallsm.record=spatial}
 * (Mao's record) or {@code tweet} (Kim's tweet) a record carries a point and a read is a spatial range count of
 * selectivity 10^-sigma centred on the point of the record YCSB chose, as in Mao's study. Properties: docs/ycsb.md.
 */
public final class SpatialLsmClient extends DB {

    private static final Set<String> PREPARED_DATASETS = new HashSet<>();
    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final Set<String> REPORTED_ERRORS = new HashSet<>();
    private static final int MAX_REPORTED_ERRORS = 10;
    private static final Duration FEED_VISIBILITY_PATIENCE = Duration.ofSeconds(10);
    private static final Duration VISIBILITY_POLL = Duration.ofMillis(100);

    private BindingConfig config;
    private QueryServiceClient client;
    private StoredRecords records;
    private SpatialRecords spatial;
    private SharedFeed feed;
    /** Inserts as INSERT/UPSERT statements, when the feed is disabled. */
    private WriteBatch<String> httpInserts;
    private WriteBatch<Update> updates;
    private SplittableRandom random;

    /** One update: the fields YCSB rewrites in the record of {@code key}, as SQL++ values. */
    private record Update(String key, Map<String, String> fields) {
    }

    @Override
    public void init() throws DBException {
        try {
            config = BindingConfig.from(getProperties());
            client = new QueryServiceClient(config.endpoint());
            if (config.kind().spatial()) {
                spatial = new SpatialRecords(new RecordGenerator(PointDistributions.create(config.distribution(),
                        config.distributionParameters(), config.seed()), RecordShapes.named(config.kind().shape()),
                        config.seed()), config.kind().updatedField());
                records = spatial;
            } else {
                records = new UsertableRecords();
            }
            random = new SplittableRandom(config.seed() * 31 + THREADS.incrementAndGet());
            Catalog catalog = new Catalog(client);
            String typeName = prepareDataset(catalog);
            if (config.feed()) {
                feed = SharedFeed.acquire(config, catalog, typeName);
            } else {
                httpInserts = new WriteBatch<>(config.insertBatch(), batch -> client.executeOrThrow(HttpBatchSink
                        .statement(config.dataset(), config.mode(), batch)), new MeasuredOutcomes("BATCHED-INSERT"));
            }
            updates = new WriteBatch<>(config.updateBatch(), this::upsert, new MeasuredOutcomes("BATCHED-UPDATE"));
        } catch (IllegalArgumentException e) {
            exit(2, e.getMessage());
        } catch (QueryServiceUnavailableException e) {
            exit(3, e.getMessage());
        } catch (QueryFailedException | LoadException e) {
            exit(1, e.getMessage());
        }
    }

    /**
     * YCSB 0.17 only prints a stack trace when a binding fails to start and then reports success: say what is wrong
     * in one line and stop with a non-zero status instead.
     */
    private static void exit(int status, String message) {
        System.err.println("error: " + message);
        System.exit(status);
    }

    /** Creates the dataset once per process (when db.create) or checks that it can hold the records. */
    private String prepareDataset(Catalog catalog) {
        synchronized (PREPARED_DATASETS) {
            var type = catalog.datasetType(config.dataset());
            if (type.isEmpty()) {
                if (!config.create()) {
                    throw new LoadException("dataset " + config.dataset() + " does not exist (set db.create=true to "
                            + "create it)");
                }
                client.executeOrThrow(records.createStatements(config.dataset(), config.with()));
                type = catalog.datasetType(config.dataset());
            } else if (PREPARED_DATASETS.add(config.dataset().toString())) {
                List<String> problems = records.problems(type.get());
                if (!problems.isEmpty()) {
                    throw new LoadException("dataset " + config.dataset() + " cannot hold " + config.kind()
                            .propertyValue() + " records: " + String.join("; ", problems));
                }
            }
            PREPARED_DATASETS.add(config.dataset().toString());
            return type.orElseThrow().typeName();
        }
    }

    @Override
    public void cleanup() throws DBException {
        Exception failure = null;
        try {
            flushWrites();
        } catch (IOException | RuntimeException e) {
            failure = e;
        }
        // Released even when the flush failed: a feed left running blocks every DDL on its dataset.
        if (feed != null) {
            try {
                feed.release(System.err);
            } catch (IOException | RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw new DBException("spatial-lsm: " + failure.getMessage(), failure);
        }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        try {
            flushWrites();
            if (config.rangeReads()) {
                double sigma = config.sigmas().get(random.nextInt(config.sigmas().size()));
                // The window is centred on an inserted record, so it can only be empty if that record is missing.
                long count = awaitFound(spatial.rangeCount(config.dataset(), key, sigma),
                        results -> results.get(0).asLong() > 0).get(0).asLong();
                result.put("count", new StringByteIterator(Long.toString(count)));
                return count > 0 ? Status.OK : Status.NOT_FOUND;
            }
            List<JsonNode> found = awaitFound("SELECT VALUE t FROM " + config.dataset().sql() + " AS t WHERE "
                    + keyEquals(key) + ";", results -> !results.isEmpty());
            if (found.isEmpty()) {
                return Status.NOT_FOUND;
            }
            records.read(found.get(0), fields, result);
            return Status.OK;
        } catch (IOException | RuntimeException e) {
            return error("read", e);
        }
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
            Vector<HashMap<String, ByteIterator>> result) {
        try {
            flushWrites();
            String key = "t." + Sqlpp.identifier(records.keyField());
            for (JsonNode record : client.executeOrThrow("SELECT VALUE t FROM " + config.dataset().sql() + " AS t "
                    + "WHERE " + key + " >= " + records.keyLiteral(startkey) + " ORDER BY " + key + " LIMIT "
                    + recordcount + ";").results()) {
                HashMap<String, ByteIterator> values = new HashMap<>();
                records.read(record, fields, values);
                result.add(values);
            }
            return Status.OK;
        } catch (IOException | RuntimeException e) {
            return error("scan", e);
        }
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
        try {
            return updates.add(new Update(key, records.updatedFields(values)), e -> error("update", e));
        } catch (RuntimeException e) {
            return error("update", e);
        }
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        try {
            String record = records.insertText(key, values);
            if (feed == null) {
                return httpInserts.add(record, e -> error("insert", e));
            }
            feed.write(record);
            return Status.OK;
        } catch (IOException | RuntimeException e) {
            return error("insert", e);
        }
    }

    @Override
    public Status delete(String table, String key) {
        try {
            flushWrites();
            client.executeOrThrow("DELETE FROM " + config.dataset().sql() + " AS t WHERE " + keyEquals(key) + ";");
            return Status.OK;
        } catch (IOException | RuntimeException e) {
            return error("delete", e);
        }
    }

    /**
     * Runs a read's query; while it finds nothing and this process inserts through the feed, runs it again until
     * {@link #FEED_VISIBILITY_PATIENCE} has passed: a feed makes a record visible only some time (about a second)
     * after it was sent, and YCSB reads any key whose insert returned, so a read must not call it missing meanwhile.
     */
    private List<JsonNode> awaitFound(String query, Predicate<List<JsonNode>> found) {
        long deadline = System.nanoTime() + FEED_VISIBILITY_PATIENCE.toNanos();
        List<JsonNode> results = client.executeOrThrow(query).results();
        while (!found.test(results) && feed != null && System.nanoTime() < deadline) {
            LockSupport.parkNanos(VISIBILITY_POLL.toNanos());
            results = client.executeOrThrow(query).results();
        }
        return results;
    }

    private String keyEquals(String key) {
        return "t." + Sqlpp.identifier(records.keyField()) + " = " + records.keyLiteral(key);
    }

    /**
     * Writes buffered inserts and updates, so that what this thread wrote is visible to what it reads next. A batch
     * that fails is counted against its own writes (see {@link WriteBatch}), not against the caller.
     */
    private void flushWrites() throws IOException {
        if (feed != null) {
            feed.flush();
        }
        if (httpInserts != null) {
            httpInserts.flush();
        }
        updates.flush();
    }

    /**
     * One UPSERT for a batch of updates: each key's stored record with its updated fields replaced (AsterixDB 0.9.8
     * has no UPDATE statement). A later update of a key in the same batch adds to (or overrides) the earlier one's
     * fields.
     */
    private void upsert(List<Update> batch) {
        Map<String, Map<String, String>> fieldsByKey = new LinkedHashMap<>();
        batch.forEach(update -> fieldsByKey.computeIfAbsent(update.key(), k -> new LinkedHashMap<>())
                .putAll(update.fields()));
        List<String> selects = new ArrayList<>();
        fieldsByKey.forEach((key, fields) -> {
            String record = "t";
            for (Map.Entry<String, String> field : fields.entrySet()) {
                record = "object_put(" + record + ", " + Sqlpp.string(field.getKey()) + ", " + field.getValue() + ")";
            }
            selects.add("SELECT VALUE " + record + " FROM " + config.dataset().sql() + " AS t WHERE "
                    + keyEquals(key));
        });
        client.executeOrThrow("UPSERT INTO " + config.dataset().sql() + " (" + String.join(" UNION ALL ", selects)
                + ");");
    }

    /**
     * Reports each write of a batch to YCSB under {@code operation} (e.g. {@code [BATCHED-UPDATE], Return=OK, n}),
     * with the batch statement's latency, as YCSB reports an operation it times itself.
     */
    private record MeasuredOutcomes(String operation) implements WriteBatch.Outcomes {

        @Override
        public void stored(int writes, long micros) {
            report(writes, micros, Status.OK, operation);
        }

        @Override
        public void lost(int writes, long micros, RuntimeException cause) {
            error(operation.toLowerCase(Locale.ROOT) + " of " + writes + " writes", cause);
            report(writes, micros, Status.ERROR, operation + "-FAILED");
        }

        private void report(int writes, long micros, Status status, String latencyName) {
            Measurements measurements = Measurements.getMeasurements();
            for (int i = 0; i < writes; i++) {
                measurements.measure(latencyName, (int) Math.min(Integer.MAX_VALUE, micros));
                measurements.reportStatus(operation, status);
            }
        }
    }

    /** YCSB counts the error; the first few distinct messages are printed so that the cause is not lost. */
    private static Status error(String operation, Exception e) {
        String message = operation + " failed: " + e.getMessage();
        synchronized (REPORTED_ERRORS) {
            if (REPORTED_ERRORS.size() < MAX_REPORTED_ERRORS && REPORTED_ERRORS.add(message)) {
                System.err.println("[spatial-lsm] " + message);
            }
        }
        return Status.ERROR;
    }
}

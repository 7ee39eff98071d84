package org.spatiallsm.ycsb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicInteger;

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

    private BindingConfig config;
    private QueryServiceClient client;
    private StoredRecords records;
    private SpatialRecords spatial;
    private SharedFeed feed;
    private HttpBatchSink httpInserts;
    /** Buffered updates by key; a later update of the same key adds to (or overrides) the earlier one's fields. */
    private final Map<String, Map<String, String>> pendingUpdates = new LinkedHashMap<>();
    private SplittableRandom random;

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
                httpInserts = new HttpBatchSink(client, config.dataset(), config.mode(), config.insertBatch());
            }
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
        try {
            flushWrites();
            if (feed != null) {
                feed.release(System.err);
            }
        } catch (IOException | RuntimeException e) {
            throw new DBException("spatial-lsm: " + e.getMessage(), e);
        }
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        try {
            flushWrites();
            if (config.rangeReads()) {
                double sigma = config.sigmas().get(random.nextInt(config.sigmas().size()));
                long count = client.executeOrThrow(spatial.rangeCount(config.dataset(), key, sigma)).results().get(0)
                        .asLong();
                result.put("count", new StringByteIterator(Long.toString(count)));
                // The window is centred on an inserted record, so it can only be empty if that record is missing.
                return count > 0 ? Status.OK : Status.NOT_FOUND;
            }
            List<JsonNode> found = client.executeOrThrow("SELECT VALUE t FROM " + config.dataset().sql() + " AS t "
                    + "WHERE " + keyEquals(key) + ";").results();
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
            pendingUpdates.computeIfAbsent(key, k -> new LinkedHashMap<>()).putAll(records.updatedFields(values));
            if (pendingUpdates.size() >= config.updateBatch()) {
                flushUpdates();
            }
            return Status.OK;
        } catch (RuntimeException e) {
            pendingUpdates.clear();
            return error("update", e);
        }
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        try {
            String record = records.insertText(key, values);
            if (feed != null) {
                feed.write(record);
            } else {
                httpInserts.write(record);
            }
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

    private String keyEquals(String key) {
        return "t." + Sqlpp.identifier(records.keyField()) + " = " + records.keyLiteral(key);
    }

    /** Writes buffered inserts and updates, so that what this thread wrote is visible to what it reads next. */
    private void flushWrites() throws IOException {
        if (feed != null) {
            feed.flush();
        }
        if (httpInserts != null) {
            httpInserts.flush();
        }
        flushUpdates();
    }

    /**
     * One UPSERT for all buffered updates: each key's stored record with its updated fields replaced (AsterixDB
     * 0.9.8 has no UPDATE statement).
     */
    private void flushUpdates() {
        if (pendingUpdates.isEmpty()) {
            return;
        }
        List<String> selects = new ArrayList<>();
        pendingUpdates.forEach((key, fields) -> {
            String record = "t";
            for (Map.Entry<String, String> field : fields.entrySet()) {
                record = "object_put(" + record + ", " + Sqlpp.string(field.getKey()) + ", " + field.getValue() + ")";
            }
            selects.add("SELECT VALUE " + record + " FROM " + config.dataset().sql() + " AS t WHERE "
                    + keyEquals(key));
        });
        pendingUpdates.clear();
        client.executeOrThrow("UPSERT INTO " + config.dataset().sql() + " (" + String.join(" UNION ALL ", selects)
                + ");");
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

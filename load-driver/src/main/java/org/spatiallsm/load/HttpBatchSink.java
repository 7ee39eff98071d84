package org.spatiallsm.load;

import java.util.ArrayList;
import java.util.List;

import org.spatiallsm.client.QueryServiceClient;

/**
 * Records as batched {@code INSERT INTO ds ([...])} (or UPSERT) statements over HTTP: each batch is one compiled
 * job, so larger batches amortise compilation. ADM record text is valid SQL++, so records need no translation.
 */
public final class HttpBatchSink implements RecordSink {

    private final QueryServiceClient client;
    private final DatasetName dataset;
    private final FeedMode mode;
    private final int batchSize;
    private final List<String> batch = new ArrayList<>();

    public HttpBatchSink(QueryServiceClient client, DatasetName dataset, FeedMode mode, int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be >= 1, got " + batchSize);
        }
        this.client = client;
        this.dataset = dataset;
        this.mode = mode;
        this.batchSize = batchSize;
    }

    @Override
    public void write(String record) {
        batch.add(record);
        if (batch.size() >= batchSize) {
            flush();
        }
    }

    /** Sends the pending records now; a failed statement throws with AsterixDB's message. */
    public void flush() {
        if (batch.isEmpty()) {
            return;
        }
        client.executeOrThrow(statement(dataset, mode, batch));
        batch.clear();
    }

    /** One {@code INSERT INTO ds ([...]);} (or UPSERT) of the records' ADM text. */
    public static String statement(DatasetName dataset, FeedMode mode, List<String> records) {
        return mode.keyword() + " INTO " + dataset.sql() + " ([" + String.join(",\n", records) + "]);";
    }

    @Override
    public void close() {
        flush();
    }
}

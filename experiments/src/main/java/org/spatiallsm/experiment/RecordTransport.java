package org.spatiallsm.experiment;

import java.util.function.LongFunction;

import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.FeedMode;
import org.spatiallsm.load.HttpBatchSink;

/**
 * How the harness sends generated records to a dataset: through one socket feed into it (the fast path; the feed is
 * dropped afterwards, since no DDL runs on a dataset while a feed into it does), or as INSERT statements of
 * {@code batch} records each (stock AsterixDB has no spatial-lsm feed adapter).
 *
 * @param feed  the socket feed, else INSERT statements
 * @param batch records per INSERT statement
 */
public record RecordTransport(boolean feed, int batch) {

    /** What a caller does with the records it is given a way to send. */
    @FunctionalInterface
    public interface Loading {
        void load(ConfigurationRun.RangeInsert insert) throws Exception;
    }

    /**
     * Runs {@code loading} with records sent this way.
     *
     * @param typeName the dataset's record type
     * @param keyField its int64 primary key, which a record's number becomes
     * @param record   the ADM text of record {@code n}, one line
     */
    public void with(ClusterSession cluster, DatasetName dataset, String typeName, String keyField,
            LongFunction<String> record, Loading loading) throws Exception {
        if (feed) {
            try (FeedInsert insert = FeedInsert.start(cluster, dataset, typeName, keyField, record)) {
                loading.load(insert);
            }
        } else {
            loading.load((first, end) -> {
                try (HttpBatchSink sink = new HttpBatchSink(cluster.client(), dataset, FeedMode.INSERT, batch)) {
                    for (long id = first; id < end; id++) {
                        sink.write(record.apply(id));
                    }
                }
            });
        }
    }

    /** Records {@code 0 .. count - 1} at once, all stored when it returns (no flush); returns the seconds taken. */
    public double loadAll(ClusterSession cluster, DatasetName dataset, String typeName, String keyField,
            LongFunction<String> record, long count) throws Exception {
        long start = System.nanoTime();
        with(cluster, dataset, typeName, keyField, record, insert -> {
            insert.insert(0, count);
            insert.awaitStored(0, count);
        });
        return (System.nanoTime() - start) / 1e9;
    }
}

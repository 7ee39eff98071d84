package org.spatiallsm.experiment;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.function.LongFunction;

import org.spatiallsm.load.Catalog;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.FeedMode;
import org.spatiallsm.load.SocketFeed;
import org.spatiallsm.load.SocketSink;

/**
 * A configuration's records through one socket feed into its dataset: the records of a range are written to the
 * feed's socket, and before each flush {@link #awaitStored} waits until the dataset holds the whole share, so that
 * flushes stay equal. The check counts the share's keys, a range search of the primary index, never a scan.
 */
public final class FeedInsert implements ConfigurationRun.RangeInsert, Closeable {

    private static final Duration CONNECT_PATIENCE = Duration.ofSeconds(60);
    private static final Duration FIRST_POLL = Duration.ofMillis(20);
    private static final Duration LONGEST_POLL = Duration.ofMillis(500);

    private final Catalog catalog;
    private final DatasetName dataset;
    private final String keyField;
    private final LongFunction<String> record;
    private final SocketFeed feed;
    private SocketSink sink;

    private FeedInsert(Catalog catalog, DatasetName dataset, String keyField, LongFunction<String> record,
            SocketFeed feed) {
        this.catalog = catalog;
        this.dataset = dataset;
        this.keyField = keyField;
        this.record = record;
        this.feed = feed;
    }

    /**
     * Creates an insert feed on the dataset (its indexes must exist: no DDL runs on a dataset while a feed into it
     * does), listening on a free port of the first node controller, and starts it.
     *
     * @param typeName the dataset's record type
     * @param keyField the int64 primary key, which a record's number becomes
     * @param record   the ADM text of record {@code n}, one line
     */
    public static FeedInsert start(ClusterSession cluster, DatasetName dataset, String typeName, String keyField,
            LongFunction<String> record) {
        String host = cluster.lsm().nodes().get(0).api().getHost();
        Catalog catalog = new Catalog(cluster.client());
        SocketFeed feed = new SocketFeed(catalog, dataset, dataset.dataset() + "Feed", host, 0, FeedMode.INSERT);
        FeedInsert insert = new FeedInsert(catalog, dataset, keyField, record, feed);
        try {
            feed.prepare(typeName);
            feed.start();
            insert.sink = SocketSink.connect(host, feed.port(), CONNECT_PATIENCE);
        } catch (RuntimeException e) {
            feed.release(true);
            throw e;
        }
        return insert;
    }

    @Override
    public void insert(long first, long end) throws IOException {
        for (long n = first; n < end; n++) {
            sink.write(record.apply(n));
        }
        sink.flush();
    }

    /**
     * Waits until the dataset holds every record of {@code first .. end - 1}: they have passed the feed's pipeline
     * and are in the memory component, ready for the flush. Gives up after {@link ClusterSession#LSM_TIMEOUT}.
     */
    @Override
    public void awaitStored(long first, long end) throws InterruptedException {
        long deadline = System.nanoTime() + ClusterSession.LSM_TIMEOUT.toNanos();
        long pollMillis = FIRST_POLL.toMillis();
        long stored;
        while ((stored = catalog.countIds(dataset, keyField, first, end)) < end - first) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the feed into " + dataset + " delivered only " + stored + " of the "
                        + (end - first) + " records " + first + " to " + (end - 1) + " within "
                        + ClusterSession.LSM_TIMEOUT.toMinutes() + " min (see the node controllers' logs)");
            }
            Thread.sleep(pollMillis);
            pollMillis = Math.min(LONGEST_POLL.toMillis(), pollMillis * 2);
        }
    }

    /** Closes the socket and drops the feed; call it after the last {@link #awaitStored}, or nothing is lost late. */
    @Override
    public void close() throws IOException {
        try {
            if (sink != null) {
                sink.close();
            }
        } finally {
            feed.release(true);
        }
    }
}

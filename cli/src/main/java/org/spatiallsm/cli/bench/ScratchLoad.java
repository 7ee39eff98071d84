package org.spatiallsm.cli.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

import org.spatiallsm.cli.FeedOptions;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.FeedMode;
import org.spatiallsm.load.GeneratedRecords;
import org.spatiallsm.load.LoadException;
import org.spatiallsm.load.LoadReport;
import org.spatiallsm.load.Loader;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShape;

/**
 * The load of a bench's scratch dataset: generated records through a socket feed (or HTTP INSERT batches), checked
 * (all of them arrived, a few read back equal), then the feed gone, since DDL on the dataset needs that (the loader
 * drops a feed on a port it picked itself; a feed at a given {@code --feed-address} is kept by the loader and dropped
 * here). Stock AsterixDB 0.9.8 lacks spatial-lsm's feed adapter: it is loaded by HTTP.
 */
final class ScratchLoad {

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(10);
    private static final int CONTENT_CHECKS = 5;

    private ScratchLoad() {
    }

    /** Loads records {@code 0 .. records - 1} of {@code generator} into {@code dataset}; returns the seconds taken. */
    static double load(QueryServiceClient client, DatasetName dataset, RecordShape shape, RecordGenerator generator,
            long records, FeedOptions feed, String with, PrintStream progress) {
        return load(client, dataset, shape, generator, records, Loader.Transport.FEED, feed, with, progress);
    }

    /** The same, through {@code transport}. */
    static double load(QueryServiceClient client, DatasetName dataset, RecordShape shape, RecordGenerator generator,
            long records, Loader.Transport transport, FeedOptions feed, String with, PrintStream progress) {
        Loader.Options options = new Loader.Options(dataset, transport, FeedMode.INSERT, null,
                feed.host(), feed.port(), 1000, 0, false, with, false, feed.stallTimeout(),
                CONTENT_CHECKS, FeedOptions.clusterDataDir(), PROGRESS_INTERVAL);
        LoadReport report;
        try {
            report = new Loader(client, progress, false).load(new GeneratedRecords(generator, 0, records), shape,
                    options);
        } catch (IOException e) {
            throw new LoadException("the feed into " + dataset + " failed: " + e.getMessage(), e);
        }
        if (!report.verified()) {
            throw new LoadException(String.format(Locale.ROOT, "the feed delivered %,d of %,d records%s",
                    report.found(), report.expected(), report.contentProblems().isEmpty() ? ""
                            : "; " + report.contentProblems().get(0)));
        }
        if (transport == Loader.Transport.FEED && feed.port() != 0) {
            String feedName = Sqlpp.identifier(options.effectiveFeedName());
            client.executeOrThrow("USE " + Sqlpp.identifier(dataset.dataverse()) + "; DISCONNECT FEED " + feedName
                    + " FROM DATASET " + Sqlpp.identifier(dataset.dataset()) + "; DROP FEED " + feedName + ";");
        }
        return report.totalTime().toNanos() / 1e9;
    }
}

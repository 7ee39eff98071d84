package org.spatiallsm.load;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.Value;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Streams records into a dataset through a socket feed or HTTP INSERT batches, at full speed or a target rate, with
 * live progress, and verifies afterwards that the dataset holds them.
 */
public final class Loader {

    /** How records travel to the cluster. */
    public enum Transport {
        FEED, HTTP;

        @Override
        public String toString() {
            return this == FEED ? "socket feed" : "HTTP INSERT batches";
        }
    }

    /**
     * @param feedName       the feed to use or create; null for {@code <dataset>Feed}
     * @param batchSize      records per INSERT statement (HTTP only)
     * @param rate           target records per second; 0 for full speed
     * @param create         create the dataset (closed type from the shape) if it does not exist
     * @param with           WITH clause for a created dataset (e.g. its merge policy), or null
     * @param rtree          create an R-tree on the point field of a created dataset
     * @param indexWith      WITH clause of that R-tree (its own merge policy, comparator), or null
     * @param stallTimeout   how long the feed may take in nothing before the load gives up waiting for it
     * @param contentChecks  how many generated records to read back and compare
     * @param clusterDataDir where relative NC storage paths start (to read failed-record logs), or null
     */
    public record Options(DatasetName dataset, Transport transport, FeedMode mode, String feedName, String feedHost,
            int feedPort, int batchSize, double rate, boolean create, String with, boolean rtree, String indexWith,
            Duration stallTimeout, int contentChecks, Path clusterDataDir, Duration progressInterval) {

        /** Options whose created R-tree, if any, is a plain one. */
        public Options(DatasetName dataset, Transport transport, FeedMode mode, String feedName, String feedHost,
                int feedPort, int batchSize, double rate, boolean create, String with, boolean rtree,
                Duration stallTimeout, int contentChecks, Path clusterDataDir, Duration progressInterval) {
            this(dataset, transport, mode, feedName, feedHost, feedPort, batchSize, rate, create, with, rtree, null,
                    stallTimeout, contentChecks, clusterDataDir, progressInterval);
        }

        public String effectiveFeedName() {
            return feedName != null ? feedName : dataset.dataset() + "Feed";
        }
    }

    private final QueryServiceClient client;
    private final Catalog catalog;
    private final PrintStream log;
    private final boolean terminal;

    /**
     * @param log      where progress and notes go (standard error for the command line)
     * @param terminal whether {@code log} is a terminal, so progress can rewrite its line
     */
    public Loader(QueryServiceClient client, PrintStream log, boolean terminal) {
        this.client = client;
        this.catalog = new Catalog(client);
        this.log = log;
        this.terminal = terminal;
    }

    /**
     * @param shape the records' shape: checked against the dataset, used to create it, and (for generated records)
     *              to read records back; null for a file of unknown shape, which is then only counted
     * @throws LoadException, QueryFailedException, QueryServiceUnavailableException with one-line messages
     */
    public LoadReport load(RecordSource source, RecordShape shape, Options options) throws IOException {
        DatasetName dataset = options.dataset();
        DatasetSetup.Existing before = shape != null && options.create() ? DatasetSetup.existing(catalog, dataset)
                : null;
        long[] sent = { 0 };
        SocketFeed[] feed = { null };
        boolean failed = true;
        try {
            LoadReport report = load(source, shape, options, sent, feed);
            failed = false;
            return report;
        } finally {
            // Leave nothing behind: a feed this load created for itself or that failed, and a dataset it created
            // but sent nothing to (one that received records is kept: its records are the user's data).
            try {
                if (feed[0] != null) {
                    feed[0].release(failed);
                }
                if (failed && sent[0] == 0 && before != null) {
                    DatasetSetup.dropCreated(catalog, dataset, before);
                }
            } catch (RuntimeException cleanup) {
                // The load's own outcome is what to report; say what could not be undone.
                log.println("note: could not undo what the load prepared: " + cleanup.getMessage());
            }
        }
    }

    private LoadReport load(RecordSource source, RecordShape shape, Options options, long[] sent, SocketFeed[] feedOut)
            throws IOException {
        DatasetName dataset = options.dataset();
        Catalog.DatasetType type = shape != null
                ? DatasetSetup.ensure(catalog, dataset, shape, options.create(), options.with(), options.rtree(),
                        options.indexWith())
                : catalog.datasetType(dataset).orElseThrow(() -> new LoadException("dataset " + dataset
                        + " does not exist (give --shape and --create to create it)"));
        Counter counter = counterFor(source, shape, dataset);
        long countBefore = counter.count();
        List<String> notes = new ArrayList<>();

        SocketFeed feed = null;
        FailedRecordLogs failedLogs = null;
        if (options.transport() == Transport.FEED) {
            feed = new SocketFeed(catalog, dataset, options.effectiveFeedName(), options.feedHost(),
                    options.feedPort(), options.mode());
            feedOut[0] = feed;
            feed.prepare(type.typeName()).forEach(log::println);
            failedLogs = FailedRecordLogs.snapshot(catalog, dataset.dataverse(), options.effectiveFeedName(),
                    options.clusterDataDir());
        }
        log.printf(Locale.ROOT, "loading %s into %s via %s (%s)%s%n", source.description(), dataset,
                options.transport(), options.mode(), options.rate() > 0
                        ? String.format(Locale.ROOT, " at %,.0f records/s", options.rate()) : " at full speed");

        Thread stopOnInterrupt = null;
        long start = System.nanoTime();
        long[] bytes = { 0 };
        Catalog.FeedStats stats = new Catalog.FeedStats(0, 0);
        try {
            if (feed != null) {
                feed.start();
                stopOnInterrupt = stopFeedOnExit(feed, sent, source.size());
            }
            Pacer pacer = new Pacer(options.rate());
            try (Progress progress = new Progress("records", source.size(), log, options.progressInterval(),
                    terminal); RecordSink sink = feed != null
                            ? SocketSink.connect(options.feedHost(), feed.port(), Duration.ofSeconds(30))
                            : new HttpBatchSink(client, dataset, options.mode(), options.batchSize())) {
                source.forEach(record -> {
                    pacer.awaitTurn(sent[0]);
                    sink.write(record);
                    sent[0]++;
                    bytes[0] += record.length() + 1;
                    progress.advance(1);
                });
            }
            long sendEnd = System.nanoTime();
            if (feed != null) {
                stats = feed.awaitIntake(sent[0], options.stallTimeout());
                if (stats.incoming() < sent[0]) {
                    notes.add(String.format(Locale.ROOT, "the feed took in only %,d of %,d records within %d s of "
                            + "no progress", stats.incoming(), sent[0], options.stallTimeout().toSeconds()));
                }
                feed.stop();
            }
            Duration sendTime = Duration.ofNanos(sendEnd - start);
            return verify(source, shape, counter, countBefore, sent[0], bytes[0], sendTime, start, stats,
                    failedLogs, options, notes);
        } finally {
            if (stopOnInterrupt != null) {
                Runtime.getRuntime().removeShutdownHook(stopOnInterrupt);
            }
        }
    }

    private LoadReport verify(RecordSource source, RecordShape shape, Counter counter, long before, long sent,
            long bytes, Duration sendTime, long start, Catalog.FeedStats stats, FailedRecordLogs failedLogs,
            Options options, List<String> notes) {
        long after = counter.count();
        long found = counter.found(before, after);
        List<Long> sample = source instanceof GeneratedRecords generated ? sampleIds(generated, options) : List.of();
        List<String> contentProblems = sample.isEmpty() ? List.of()
                : checkContent((GeneratedRecords) source, shape, sample, options);
        Duration total = Duration.ofNanos(System.nanoTime() - start);
        if (counter.idRange() && before > 0) {
            notes.add(String.format(Locale.ROOT, "%,d of these ids existed before the load (%s)", before,
                    options.mode() == FeedMode.UPSERT ? "replaced" : "an insert rejects them without a log entry"));
        }
        List<String> failed = failedLogs != null ? failedLogs.appended() : List.of();
        if (stats.failedAtParser() > 0 && failed.isEmpty() && failedLogs != null && !failedLogs.reachable()) {
            notes.add("the rejected records are in failed_record.log under the NCs' storage/partition_*/"
                    + options.dataset().dataverse() + "/" + options.effectiveFeedName()
                    + "/ (not reachable from here; set SPATIAL_LSM_VAR to the cluster's data directory)");
        }
        if (found < sent && options.mode() == FeedMode.INSERT && stats.failedAtParser() < sent - found) {
            notes.add("in insert mode a record whose key already exists is dropped without a failed-record entry");
        }
        return new LoadReport(options.dataset().toString(), options.transport().toString(), sent, bytes, sendTime,
                total, sent, found, counter.what(), stats.failedAtParser(),
                failed, sample.size(), contentProblems, notes);
    }

    /** The generated records to read back: the first, the last and some in between, chosen by a fixed seed. */
    private static List<Long> sampleIds(GeneratedRecords source, Options options) {
        if (source.count() == 0 || options.contentChecks() == 0) {
            return List.of();
        }
        Set<Long> ids = new LinkedHashSet<>(List.of(source.firstId(), source.firstId() + source.count() - 1));
        SplittableRandom random = new SplittableRandom(source.firstId());
        while (ids.size() < Math.min(options.contentChecks(), source.count())) {
            ids.add(source.firstId() + random.nextLong(source.count()));
        }
        return List.copyOf(ids);
    }

    /** Reads the sampled records back and compares them field by field with what was generated. */
    private List<String> checkContent(GeneratedRecords source, RecordShape shape, List<Long> ids, Options options) {
        String idField = "t." + Sqlpp.identifier(shape.idField());
        List<JsonNode> stored = client.executeOrThrow("SELECT VALUE t FROM " + options.dataset().sql() + " AS t WHERE "
                + idField + " IN [" + ids.stream().map(String::valueOf).collect(Collectors.joining(", ")) + "];")
                .results();
        List<String> problems = new ArrayList<>();
        for (long id : ids) {
            Value.Obj expected = source.generator().record(id);
            JsonNode actual = stored.stream().filter(r -> r.path(shape.idField()).asLong() == id
                    && r.path(shape.idField()).isIntegralNumber()).findFirst().orElse(null);
            if (actual == null) {
                problems.add("record " + id + " is missing");
            } else {
                ResultMatcher.differences(expected, actual).forEach(d -> problems.add("record " + id + ": " + d));
            }
        }
        return problems;
    }

    /**
     * Generated records are counted by their id range (exact, whatever else the dataset holds); records from a file
     * by the growth of the whole dataset.
     */
    private Counter counterFor(RecordSource source, RecordShape shape, DatasetName dataset) {
        if (source instanceof GeneratedRecords g && shape != null) {
            return new Counter(() -> catalog.countIds(dataset, shape.idField(), g.firstId(), g.firstId() + g.count()),
                    true, "ids " + g.firstId() + ".." + (g.firstId() + g.count() - 1));
        }
        return new Counter(() -> catalog.count(dataset), false, "records sent (counted as the dataset's growth)");
    }

    private record Counter(LongSupplier counting, boolean idRange, String what) {
        long count() {
            return counting.getAsLong();
        }

        /** How many of the records sent the dataset holds, given its counts before and after the load. */
        long found(long before, long after) {
            return idRange ? after : after - before;
        }
    }

    /**
     * On Ctrl-C a running feed would keep the dataset locked against DDL: stop it on the way out, and say how far the
     * load got (the dataset keeps what the feed took in).
     */
    private Thread stopFeedOnExit(SocketFeed feed, long[] sent, long total) {
        Thread hook = new Thread(() -> {
            if (feed.running()) {
                log.printf(Locale.ROOT, "%ninterrupted after sending %,d of %,d records: stopping feed %s; the "
                        + "dataset keeps what the feed took in%n", sent[0], total, feed.qualifiedName());
                feed.release(true);
            }
        }, "stop-feed");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }
}

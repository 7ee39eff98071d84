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

import org.spatiallsm.client.ClusterHealth;
import org.spatiallsm.client.QueryFailedException;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.QueryServiceUnavailableException;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.Value;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Streams records into a dataset through a socket feed or HTTP INSERT batches, at full speed or a target rate, with
 * live progress, and verifies afterwards that the dataset holds them. A socket feed acknowledges nothing and loses
 * what it had not stored when a node fails, so after a feed's failure the loader waits for the cluster, starts the
 * feed again and resends the keys the dataset lacks ({@link KeyRanges}), for records it can make again by key.
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
            Duration stallTimeout, int contentChecks, Path clusterDataDir, Duration progressInterval,
            Duration recoveryTimeout) {

        /** Options that wait {@link #DEFAULT_RECOVERY_TIMEOUT} for the cluster after a failure. */
        public Options(DatasetName dataset, Transport transport, FeedMode mode, String feedName, String feedHost,
                int feedPort, int batchSize, double rate, boolean create, String with, boolean rtree, String indexWith,
                Duration stallTimeout, int contentChecks, Path clusterDataDir, Duration progressInterval) {
            this(dataset, transport, mode, feedName, feedHost, feedPort, batchSize, rate, create, with, rtree,
                    indexWith, stallTimeout, contentChecks, clusterDataDir, progressInterval, DEFAULT_RECOVERY_TIMEOUT);
        }

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

    /** How long a load waits by default for its cluster to be ACTIVE again after a failure. */
    public static final Duration DEFAULT_RECOVERY_TIMEOUT = Duration.ofMinutes(10);
    /** Resends after failures, at most: a cluster that fails again and again is the user's to look at. */
    static final int MAX_RECOVERIES = 5;
    /** Keys counted per query when looking for the missing ones. */
    private static final long MISSING_CHUNK = 100_000;
    private static final Duration RECOVERY_POLL = Duration.ofMillis(500);
    /** The lines while waiting for the cluster come at most this often. */
    private static final Duration REPORT_WAIT_EVERY = Duration.ofSeconds(5);

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
        Counter counter = counterFor(source, dataset);
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
        try {
            if (feed != null) {
                feed.start();
                stopOnInterrupt = stopFeedOnExit(feed, sent, source.size());
            }
            Round round = send(source::forEach, source.size(), "", feed, options, sent, bytes);
            Duration sendTime = round.sendTime();
            Catalog.FeedStats stats = round.stats();
            KeyedRecords keyed = source instanceof KeyedRecords k ? k : null;
            for (int recovery = 1; feed != null; recovery++) {
                String failure = round.failure();
                KeyRanges missing;
                if (failure != null) {
                    missing = recover(feed, keyed, options, failure);
                } else {
                    feed.stop();
                    // A round that ended well lost records only if the parser rejected none: resend those once more.
                    missing = keyed != null && round.stats().failedAtParser() == 0 ? missingKeys(keyed, dataset)
                            : null;
                }
                if (missing == null && failure != null) {
                    notes.add(failure + "; a file's records are not sent again (the loader does not know their "
                            + "keys): load the file again, and the records already stored are refused (insert) or "
                            + "replaced (upsert)");
                }
                if (missing == null || missing.isEmpty()) {
                    break;
                }
                String lacked = String.format(Locale.ROOT, "%,d records the dataset lacked (keys %s)",
                        missing.size(), missing.describe(3));
                if (recovery > MAX_RECOVERIES) {
                    notes.add(String.format(Locale.ROOT, "%sgave up after %d resends: the %s", failure == null ? ""
                            : failure + "; ", MAX_RECOVERIES, lacked));
                    break;
                }
                feed.start();
                log.println("resending the " + lacked);
                notes.add(String.format(Locale.ROOT, "%sresent the %s", failure == null ? "" : failure + "; ",
                        lacked));
                KeyRanges resend = missing;
                round = send(consumer -> resend.forEachKey(key -> consumer.accept(keyed.record(key))),
                        missing.size(), "resending: ", feed, options, sent, bytes);
                stats = stats.plus(round.stats());
                sendTime = sendTime.plus(round.sendTime());
            }
            return verify(source, shape, counter, countBefore, sent[0], bytes[0], sendTime, start, stats,
                    failedLogs, options, notes);
        } finally {
            if (stopOnInterrupt != null) {
                Runtime.getRuntime().removeShutdownHook(stopOnInterrupt);
            }
        }
    }

    /** Records handed to a consumer, one after the other: a source's, or those of some of its keys. */
    @FunctionalInterface
    private interface Records {
        void forEach(RecordSource.RecordConsumer consumer) throws IOException;
    }

    /**
     * One pass of sending.
     *
     * @param broken why the feed's connection broke or its intake stopped (the round was cut off), or null
     * @param stats  the feed's counters when the round ended (zeros for HTTP)
     */
    private record Round(long sent, Duration sendTime, Catalog.FeedStats stats, String broken, Duration stall) {

        /** Why the round did not deliver everything it sent, or null when the feed took in every record. */
        String failure() {
            if (broken != null) {
                return broken;
            }
            return stats.incoming() < sent ? String.format(Locale.ROOT, "the feed took in only %,d of %,d records "
                    + "within %d s of no progress", stats.incoming(), sent, stall.toSeconds()) : null;
        }
    }

    /**
     * Sends {@code count} records, paced and with progress, through the feed (started) or HTTP; for a feed, waits
     * until it has counted them. A feed whose connection breaks, or that stops or whose cluster fails while the
     * records go out or are taken in, ends the round as broken rather than failing the load.
     */
    private Round send(Records records, long count, String label, SocketFeed feed, Options options, long[] sent,
            long[] bytes) throws IOException {
        long start = System.nanoTime();
        long[] sentNow = { 0 };
        Pacer pacer = new Pacer(options.rate());
        String broken = null;
        try (Progress progress = new Progress(label, "records", count, log, options.progressInterval(), terminal)) {
            if (feed == null) {
                try (HttpBatchSink sink = new HttpBatchSink(client, options.dataset(), options.mode(),
                        options.batchSize())) {
                    records.forEach(sending(sink, pacer, progress, sentNow, sent, bytes));
                }
            } else {
                SocketSink sink = SocketSink.connect(options.feedHost(), feed.port(), Duration.ofSeconds(30));
                FeedWatch watch = new FeedWatch(feed, sink);
                try {
                    records.forEach(sending(sink, pacer, progress, sentNow, sent, bytes));
                    sink.close();
                } catch (IOException e) {
                    sink.abort();
                    broken = String.format(Locale.ROOT, "%s when %,d records were sent (%s)",
                            watch.reason() != null ? watch.reason() : "the feed's connection broke", sentNow[0],
                            e.getMessage());
                } finally {
                    watch.close();
                }
            }
        }
        Duration sendTime = Duration.ofNanos(System.nanoTime() - start);
        if (feed == null) {
            return new Round(sentNow[0], sendTime, new Catalog.FeedStats(0, 0), null, options.stallTimeout());
        }
        if (broken != null) {
            return new Round(sentNow[0], sendTime, feed.lastStats(), broken, options.stallTimeout());
        }
        SocketFeed.Intake intake = feed.awaitIntake(sentNow[0], options.stallTimeout());
        return new Round(sentNow[0], sendTime, intake.stats(), intake.broken(), options.stallTimeout());
    }

    private static RecordSource.RecordConsumer sending(RecordSink sink, Pacer pacer, Progress progress, long[] sentNow,
            long[] sent, long[] bytes) {
        return record -> {
            pacer.awaitTurn(sentNow[0]);
            sink.write(record);
            sentNow[0]++;
            sent[0]++;
            bytes[0] += record.length() + 1;
            progress.advance(1);
        };
    }

    /**
     * After a round was cut off: waits until the cluster is ACTIVE again (restarting a failed node controller is the
     * operator's job, which the waiting lines name), stops the feed, and finds the keys the dataset lacks. Queries
     * that fail meanwhile (the cluster controller has not yet declared a dead node dead) are retried.
     *
     * @return the keys to send again; null for a source without keys
     * @throws QueryServiceUnavailableException when the cluster is not ACTIVE within the recovery timeout
     */
    private KeyRanges recover(SocketFeed feed, KeyedRecords keyed, Options options, String failure) {
        long begin = System.nanoTime();
        long deadline = begin + options.recoveryTimeout().toNanos();
        log.printf(Locale.ROOT, "%s: waiting until the cluster is ACTIVE again (at most %s), then %s%n", failure,
                Progress.clock(options.recoveryTimeout()), keyed != null ? "resending what did not arrive"
                        : "counting what arrived");
        String last = "no answer yet";
        long nextReport = begin;
        Duration reportEvery = options.progressInterval().compareTo(REPORT_WAIT_EVERY) > 0
                ? options.progressInterval() : REPORT_WAIT_EVERY;
        while (true) {
            try {
                ClusterHealth health = client.health();
                if (ClusterHealth.ACTIVE.equals(health.state())) {
                    feed.stopAfterFailure();
                    KeyRanges missing = keyed != null ? missingKeys(keyed, options.dataset()) : null;
                    log.printf(Locale.ROOT, "the cluster is ACTIVE (after waiting %s), feed %s stopped%n",
                            Progress.clock(Duration.ofNanos(System.nanoTime() - begin)), feed.qualifiedName());
                    return missing;
                }
                last = health.problem(client.endpoint()).orElse("the cluster is " + health.state());
            } catch (QueryFailedException | QueryServiceUnavailableException e) {
                last = e.getMessage();
            }
            long now = System.nanoTime();
            if (now > deadline) {
                throw new QueryServiceUnavailableException(String.format(Locale.ROOT, "%s, and the cluster was not "
                        + "usable again within %d s (--recovery-timeout): %s; once it is ACTIVE, run the same load "
                        + "again: records already stored are refused (insert) or replaced (upsert)", failure,
                        options.recoveryTimeout().toSeconds(), last), null);
            }
            if (now >= nextReport) {
                log.printf(Locale.ROOT, "waiting %s of at most %s: %s%n", Progress.clock(Duration.ofNanos(now - begin)),
                        Progress.clock(options.recoveryTimeout()), last);
                nextReport = now + reportEvery.toNanos();
            }
            SocketSink.sleep(RECOVERY_POLL);
        }
    }

    /**
     * The keys of {@code keyed} the dataset lacks: counted per chunk of keys, and a chunk that lacks some is read
     * key by key.
     */
    private KeyRanges missingKeys(KeyedRecords keyed, DatasetName dataset) {
        KeyRanges.Builder missing = new KeyRanges.Builder();
        long end = keyed.firstKey() + keyed.count();
        for (long from = keyed.firstKey(); from < end; from += Math.min(MISSING_CHUNK, end - from)) {
            long to = from + Math.min(MISSING_CHUNK, end - from);
            long stored = catalog.countIds(dataset, keyed.keyField(), from, to);
            if (stored == 0) {
                missing.add(from, to);
            } else if (stored < to - from) {
                missing.addAll(KeyRanges.missing(from, to, catalog.ids(dataset, keyed.keyField(), from, to)));
            }
        }
        return missing.build();
    }

    private LoadReport verify(RecordSource source, RecordShape shape, Counter counter, long before, long sent,
            long bytes, Duration sendTime, long start, Catalog.FeedStats stats, FailedRecordLogs failedLogs,
            Options options, List<String> notes) {
        long after = counter.count();
        long found = counter.found(before, after);
        // A keyed load must end with every key stored, however often some were sent; a file's, with what was sent.
        long expected = source instanceof KeyedRecords keyed ? keyed.count() : sent;
        List<Long> sample = source instanceof GeneratedRecords generated && shape != null
                ? sampleIds(generated, options) : List.of();
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
        if (found < expected && options.mode() == FeedMode.INSERT && stats.failedAtParser() < expected - found) {
            notes.add("in insert mode a record whose key already exists is dropped without a failed-record entry");
        }
        return new LoadReport(options.dataset().toString(), options.transport().toString(), sent, bytes, sendTime,
                total, expected, found, counter.what(), stats.failedAtParser(),
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
    private Counter counterFor(RecordSource source, DatasetName dataset) {
        if (source instanceof KeyedRecords k) {
            return new Counter(() -> catalog.countIds(dataset, k.keyField(), k.firstKey(), k.firstKey() + k.count()),
                    true, "ids " + k.firstKey() + ".." + (k.firstKey() + k.count() - 1));
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

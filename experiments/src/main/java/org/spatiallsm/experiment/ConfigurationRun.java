package org.spatiallsm.experiment;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Progress;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One configuration's run: its five CSV files (see docs/experiments.md), the clock they share ({@code t_ms}, from
 * the moment this run starts) and the records ingested so far. A study drives its phases through it: loading with
 * flushes, settling, queries, and at the end the LSM event journal.
 */
public final class ConfigurationRun implements Closeable {

    public static final List<String> QUERY_COLUMNS = List.of("phase", "query_kind", "sigma", "query_no",
            "latency_ms", "results", "components_opened", "components_skipped", "pages_read", "index_searches",
            "entries_read");
    public static final List<String> IO_EVENT_COLUMNS = List.of("t_ms", "records_ingested", "index", "node",
            "partition", "kind", "level", "bytes_in", "bytes_out", "entries_in", "entries_out", "components_in",
            "components_out", "duration_ms");
    public static final List<String> THROUGHPUT_COLUMNS = List.of("t_ms", "records_ingested", "records_per_s");
    public static final List<String> COMPONENT_COLUMNS = List.of("t_ms", "records_ingested", "index", "level",
            "components", "bytes");
    public static final List<String> BUILD_COLUMNS = List.of("t_ms", "phase", "index", "duration_ms",
            "index_bytes");
    /** One throughput row per interval of a load phase. */
    public static final Duration THROUGHPUT_INTERVAL = Duration.ofSeconds(1);
    /** One progress line per interval of a phase. */
    public static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(10);

    /** Sends records {@code first .. end - 1}; the cluster holds them once {@link #awaitStored} returns. */
    @FunctionalInterface
    public interface RangeInsert {
        void insert(long first, long end) throws Exception;

        /** Waits until the cluster holds records {@code first .. end - 1}, all sent; at once if insert waited. */
        default void awaitStored(long first, long end) throws Exception {
        }
    }

    private final ClusterSession cluster;
    private final String label;
    private final PrintStream log;
    private final Instant startedAt = Instant.now();
    private final long startNanos = System.nanoTime();
    private final AtomicLong ingested = new AtomicLong();
    /** t_ms -> records ingested then, for the events, whose times come from the nodes' clocks. */
    private final TreeMap<Long, Long> ingestedAt = new TreeMap<>();
    private final CsvFile queries;
    private final CsvFile ioEvents;
    private final CsvFile throughput;
    private final CsvFile components;
    private final CsvFile builds;
    private final Path folder;
    /** A study's own files beside the five, by file name, closed with them. */
    private final Map<String, CsvFile> studyFiles = new LinkedHashMap<>();
    private Consumer<List<IndexComponents>> sampleListener = listing -> {
    };
    private Map<String, Long> indexBytes = Map.of();
    /** Per query phase: queries, and the components they opened (-1 once a query had no counters). */
    private final Map<String, long[]> queriesByPhase = new TreeMap<>();
    /** The counters after the last query, and of which dataset and index; null when anything ran since. */
    private SearchCounters lastCounters;
    private String lastCountersOf;

    /** @param label what the progress lines start with, e.g. "[2/6 leveled-str] " */
    public ConfigurationRun(ClusterSession cluster, Path folder, String label, PrintStream log) throws IOException {
        this.cluster = cluster;
        this.label = label;
        this.log = log;
        this.folder = folder;
        this.queries = new CsvFile(folder.resolve("queries.csv"), QUERY_COLUMNS);
        this.ioEvents = new CsvFile(folder.resolve("io-events.csv"), IO_EVENT_COLUMNS);
        this.throughput = new CsvFile(folder.resolve("throughput.csv"), THROUGHPUT_COLUMNS);
        this.components = new CsvFile(folder.resolve("components.csv"), COMPONENT_COLUMNS);
        this.builds = new CsvFile(folder.resolve("builds.csv"), BUILD_COLUMNS);
        ingestedAt.put(0L, 0L);
    }

    public ClusterSession cluster() {
        return cluster;
    }

    /**
     * A CSV file of the study's own in the configuration's folder (documented with the study), created on the first
     * call with its name (a later call returns the same file, so each round can append to it), closed with the run.
     */
    public CsvFile studyFile(String name, List<String> columns) throws IOException {
        CsvFile file = studyFiles.get(name);
        if (file == null) {
            file = new CsvFile(folder.resolve(name), columns);
            studyFiles.put(name, file);
        }
        return file;
    }

    /** Also gives every component sample (after each flush and each settling) to {@code listener}. */
    public void onComponentSample(Consumer<List<IndexComponents>> listener) {
        sampleListener = listener;
    }

    /** Milliseconds since this configuration started. */
    public long tMs() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    public long recordsIngested() {
        return ingested.get();
    }

    /** A progress line every {@link #PROGRESS_INTERVAL} for a phase of {@code total} units; close it at its end. */
    public Progress progress(String phase, String unit, long total) {
        return new Progress(label + phase + ": ", unit, total, log, PROGRESS_INTERVAL, false);
    }

    /**
     * Records {@code first .. first + count - 1} in shares of {@code perFlush}, each sent in pieces of at most
     * {@code piece} records and flushed once the cluster holds them all; the components are sampled after every
     * flush, and the throughput every {@link #THROUGHPUT_INTERVAL}. Returns the phase's seconds.
     */
    public double load(String phase, DatasetName dataset, long first, long count, long perFlush, long piece,
            RangeInsert insert) throws Exception {
        lastCountersOf = null;
        long start = System.nanoTime();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "throughput");
            thread.setDaemon(true);
            return thread;
        });
        ThroughputSampler sampler = new ThroughputSampler();
        long interval = THROUGHPUT_INTERVAL.toMillis();
        timer.scheduleAtFixedRate(sampler::sample, interval, interval, TimeUnit.MILLISECONDS);
        try (Progress progress = progress(phase, "records", count)) {
            for (long shareStart = first; shareStart < first + count; shareStart += perFlush) {
                long shareEnd = Math.min(first + count, shareStart + perFlush);
                for (long from = shareStart; from < shareEnd; from += piece) {
                    long to = Math.min(shareEnd, from + piece);
                    insert.insert(from, to);
                    lastCountersOf = null; // the insert's key lookups searched the index too
                    ingested(to - from);
                    progress.advance(to - from);
                }
                insert.awaitStored(shareStart, shareEnd);
                sampleComponents(cluster.lsm().flush(dataset.dataverse(), dataset.dataset()));
            }
        } finally {
            timer.shutdownNow();
            timer.awaitTermination(1, TimeUnit.MINUTES);
        }
        sampler.sample(); // the last, partial interval
        return (System.nanoTime() - start) / 1e9;
    }

    private void ingested(long records) {
        long total = ingested.addAndGet(records);
        synchronized (ingestedAt) {
            ingestedAt.put(tMs(), total);
        }
    }

    /** Rows of throughput.csv: the rate over each interval since the previous row. */
    private final class ThroughputSampler {
        private long lastT = tMs();
        private long lastRecords = ingested.get();

        synchronized void sample() {
            long t = tMs();
            long records = ingested.get();
            if (t > lastT) {
                try {
                    throughput.row(t, records, (records - lastRecords) * 1000.0 / (t - lastT));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            lastT = t;
            lastRecords = records;
        }
    }

    /** Waits until no merge runs, then samples the components once more; returns the seconds waited. */
    public double settle(DatasetName dataset) throws Exception {
        lastCountersOf = null;
        double seconds = ClusterSession.settle(cluster.lsm(), dataset);
        sampleComponents(cluster.lsm().components(dataset.dataverse(), dataset.dataset()));
        return seconds;
    }

    /** Rows of components.csv: per index and level (0 for a stack), the components and bytes of all partitions. */
    public void sampleComponents(List<IndexComponents> listing) throws IOException {
        sampleListener.accept(listing);
        long t = tMs();
        Map<String, TreeMap<Integer, long[]>> perIndex = new TreeMap<>();
        for (IndexComponents partition : listing) {
            TreeMap<Integer, long[]> levels = perIndex.computeIfAbsent(partition.where().index(), i -> new TreeMap<>());
            for (int i = 0; i < partition.components().size(); i++) {
                long[] sums = levels.computeIfAbsent(partition.levels().get(i).orElse(0), l -> new long[2]);
                sums[0]++;
                sums[1] += partition.components().get(i).bytes();
            }
        }
        Map<String, Long> bytes = new TreeMap<>();
        for (Entry<String, TreeMap<Integer, long[]>> index : perIndex.entrySet()) {
            for (Entry<Integer, long[]> level : index.getValue().entrySet()) {
                components.row(t, ingested.get(), index.getKey(), level.getKey(), level.getValue()[0],
                        level.getValue()[1]);
                bytes.merge(index.getKey(), level.getValue()[1], Long::sum);
            }
        }
        indexBytes = bytes;
    }

    /**
     * An index built on loaded data: {@code createIndex} (one CREATE INDEX statement) timed as the client sees it,
     * then settling; a row of builds.csv holds the time and the index's bytes on all partitions after it.
     */
    public void build(String phase, DatasetName dataset, String index, String createIndex) throws Exception {
        lastCountersOf = null;
        long start = System.nanoTime();
        cluster.client().executeOrThrow(createIndex);
        double duration = (System.nanoTime() - start) / 1e6;
        long t = tMs();
        settle(dataset);
        builds.row(t, phase, index, duration, indexBytes.get(index));
    }

    /** Bytes on disk per index at the last component sample. */
    public Map<String, Long> indexBytes() {
        return indexBytes;
    }

    /**
     * One query: its latency as the client sees it, its result (a count, or the number of rows), and the counters of
     * {@code index} before and after it (components opened and skipped, pages read when the listing counts them).
     * Returns the query's rows.
     */
    public List<JsonNode> query(String phase, DatasetName dataset, String index, String kind, Double sigma, long number,
            String statement) throws IOException {
        // Queries run one at a time: the counters after one are those before the next, one listing less per query.
        String countersOf = dataset.sql() + "/" + index;
        SearchCounters before = countersOf.equals(lastCountersOf) ? lastCounters : counters(dataset, index);
        long start = System.nanoTime();
        List<JsonNode> results = cluster.client().executeOrThrow(statement).results();
        double latency = (System.nanoTime() - start) / 1e6;
        SearchCounters after = counters(dataset, index);
        lastCounters = after;
        lastCountersOf = countersOf;
        OptionalLong count = results.size() == 1 && results.get(0).isNumber()
                ? OptionalLong.of(results.get(0).asLong()) : OptionalLong.of(results.size());
        OptionalLong opened = after.openedSince(before);
        queries.row(phase, kind, sigma, number, latency, count, opened, after.skippedSince(before),
                after.pagesReadSince(before), after.indexSearchesSince(before), after.entriesReadSince(before));
        long[] tally = queriesByPhase.computeIfAbsent(phase, p -> new long[2]);
        tally[0]++;
        tally[1] = tally[1] < 0 || opened.isEmpty() ? -1 : tally[1] + opened.getAsLong();
        return results;
    }

    /** Queries of {@code phase} so far. */
    public long queryCount(String phase) {
        return queriesByPhase.getOrDefault(phase, new long[2])[0];
    }

    /**
     * Components the queries of {@code phase} opened per query, all partitions together; empty without queries or
     * when the index does not count them.
     */
    public OptionalDouble openedPerQuery(String phase) {
        long[] tally = queriesByPhase.get(phase);
        return tally == null || tally[0] == 0 || tally[1] < 0 ? OptionalDouble.empty()
                : OptionalDouble.of((double) tally[1] / tally[0]);
    }

    /** A line on the progress stream, after the configuration's label. */
    public void log(String line) {
        log.println(label + line);
    }

    private SearchCounters counters(DatasetName dataset, String index) {
        return SearchCounters.of(cluster.lsm().typedListings(dataset.dataverse(), dataset.dataset()), index);
    }

    /**
     * Rows of io-events.csv: every flush and merge of the dataset's indexes from the LSM event journal, in time
     * order (the journal answers node by node; cumulative sums such as write amplification need one timeline). A
     * merge's {@code level} is its output level for an index with levels (empty otherwise, and for flushes); its
     * outputs are all the components it wrote (K for a leveled R-tree).
     */
    public void writeIoEvents(DatasetName dataset) throws IOException {
        List<LsmEvent> events = events(dataset).stream().filter(event -> event.isFlush() || event.isMerge())
                .sorted(Comparator.comparingLong(event -> eventTime(event).orElse(Long.MAX_VALUE))).toList();
        for (LsmEvent event : events) {
            OptionalLong t = eventTime(event);
            long bytesIn = event.isFlush() ? 0 : event.inputs().stream().mapToLong(DiskComponent::bytes).sum();
            OptionalLong entriesIn = event.isFlush() ? OptionalLong.of(0) : entries(event.inputs());
            Integer level = event.isMerge() && event.level().isPresent() ? event.level().getAsInt() : null;
            ioEvents.row(t, t.isPresent() ? OptionalLong.of(ingestedAt(t.getAsLong())) : null,
                    event.where().index(), event.node(), event.where().partition(), event.type(), level, bytesIn,
                    event.bytesWritten(), entriesIn, entries(event.outputs()), event.inputs().size(),
                    event.outputs().size(), event.durationMillis());
        }
    }

    /**
     * The dataset's LSM events since this configuration started. The event files outlive a cluster restart, and
     * AsterixDB may give a new dataset the id of one dropped before the restart, so an earlier dataset of the same
     * name can share the id; its events are older than this run.
     */
    public List<LsmEvent> events(DatasetName dataset) {
        return cluster.lsm().events(dataset.dataverse(), dataset.dataset()).stream()
                .filter(event -> eventTime(event).orElse(0) >= 0).toList();
    }

    /** Entries of all {@code components}; empty if one of them does not count its entries. */
    private static OptionalLong entries(List<DiskComponent> components) {
        long sum = 0;
        for (DiskComponent component : components) {
            if (component.tuples().isEmpty()) {
                return OptionalLong.empty();
            }
            sum += component.tuples().getAsLong();
        }
        return OptionalLong.of(sum);
    }

    private OptionalLong eventTime(LsmEvent event) {
        try {
            return OptionalLong.of(Duration.between(startedAt, Instant.parse(event.time())).toMillis());
        } catch (DateTimeParseException e) {
            return OptionalLong.empty();
        }
    }

    private long ingestedAt(long t) {
        synchronized (ingestedAt) {
            Entry<Long, Long> before = ingestedAt.floorEntry(t);
            return before == null ? 0 : before.getValue();
        }
    }

    @Override
    public void close() throws IOException {
        for (CsvFile file : List.of(queries, ioEvents, throughput, components, builds)) {
            file.close();
        }
        for (CsvFile file : studyFiles.values()) {
            file.close();
        }
    }
}

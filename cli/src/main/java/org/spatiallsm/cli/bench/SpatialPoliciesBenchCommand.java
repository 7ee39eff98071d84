package org.spatiallsm.cli.bench;

import static org.spatiallsm.experiment.Statements.RTREE;
import static org.spatiallsm.experiment.Statements.STUDIES_PRIMARY_POLICY;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.stream.LongStream;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.KeepOption;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.PartitionHistories;
import org.spatiallsm.experiment.ClusterSession;
import org.spatiallsm.experiment.SearchCounters;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.experiment.study.SpatialPolicyConfiguration;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.FeedMode;
import org.spatiallsm.load.HttpBatchSink;
import org.spatiallsm.load.Progress;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.partitioning.simulation.SpatialSimulation;
import org.spatiallsm.partitioning.simulation.SpatialSummary;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.SpatialQueries;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spatial-lsm bench spatial-policies}: the spatial merge-policy study on a running cluster. The same points
 * go into one dataset per R-tree configuration (the primary index under binomial k = 8), then windows at each σ are
 * queried; the engine's figures are printed beside the spatial simulator's prediction for the same flushes.
 */
@Command(name = "spatial-policies", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Loads the same points (each --distribution) into a fresh dataset per R-tree configuration of "
                + "a running cluster, flushing every --records-per-flush records, then queries windows at each --sigma "
                + "and prints side by side per configuration: the R-tree's write amplification, ingestion throughput, "
                + "components opened per search (from the engine's search counters; n/a when it has none), query "
                + "latency, components per level, and the spatial simulator's prediction for the same flushes.",
            "Results are printed, never asserted; see docs/leveled.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "1:AsterixDB refused a statement",
            "2:bad command line", CommandFailures.NO_USABLE_CLUSTER })
public final class SpatialPoliciesBenchCommand implements Callable<Integer> {

    private static final Duration LSM_TIMEOUT = Duration.ofMinutes(30);
    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(10);

    @Spec
    CommandSpec spec;

    @Option(names = "--configurations", paramLabel = "NAME,...", split = ",",
            description = "configurations to compare, in this order (default: all: binomial-k4, tiered-b4, "
                    + "leveled-size-hilbert, leveled-size-simple, leveled-str, leveled-rstar-grove)")
    List<String> configurations = SpatialPolicyConfiguration.ALL.stream().map(SpatialPolicyConfiguration::name)
            .toList();

    @Option(names = "--distributions", paramLabel = "NAME,...", split = ",", defaultValue = "uniform,osm-like",
            description = "point distributions, one table each (default: ${DEFAULT-VALUE})")
    List<String> distributions;

    @Option(names = "--records", paramLabel = "N", defaultValue = "200000",
            description = "records per configuration and distribution (default: ${DEFAULT-VALUE})")
    long records;

    @Option(names = "--record-bytes", paramLabel = "BYTES", defaultValue = "1000",
            description = "approximate size of a record, most of it a random payload (default: ${DEFAULT-VALUE})")
    int recordSize;

    @Option(names = "--records-per-flush", paramLabel = "N", defaultValue = "2000",
            description = "records between two flushes of the dataset; the last flush may take fewer "
                    + "(default: ${DEFAULT-VALUE})")
    int flushSize;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "500",
            description = "records per HTTP INSERT statement (default: ${DEFAULT-VALUE})")
    int batchSize;

    @Option(names = "--queries", paramLabel = "Q", defaultValue = "200",
            description = "query windows per selectivity (default: ${DEFAULT-VALUE})")
    int queries;

    @Option(names = "--sigma", paramLabel = "SIGMA,...", split = ",", defaultValue = "3,5",
            description = "windows of 360x10^-SIGMA by 180x10^-SIGMA degrees centred on inserted points "
                    + "(default: ${DEFAULT-VALUE})")
    List<Double> sigmas;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "seed of the points, payloads and windows (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--warm-up-records", paramLabel = "N",
            description = "records loaded into a scratch dataset under the first configuration before anything is "
                    + "measured, so that the first configuration does not pay for a cold engine (JIT, caches); 0 "
                    + "skips the warm-up (default: as many as --records)")
    Long warmUpRecords;

    @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmSpatialBench",
            description = "scratch dataverse, dropped and recreated (default: ${DEFAULT-VALUE})")
    String dataverse;

    @Mixin
    KeepOption keep;

    @Mixin
    EndpointOption endpoint;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            List<SpatialPolicyConfiguration> chosen = validatedArguments();
            QueryServiceClient client = endpoint.client();
            LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, LSM_TIMEOUT);
            String scratch = Sqlpp.identifier(dataverse);
            client.executeOrThrow("DROP DATAVERSE " + scratch + " IF EXISTS; CREATE DATAVERSE " + scratch + ";");
            PrintWriter out = spec.commandLine().getOut();
            long warmUps = warmUpRecords == null ? records : warmUpRecords;
            if (warmUps > 0) {
                warmUp(client, lsm, chosen.get(0), warmUps);
            }
            for (String distribution : distributions) {
                RecordGenerator points = generator(distribution);
                List<SpatialPoliciesReport.Column> columns = new ArrayList<>();
                for (SpatialPolicyConfiguration configuration : chosen) {
                    columns.add(measure(client, lsm, configuration, distribution, points));
                }
                out.print(SpatialPoliciesReport.table(String.format(Locale.ROOT, "spatial policies: %s, %,d records "
                        + "of about %,d bytes, flushes of %,d records, %d windows per sigma, seed %d, at %s",
                        distribution, records, recordSize, flushSize, queries, seed, endpoint.endpoint()), sigmas,
                        columns));
                out.println();
                out.flush();
            }
            if (!keep.keep()) {
                client.executeOrThrow("DROP DATAVERSE " + scratch + ";");
            }
            return CommandFailures.OK;
        });
    }

    /** The configurations; every other argument is checked here too, before anything touches the cluster. */
    List<SpatialPolicyConfiguration> validatedArguments() {
        if (records < 1 || flushSize < 1 || batchSize < 1 || queries < 1) {
            throw new IllegalArgumentException(
                    "--records, --records-per-flush, --batch and --queries must be at least 1");
        }
        if (warmUpRecords != null && warmUpRecords < 0) {
            throw new IllegalArgumentException("--warm-up-records must be at least 0, got " + warmUpRecords);
        }
        if (recordSize < Statements.POINT_RECORD_OVERHEAD + 1) {
            throw new IllegalArgumentException("--record-bytes must be at least "
                    + (Statements.POINT_RECORD_OVERHEAD + 1) + " bytes (id, point and field names), got " + recordSize);
        }
        if (sigmas.stream().anyMatch(sigma -> !(sigma >= 0 && sigma <= 10))) {
            throw new IllegalArgumentException("--sigma takes values from 0 to 10, got " + sigmas);
        }
        if (new HashSet<>(distributions).size() < distributions.size()) {
            throw new IllegalArgumentException("--distributions lists a distribution twice: " + distributions);
        }
        distributions.forEach(this::generator);
        return SpatialPolicyConfiguration.select(configurations);
    }

    private RecordGenerator generator(String distribution) {
        return new RecordGenerator(PointDistributions.create(distribution, Map.of(), seed),
                RecordShapes.named("point"), seed);
    }

    /** {@code count} records of the first distribution under {@code configuration}, not measured. */
    private void warmUp(QueryServiceClient client, LsmIntrospectionClient lsm,
            SpatialPolicyConfiguration configuration, long count) throws InterruptedException {
        DatasetName dataset = new DatasetName(dataverse, "warm_up");
        create(client, dataset, configuration);
        progressLine("warm-up: %,d records under %s, not measured", count, configuration.name());
        load(client, lsm, dataset, generator(distributions.get(0)), count);
        ClusterSession.settle(lsm, dataset);
        client.executeOrThrow("DROP DATASET " + dataset.sql() + ";");
    }

    /** A dataset whose primary index runs binomial k = 8 and whose R-tree runs {@code configuration}. */
    private void create(QueryServiceClient client, DatasetName dataset, SpatialPolicyConfiguration configuration) {
        client.executeOrThrow("USE " + Sqlpp.identifier(dataverse) + "; CREATE TYPE PointRecord IF NOT EXISTS AS "
                + "{ id: int64, location: point, payload: string }; CREATE DATASET "
                + Sqlpp.identifier(dataset.dataset()) + "(PointRecord) PRIMARY KEY id WITH " + STUDIES_PRIMARY_POLICY
                + "; CREATE INDEX " + RTREE + " ON " + Sqlpp.identifier(dataset.dataset())
                + "(location) TYPE RTREE WITH " + configuration.withClause() + ";");
    }

    /** One configuration on one distribution: load, settle, query, read the counters, simulate. */
    private SpatialPoliciesReport.Column measure(QueryServiceClient client, LsmIntrospectionClient lsm,
            SpatialPolicyConfiguration configuration, String distribution, RecordGenerator points)
            throws InterruptedException {
        DatasetName dataset = new DatasetName(dataverse, (configuration.name() + "_" + distribution).replace('-', '_'));
        create(client, dataset, configuration);
        progressLine("%s, %s: %,d records in flushes of %,d", configuration.name(), distribution, records, flushSize);
        double loadSeconds = load(client, lsm, dataset, points, records);
        double settleSeconds = ClusterSession.settle(lsm, dataset);
        progressLine("%s, %s: loaded in %.1f s, merges settled %.1f s later; querying", configuration.name(),
                distribution, loadSeconds, settleSeconds);
        List<LsmEvent> events = lsm.events(dataset.dataverse(), dataset.dataset()).stream()
                .filter(e -> e.where().index().equals(RTREE)).toList();
        Map<Double, OptionalDouble> perSearch = new LinkedHashMap<>();
        Map<Double, Double> latency = new LinkedHashMap<>();
        SpatialQueries windows = new SpatialQueries(points, 0, records, seed);
        for (double sigma : sigmas) {
            SearchCounters before = SearchCounters.of(lsm.typedListings(dataset.dataverse(), dataset.dataset()), RTREE);
            long start = System.nanoTime();
            for (int q = 0; q < queries; q++) {
                client.executeOrThrow(Statements.windowCount(dataset, windows.rectangle(q, List.of(sigma)).window()));
            }
            latency.put(sigma, (System.nanoTime() - start) / 1e6 / queries);
            SearchCounters after = SearchCounters.of(lsm.typedListings(dataset.dataverse(), dataset.dataset()), RTREE);
            perSearch.put(sigma, after.openedPerSearchSince(before));
        }
        List<ComponentsListing> listings = lsm.typedListings(dataset.dataverse(), dataset.dataset());
        int partitions = SearchCounters.partitions(listings, RTREE);
        if (!keep.keep()) {
            client.executeOrThrow("DROP DATASET " + dataset.sql() + ";"); // frees the disk for the next one
        }
        progressLine("%s, %s: simulating one partition's share", configuration.name(), distribution);
        // Every partition receives about 1/P of every flush; the simulator models one partition.
        SpatialSimulation.Settings settings = new SpatialSimulation.Settings(generator(distribution),
                Math.max(1, records / partitions), Math.max(1, flushSize / partitions), configuration.ordering(),
                Map.of(), queries, sigmas, seed);
        List<SpatialSummary> onEngineSizes = configuration.simulateOnEngineSizes(settings,
                PartitionHistories.byPartition(events).values());
        if (!configuration.isLeveled() && onEngineSizes.isEmpty()) {
            progressLine("%s, %s: a partition did not flush %,d times: its components are simulated on entries",
                    configuration.name(), distribution, settings.flushes());
        }
        return new SpatialPoliciesReport.Column(configuration.name(), writeAmplification(events),
                records / loadSeconds, perSearch, latency, SearchCounters.levels(listings, RTREE), partitions,
                configuration.simulate(settings), onEngineSizes);
    }

    /** Records 0 .. count - 1 in INSERT batches, a flush after every --records-per-flush of them; returns seconds. */
    private double load(QueryServiceClient client, LsmIntrospectionClient lsm, DatasetName dataset,
            RecordGenerator points, long count) {
        long start = System.nanoTime();
        try (Progress progress = new Progress("records", count, System.err, PROGRESS_INTERVAL,
                System.console() != null)) {
            for (long flushStart = 0; flushStart < count; flushStart += flushSize) {
                long flushEnd = Math.min(count, flushStart + flushSize);
                for (long first = flushStart; first < flushEnd; first += batchSize) {
                    long end = Math.min(flushEnd, first + batchSize);
                    client.executeOrThrow(HttpBatchSink.statement(dataset, FeedMode.INSERT, LongStream.range(first, end)
                            .mapToObj(id -> Statements.pointRecord(points, id, recordSize, seed)).toList()));
                    progress.advance(end - first);
                }
                lsm.flushWithoutListing(dataset.dataverse(), dataset.dataset());
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /** (bytes of every flush and merge output) / (bytes flushed), over all partitions of the index. */
    static double writeAmplification(List<LsmEvent> events) {
        long flushed = events.stream().filter(e -> e.type().equals(LsmEvent.FLUSH)).mapToLong(LsmEvent::bytesWritten)
                .sum();
        long written = events.stream().filter(e -> e.type().equals(LsmEvent.FLUSH) || e.type().equals(LsmEvent.MERGE))
                .mapToLong(LsmEvent::bytesWritten).sum();
        return flushed == 0 ? Double.NaN : (double) written / flushed;
    }

    private void progressLine(String format, Object... values) {
        PrintWriter err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, format + "%n", values);
        err.flush();
    }
}

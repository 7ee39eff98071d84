package org.spatiallsm.cli.bench;

import static org.spatiallsm.experiment.Statements.RTREE;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.KeepOption;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.PartitionHistories;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.SearchCounters;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.experiment.StudyBench;
import org.spatiallsm.experiment.bench.SpatialPoliciesReport;
import org.spatiallsm.experiment.report.ConfigurationData;
import org.spatiallsm.experiment.report.Run;
import org.spatiallsm.experiment.study.SpatialPoliciesStudy;
import org.spatiallsm.experiment.study.SpatialPolicyConfiguration;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.partitioning.simulation.SpatialSimulation;
import org.spatiallsm.partitioning.simulation.SpatialSummary;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spatial-lsm bench spatial-policies}: the experiment {@code spatial-policies} in one round (half the points
 * loaded, the other half inserted, then windows at each σ) with the command's knobs; the engine's figures, from the
 * run folder and the kept datasets, are printed beside the spatial simulator's prediction for the same flushes.
 */
@Command(name = "spatial-policies", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Loads the same points (each --distribution) into a fresh dataset per R-tree configuration of "
                + "a running cluster, flushing every --records-per-flush records, then queries windows at each --sigma "
                + "and prints side by side per configuration: the R-tree's write amplification, ingestion throughput, "
                + "components opened per search (from the engine's search counters; n/a when it has none), query "
                + "latency, components per level, and the spatial simulator's prediction for the same flushes.",
            "It runs the experiment spatial-policies with these knobs and rounds=1 (its run folder, CSVs included, "
                + "goes to --out). Results are printed, never asserted; see docs/leveled.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "1:AsterixDB refused a statement",
            "2:bad command line", CommandFailures.NO_USABLE_CLUSTER })
public final class SpatialPoliciesBenchCommand implements Callable<Integer> {

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

    @Option(names = "--transport", paramLabel = "http|feed", defaultValue = "http",
            description = "http: INSERT statements of --batch records; feed: one socket feed per configuration "
                    + "(default: ${DEFAULT-VALUE})")
    String transport;

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

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "where the run folder spatial-policies-<yyyyMMdd-HHmmss>/ is created, as by experiment "
                    + "(default: ${DEFAULT-VALUE})")
    Path out;

    @Mixin
    KeepOption keep;

    @Mixin
    EndpointOption endpoint;

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
        if (!transport.equals("http") && !transport.equals("feed")) {
            throw new IllegalArgumentException("--transport must be http or feed, got '" + transport + "'");
        }
        distributions.forEach(this::generator);
        return SpatialPolicyConfiguration.select(configurations);
    }

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            List<SpatialPolicyConfiguration> chosen = validatedArguments();
            SpatialPoliciesStudy study = new SpatialPoliciesStudy();
            List<String> knobs = knobs(chosen, distributions, records, queries);
            StudyBench.configurations(study, Scale.SMOKE, knobs);
            long warmUps = warmUpRecords == null ? records : warmUpRecords;
            if (warmUps > 0) {
                StudyBench.warmUp(endpoint.client(), System.err, study, Scale.SMOKE, knobs(chosen.subList(0, 1),
                        distributions.subList(0, 1), Math.max(2, warmUps), 0));
            }
            PrintWriter out = spec.commandLine().getOut();
            try (StudyBench bench = StudyBench.run(endpoint.client(), System.err, study, Scale.SMOKE, knobs, this.out,
                    keep.keep())) {
                Run samples = Run.read(bench.folder().root());
                for (String distribution : distributions) {
                    List<SpatialPoliciesReport.Column> columns = new ArrayList<>();
                    for (SpatialPolicyConfiguration configuration : chosen) {
                        columns.add(column(bench, samples, configuration, distribution));
                    }
                    out.print(SpatialPoliciesReport.table(String.format(Locale.ROOT, "spatial policies: %s, %,d "
                            + "records of about %,d bytes, flushes of %,d records, %d windows per sigma, seed %d, at "
                            + "%s; run folder %s", distribution, records, recordSize, flushSize, queries, seed,
                            endpoint.endpoint(), bench.folder().root()), sigmas, columns));
                    out.println();
                    out.flush();
                }
            }
            return CommandFailures.OK;
        });
    }

    /** The experiment's knobs: one round, so that all records are in before the windows are queried. */
    private List<String> knobs(List<SpatialPolicyConfiguration> chosen, List<String> chosenDistributions,
            long count, int windows) {
        return List.of("records=" + count, "recordBytes=" + recordSize, "recordsPerFlush=" + flushSize,
                "batch=" + batchSize, "transport=" + transport, "queries=" + windows, "rounds=1",
                "sigmas=" + sigmas.stream().map(SpatialPoliciesReport::sigma).collect(Collectors.joining(",")),
                "distributions=" + String.join(",", chosenDistributions), "configurations=" + chosen.stream()
                        .map(SpatialPolicyConfiguration::name).collect(Collectors.joining(",")), "seed=" + seed);
    }

    private RecordGenerator generator(String distribution) {
        return new RecordGenerator(PointDistributions.create(distribution, Map.of(), seed),
                RecordShapes.named("point"), seed);
    }

    /**
     * One configuration on one distribution: the engine's figures from its run folder's samples and its kept
     * dataset (events, listings), beside the simulator's run on the same flushes.
     */
    private SpatialPoliciesReport.Column column(StudyBench bench, Run samples,
            SpatialPolicyConfiguration configuration, String distribution) {
        String id = configuration.name() + "-" + distribution;
        DatasetName dataset = bench.dataset(bench.configurations().stream().filter(c -> c.id().equals(id))
                .findFirst().orElseThrow());
        ConfigurationData data = samples.configurations().stream()
                .filter(c -> c.configuration().id().equals(id)).findFirst().orElseThrow();
        LsmIntrospectionClient lsm = bench.cluster().lsm();
        List<LsmEvent> events = lsm.events(dataset.dataverse(), dataset.dataset()).stream()
                .filter(e -> e.where().index().equals(RTREE)).toList();
        List<ComponentsListing> listings = lsm.typedListings(dataset.dataverse(), dataset.dataset());
        int partitions = SearchCounters.partitions(listings, RTREE);
        Map<Double, OptionalDouble> perSearch = new LinkedHashMap<>();
        Map<Double, Double> latency = new LinkedHashMap<>();
        for (double sigma : sigmas) {
            List<ConfigurationData.Query> windows = data.queries().stream().filter(q -> q.sigma() == sigma).toList();
            // A query searches every partition once: its components opened over all of them, per partition here.
            OptionalDouble opened = windows.stream().mapToDouble(ConfigurationData.Query::componentsOpened).average();
            perSearch.put(sigma, opened.isPresent() && !Double.isNaN(opened.getAsDouble())
                    ? OptionalDouble.of(opened.getAsDouble() / partitions) : OptionalDouble.empty());
            latency.put(sigma, windows.stream().mapToDouble(ConfigurationData.Query::latencyMs).average()
                    .orElse(Double.NaN));
        }
        double loadMillis = data.throughput().isEmpty() ? Double.NaN
                : data.throughput().get(data.throughput().size() - 1).tMs();
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
                records / (loadMillis / 1000), perSearch, latency, SearchCounters.levels(listings, RTREE), partitions,
                configuration.simulate(settings), onEngineSizes);
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

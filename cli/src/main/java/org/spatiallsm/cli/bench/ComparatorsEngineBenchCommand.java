package org.spatiallsm.cli.bench;

import static org.spatiallsm.experiment.Statements.RTREE;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.KeepOption;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.experiment.ClusterSession;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Progress;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.storage.RTreeComparator;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.GeoRect;
import org.spatiallsm.workloads.Seeds;
import org.spatiallsm.workloads.SpatialQueries;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spatial-lsm bench comparators-engine}: the same point records into one dataset per R-tree comparator, and
 * what the comparator costs inside the engine: flush and merge times, ingestion rate, query latency.
 */
@Command(name = "comparators-engine", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Ingests the same generated point records into one fresh dataset per R-tree comparator (an "
                + "R-tree on the point, \"comparator\" as given, merge policy binomial k=4), flushing after every "
                + "--records/--flushes records, "
                + "then fully merges each (COMPACT DATASET) and runs the same window queries of selectivity "
                + "10^-sigma on each, round robin. Prints side by side: the time of the forced flushes (primary "
                + "index and R-tree), the R-tree's merge times from the LSM events (scheduling to installation), "
                + "ingestion throughput, and median and mean query latency per sigma.",
            "Results are printed, never asserted; see docs/ddl.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "1:AsterixDB refused a statement",
            "2:bad command line", CommandFailures.NO_USABLE_CLUSTER })
public final class ComparatorsEngineBenchCommand implements Callable<Integer> {

    private static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(30);
    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(10);
    /** A spatial-lsm policy on the R-tree: only those report LSM events, and so merge times. */
    private static final String RTREE_POLICY = "{\"name\": \"binomial\", \"parameters\": {\"k\": 4}}";

    @Spec
    CommandSpec spec;

    @Option(names = "--comparators", paramLabel = "NAME,...", split = ",",
            description = "R-tree comparators to compare (default: hilbert-stock,hilbert,simple)")
    List<String> comparators = List.of("hilbert-stock", "hilbert", "simple");

    @Option(names = "--records", paramLabel = "N", defaultValue = "300000",
            description = "records per comparator (default: ${DEFAULT-VALUE})")
    long records;

    @Option(names = "--flushes", paramLabel = "F", defaultValue = "15",
            description = "forced flushes per comparator; --records must be a multiple (default: ${DEFAULT-VALUE})")
    long flushes;

    @Option(names = "--record-bytes", paramLabel = "BYTES", defaultValue = "1000",
            description = "approximate size of a record's payload (default: ${DEFAULT-VALUE})")
    int recordBytes;

    @Option(names = "--sigma", paramLabel = "SIGMA,...", split = ",",
            description = "query selectivities 10^-SIGMA (default: 3,5)")
    List<Double> sigmas = List.of(3.0, 5.0);

    @Option(names = "--queries", paramLabel = "Q", defaultValue = "50",
            description = "queries per sigma, each run on every dataset (default: ${DEFAULT-VALUE})")
    int queries;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "42",
            description = "seed of the query centres (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmComparatorBench",
            description = "scratch dataverse, dropped and recreated (default: ${DEFAULT-VALUE})")
    String dataverse;

    @Mixin
    KeepOption keep;

    @Mixin
    EndpointOption endpoint;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            List<RTreeComparator> chosen = chosenComparators();
            long perFlush = validated();
            QueryServiceClient client = endpoint.client();
            LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, SETTLE_TIMEOUT);
            String scratch = Sqlpp.identifier(dataverse);
            client.executeOrThrow("DROP DATAVERSE " + scratch + " IF EXISTS; CREATE DATAVERSE " + scratch + ";");
            Map<RTreeComparator, Ingestion> ingestions = new LinkedHashMap<>();
            for (RTreeComparator comparator : chosen) {
                ingestions.put(comparator, ingest(client, lsm, comparator, perFlush));
            }
            Map<Double, List<GeoRect>> windows = windows(client, dataset(chosen.get(0)));
            Map<RTreeComparator, Map<Double, double[]>> latencies = new LinkedHashMap<>();
            Map<RTreeComparator, Map<Double, Long>> results = new LinkedHashMap<>();
            for (RTreeComparator comparator : chosen) {
                latencies.put(comparator, new LinkedHashMap<>());
                results.put(comparator, new LinkedHashMap<>());
                count(client, dataset(comparator), windows.get(sigmas.get(0)).get(0)); // compiles the plan, untimed
            }
            for (double sigma : sigmas) {
                progressLine("queries: %d of sigma %s on each of %d datasets", queries, sigma, chosen.size());
                for (int q = 0; q < queries; q++) {
                    for (int i = 0; i < chosen.size(); i++) {
                        // Round robin, starting one further each query: no comparator always runs first.
                        RTreeComparator comparator = chosen.get((q + i) % chosen.size());
                        long start = System.nanoTime();
                        long found = count(client, dataset(comparator), windows.get(sigma).get(q));
                        double millis = (System.nanoTime() - start) / 1e6;
                        latencies.get(comparator).computeIfAbsent(sigma, s -> new double[queries])[q] = millis;
                        results.get(comparator).merge(sigma, found, Long::sum);
                    }
                }
            }
            if (!keep.keep()) {
                client.executeOrThrow("DROP DATAVERSE " + scratch + ";");
            }
            List<ComparatorEngineRow> rows = new ArrayList<>();
            for (RTreeComparator comparator : chosen) {
                Ingestion ingestion = ingestions.get(comparator);
                rows.add(new ComparatorEngineRow(comparator.optionValue(), ingestion.flushMillis(),
                        ingestion.mergeMillis(), records / ingestion.seconds(), latencies.get(comparator),
                        results.get(comparator)));
            }
            String title = String.format(Locale.ROOT, "R-tree comparators in the engine: %,d records of about %,d "
                    + "bytes per comparator, %d flushes of %,d records, R-tree under binomial k=4, then COMPACT "
                    + "DATASET; %d window queries per sigma; at %s", records, recordBytes, flushes, perFlush, queries,
                    endpoint.endpoint());
            spec.commandLine().getOut().print(ComparatorEngineRow.table(title, sigmas, rows));
            spec.commandLine().getOut().flush();
            return CommandFailures.OK;
        });
    }

    /** One comparator's ingestion: each forced flush's time, the R-tree's merge times, the total time. */
    private record Ingestion(double[] flushMillis, double[] mergeMillis, double seconds) {
    }

    private Ingestion ingest(QueryServiceClient client, LsmIntrospectionClient lsm, RTreeComparator comparator,
            long perFlush) throws InterruptedException {
        DatasetName dataset = dataset(comparator);
        String type = Sqlpp.identifier(dataset.dataset() + "Type");
        client.executeOrThrow("USE " + Sqlpp.identifier(dataverse) + "; CREATE TYPE " + type + " AS { id: int64, "
                + "location: point, payload: string }; CREATE DATASET " + Sqlpp.identifier(dataset.dataset()) + "("
                + type + ") PRIMARY KEY id; CREATE INDEX " + RTREE + " ON " + Sqlpp.identifier(dataset.dataset())
                + "(location) TYPE RTREE WITH {\"comparator\": \"" + comparator.optionValue() + "\", \"merge-policy\": "
                + RTREE_POLICY + "};");
        progressLine("%s: %,d records in %d flushes", comparator.optionValue(), records, flushes);
        double[] flushMillis = new double[(int) flushes];
        long start = System.nanoTime();
        try (Progress progress = new Progress("records", records, System.err, PROGRESS_INTERVAL,
                System.console() != null)) {
            for (int flush = 0; flush < flushes; flush++) {
                client.executeOrThrow(Statements.generatedOnCluster(dataset, flush * perFlush, perFlush,
                        recordBytes, true));
                long flushStart = System.nanoTime();
                lsm.flushWithoutListing(dataset.dataverse(), dataset.dataset());
                flushMillis[flush] = (System.nanoTime() - flushStart) / 1e6;
                progress.advance(perFlush);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        ClusterSession.settle(lsm, dataset);
        client.executeOrThrow("USE " + Sqlpp.identifier(dataverse) + "; COMPACT DATASET "
                + Sqlpp.identifier(dataset.dataset()) + ";");
        ClusterSession.settle(lsm, dataset);
        double[] mergeMillis = lsm.events(dataset.dataverse(), dataset.dataset()).stream()
                .filter(e -> e.where().index().equals(RTREE) && e.isMerge()).map(LsmEvent::durationMillis)
                .filter(d -> d.isPresent()).mapToDouble(d -> d.getAsDouble()).toArray();
        progressLine("%s: ingested in %.1f s, %d R-tree merges", comparator.optionValue(), seconds,
                mergeMillis.length);
        return new Ingestion(flushMillis, mergeMillis, seconds);
    }

    /**
     * Per sigma, the query windows of the spatial-workloads generator around records that were loaded (Mao's
     * protocol); the centres are read back, since the cluster generated the points.
     */
    private Map<Double, List<GeoRect>> windows(QueryServiceClient client, DatasetName dataset) {
        Map<Double, List<GeoRect>> windows = new LinkedHashMap<>();
        for (double sigma : sigmas) {
            List<Long> ids = new ArrayList<>();
            for (int q = 0; q < queries; q++) {
                ids.add(Seeds.forItem(seed + Double.hashCode(sigma), q).nextLong(records));
            }
            Map<Long, GeoPoint> centres = new LinkedHashMap<>();
            for (JsonNode row : client.executeOrThrow("USE " + Sqlpp.identifier(dataverse) + "; SELECT VALUE [p.id, "
                    + "get_x(p.location), get_y(p.location)] FROM " + Sqlpp.identifier(dataset.dataset()) + " p WHERE "
                    + "p.id IN " + ids + ";").results()) {
                centres.put(row.get(0).asLong(), new GeoPoint(row.get(1).asDouble(), row.get(2).asDouble()));
            }
            windows.put(sigma, ids.stream().map(id -> SpatialQueries.window(centres.get(id), sigma)).toList());
        }
        return windows;
    }

    /** The records in the window, fetched whole (as the studies' queries do); returns how many. */
    private long count(QueryServiceClient client, DatasetName dataset, GeoRect window) {
        return client.executeOrThrow(String.format(Locale.ROOT, "USE %s; SELECT VALUE p FROM %s p WHERE "
                + "spatial_intersect(p.location, create_rectangle(create_point(%s, %s), create_point(%s, %s)));",
                Sqlpp.identifier(dataverse), Sqlpp.identifier(dataset.dataset()), window.minLon(), window.minLat(),
                window.maxLon(), window.maxLat())).results().size();
    }

    private DatasetName dataset(RTreeComparator comparator) {
        return new DatasetName(dataverse, comparator.optionValue().replace('-', '_'));
    }

    private List<RTreeComparator> chosenComparators() {
        List<RTreeComparator> chosen = new ArrayList<>();
        for (String name : comparators) {
            RTreeComparator comparator = RTreeComparator.fromOption(name.strip()); // a one-line error if unknown
            if (chosen.contains(comparator)) {
                throw new IllegalArgumentException("--comparators lists " + name.strip() + " twice");
            }
            chosen.add(comparator);
        }
        return chosen;
    }

    /** Checks the knobs; returns the records per flush. */
    private long validated() {
        MergePoliciesBenchCommand.checkEqualFlushes(records, flushes);
        if (recordBytes < 1) {
            throw new IllegalArgumentException("--record-bytes must be >= 1, got " + recordBytes);
        }
        if (queries < 1) {
            throw new IllegalArgumentException("--queries must be >= 1, got " + queries);
        }
        for (double sigma : sigmas) {
            if (!(sigma >= 0)) {
                throw new IllegalArgumentException("--sigma must be >= 0, got " + sigma);
            }
        }
        return records / flushes;
    }

    private void progressLine(String format, Object... values) {
        PrintWriter err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, format + "%n", values);
        err.flush();
    }
}

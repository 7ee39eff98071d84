package org.spatiallsm.cli.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Function;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.KeepOption;
import org.spatiallsm.cli.WithOption;
import org.spatiallsm.client.QueryFailedException;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.experiment.ClusterSession;
import org.spatiallsm.experiment.RecordTransport;
import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.experiment.study.OrganisationStatements;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.DatasetSetup;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.SpatialQueries;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench grid-density}: the SHB-tree at several grid densities beside the R-tree, on one dataset of generated
 * tweets (or House / Lake squares), with the false-positive ratio of each. Kim's organisations side by side at a
 * chosen scale are the experiments {@code index-organisations} and {@code non-point}; see docs/experiments.md and
 * docs/index-organisations.md.
 */
@Command(name = "grid-density", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "The grid-density sweep of Kim's Ch. 5: one dataset is loaded through a socket feed (as the "
                + "experiments load), then "
                + "for the R-tree and for an SHB-tree per density setting in turn: CREATE INDEX (timed), its "
                + "size, the circle selects at each radius (index-only and not), DROP INDEX. Printed side by "
                + "side, relative to the R-tree.",
            "A setting whose DDL fails gets its one-line error in its column; the others run on. Results are "
                + "printed, never asserted; see docs/index-organisations.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success (also when some settings failed: "
                + "see their columns)", "1:AsterixDB refused a statement the run needs", "2:bad command line",
            CommandFailures.NO_USABLE_CLUSTER })
public final class GridDensityBenchCommand implements Callable<Integer> {

    private static final Duration LSM_TIMEOUT = Duration.ofMinutes(10);

    @Spec
    CommandSpec spec;

    @Option(names = "--data", paramLabel = "tweets|houses|lakes", defaultValue = "tweets",
            description = "tweets: Kim's 1 KB tweet on points; houses, lakes: the tweet with a square area of "
                    + "Kim's House (Gaussian) or Lake (Zipf) sizes (default: ${DEFAULT-VALUE})")
    String data;

    @Option(names = "--records", paramLabel = "N", defaultValue = "20000",
            description = "records loaded (default: ${DEFAULT-VALUE})")
    long records;

    @Option(names = "--distribution", paramLabel = "NAME", defaultValue = "osm-like",
            description = "point distribution of the tweets, or of the squares' centres (default: ${DEFAULT-VALUE})")
    String distribution;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "seed of the records and of the queries (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--radius", paramLabel = "DEGREES,...", split = ",",
            description = "circle radii of the selects (default: Kim's 0.00001,0.0001,0.001,0.01,0.1)")
    List<Double> radii = List.of(0.00001, 0.0001, 0.001, 0.01, 0.1);

    @Option(names = "--queries", paramLabel = "Q", defaultValue = "20",
            description = "timed selects per radius and kind (index-only and not) on each index (default: "
                    + "${DEFAULT-VALUE})")
    int queries;

    @Option(names = "--warm-up-queries", paramLabel = "W", defaultValue = "2",
            description = "untimed selects per radius and kind on each index before the timed ones (default: "
                    + "${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--levels", paramLabel = "D,D,D,D,D,D;...", split = ";",
            description = "SHB density settings, six letters l, m or h each, separated by ';' (default: the "
                    + "Ch. 5 grid from 2^24 to 2^40 bottom cells: l,l,l,l,l,l;l,l,l,l,l,m;l,l,l,l,m,m;"
                    + "l,l,l,l,h,m;l,l,l,l,h,h;l,l,m,m,m,h;h,h,h,h,l,l)")
    List<String> levels = Organisation.DENSITY_SWEEP;

    @Option(names = "--no-rtree", description = "leave out the R-tree column (no relative values then)")
    boolean noRtree;

    @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmOrganisationBench",
            description = "scratch dataverse, dropped and recreated (default: ${DEFAULT-VALUE})")
    String dataverse;

    @Mixin
    KeepOption keep;

    @Mixin
    EndpointOption endpoint;

    @Mixin
    WithOption with;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            RecordShape shape = shape();
            validate();
            List<Organisation> indexes = new ArrayList<>();
            if (!noRtree) {
                indexes.add(Organisation.RTREE);
            }
            for (String setting : levels) {
                indexes.add(Organisation.shb(setting, nonPoint()));
            }
            List<OrganisationRow> rows = new Run(shape).densities(indexes);
            String title = String.format(Locale.ROOT, "SHB grid densities: %,d %s records (%s, seed %d) in one "
                    + "dataset, one index at a time: CREATE INDEX, size, %d selects per radius and kind; at %s",
                    records, shape.name(), distribution, seed, queries, endpoint.endpoint());
            spec.commandLine().getOut().print(OrganisationRow.table(title, radii, rows));
            spec.commandLine().getOut().flush();
            return CommandFailures.OK;
        });
    }

    private boolean nonPoint() {
        return !data.equals("tweets");
    }

    private RecordShape shape() {
        return switch (data) {
            case "tweets" -> RecordShapes.named("tweet");
            case "houses" -> RecordShapes.named("house");
            case "lakes" -> RecordShapes.named("lake");
            default -> throw new IllegalArgumentException("--data must be tweets, houses or lakes, got '" + data
                    + "'");
        };
    }

    /** One-line errors for bad knobs. */
    private void validate() {
        if (records < 1) {
            throw new IllegalArgumentException("--records must be >= 1, got " + records);
        }
        if (queries < 1) {
            throw new IllegalArgumentException("--queries must be >= 1, got " + queries);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warm-up-queries must be >= 0, got " + warmup);
        }
        if (radii.isEmpty()) {
            throw new IllegalArgumentException("--radius names no radius");
        }
        for (double radius : radii) {
            if (!(radius > 0 && Double.isFinite(radius))) {
                throw new IllegalArgumentException("--radius must be > 0, got " + radius);
            }
        }
    }

    /** One run against the cluster. */
    private final class Run {

        private final RecordShape shape;
        private final RecordGenerator generator;
        private final QueryServiceClient client;
        private final LsmIntrospectionClient lsm;
        private final DatasetName dataset;
        private final OrganisationStatements sql;

        Run(RecordShape shape) {
            this.shape = shape;
            this.generator = new RecordGenerator(PointDistributions.create(distribution, Map.of(), seed), shape,
                    seed);
            this.client = endpoint.client();
            this.lsm = new LsmIntrospectionClient(client, LSM_TIMEOUT);
            this.dataset = new DatasetName(dataverse, "Data");
            this.sql = new OrganisationStatements(dataset, shape, nonPoint());
        }

        /** Loads the dataset once, then builds, measures and drops each index in turn. */
        List<OrganisationRow> densities(List<Organisation> indexes) throws Exception {
            String scratch = Sqlpp.identifier(dataverse);
            client.executeOrThrow("DROP DATAVERSE " + scratch + " IF EXISTS; CREATE DATAVERSE " + scratch + ";");
            client.executeOrThrow(DatasetSetup.createStatements(dataset, shape, with.with(), false));
            load();
            List<OrganisationRow> rows = new ArrayList<>();
            for (Organisation index : indexes) {
                try {
                    rows.add(measure(index));
                } catch (QueryFailedException e) {
                    rows.add(OrganisationRow.failed(index.label(), firstLine(e.getMessage())));
                    progress("%s: error: %s", index.label(), firstLine(e.getMessage()));
                } finally {
                    client.executeOrThrow(sql.dropIndex()); // the next needs the name
                }
            }
            if (!keep.keep()) {
                client.executeOrThrow("DROP DATAVERSE " + scratch + ";");
            }
            return rows;
        }

        /** Through one socket feed, as the experiments load. */
        private void load() throws Exception {
            double seconds = new RecordTransport(true, 1).loadAll(new ClusterSession(client, dataverse), dataset,
                    DatasetSetup.typeNameFor(dataset), shape.idField(), id -> RecordFormat.ADM.format(
                            generator.record(id)), records);
            progress("%,d records in %.1f s", records, seconds);
        }

        /**
         * CREATE INDEX on the loaded dataset (timed), its size on disk, then the selects at each radius, index-only
         * and not, the first {@code warmup} of each radius untimed; the counters' difference gives the candidates.
         */
        private OrganisationRow measure(Organisation index) {
            progress("%s: CREATE INDEX on %,d records", index.label(), records);
            long start = System.nanoTime();
            client.executeOrThrow(sql.createIndex(index, ""));
            double buildMillis = (System.nanoTime() - start) / 1e6;
            long bytes = lsm.components(dataset.dataverse(), dataset.dataset()).stream()
                    .filter(c -> !c.primary() && c.where().index().equals(OrganisationStatements.INDEX))
                    .mapToLong(GridDensityBenchCommand::bytes).sum();
            progress("%s: built in %.2f s, %,d bytes; %d warm-up and %d timed selects per radius and kind",
                    index.label(), buildMillis / 1000, bytes, warmup, queries);
            List<ComponentsListing> before = lsm.typedListings(dataset.dataverse(), dataset.dataset());
            Map<Double, double[]> indexOnly = new LinkedHashMap<>();
            Map<Double, double[]> full = new LinkedHashMap<>();
            Map<Double, Long> results = new LinkedHashMap<>();
            SpatialQueries circles = new SpatialQueries(generator, 0, records, seed);
            for (int r = 0; r < radii.size(); r++) {
                double radius = radii.get(r);
                for (int i = 0; i < warmup + queries; i++) {
                    SpatialQueries.Circle circle = circles.circle((long) i * radii.size() + r, radii);
                    long queryStart = System.nanoTime();
                    long found = count(sql.selectIndexOnly(circle));
                    double indexOnlyMillis = (System.nanoTime() - queryStart) / 1e6;
                    queryStart = System.nanoTime();
                    count(sql.select(circle));
                    double fullMillis = (System.nanoTime() - queryStart) / 1e6;
                    if (i >= warmup) {
                        indexOnly.computeIfAbsent(radius, x -> new double[queries])[i - warmup] = indexOnlyMillis;
                        full.computeIfAbsent(radius, x -> new double[queries])[i - warmup] = fullMillis;
                        results.merge(radius, found, Long::sum);
                    }
                }
            }
            List<ComponentsListing> after = lsm.typedListings(dataset.dataverse(), dataset.dataset());
            return new OrganisationRow(index.label(), null, buildMillis, bytes, indexOnly, full, results,
                    difference(before, after, OrganisationRow::candidates),
                    difference(before, after, OrganisationRow::results));
        }

        private long count(String query) {
            return client.executeOrThrow(query).results().get(0).asLong();
        }

        private void progress(String format, Object... values) {
            spec.commandLine().getErr().printf(Locale.ROOT, format + "%n", values);
            spec.commandLine().getErr().flush();
        }
    }

    private static OptionalLong difference(List<ComponentsListing> before, List<ComponentsListing> after,
            Function<IndexListing, Long> counter) {
        OptionalLong from = OrganisationRow.counter(before, OrganisationStatements.INDEX, counter);
        OptionalLong to = OrganisationRow.counter(after, OrganisationStatements.INDEX, counter);
        return from.isPresent() && to.isPresent() ? OptionalLong.of(to.getAsLong() - from.getAsLong())
                : OptionalLong.empty();
    }

    private static long bytes(IndexComponents index) {
        return index.components().stream().mapToLong(c -> c.bytes()).sum();
    }

    /** The first line of an error message: AsterixDB's can run on with a stack of causes. */
    static String firstLine(String message) {
        if (message == null) {
            return "failed";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).strip();
    }
}

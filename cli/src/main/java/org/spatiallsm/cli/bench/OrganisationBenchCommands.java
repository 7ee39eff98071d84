package org.spatiallsm.cli.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.FeedOptions;
import org.spatiallsm.cli.KeepOption;
import org.spatiallsm.cli.WithOption;
import org.spatiallsm.client.QueryFailedException;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.DatasetSetup;
import org.spatiallsm.load.FeedMode;
import org.spatiallsm.load.GeneratedRecords;
import org.spatiallsm.load.LoadException;
import org.spatiallsm.load.LoadReport;
import org.spatiallsm.load.Loader;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.Seeds;
import org.spatiallsm.workloads.SpatialQueries;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench index-organisations} and {@code bench grid-density}: Kim's spatial index organisations side by side,
 * relative to the R-tree, on the same generated tweets (or House / Lake squares). See docs/index-organisations.md.
 */
public final class OrganisationBenchCommands {

    private static final Duration LSM_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(10);
    private static final String INDEX = "spatialIndex";
    /** Kim's non-index-only predicate: a non-indexed field, true for every record. */
    private static final String EXTRA_FIELD_PREDICATE = "`btree-extra-field1` <= 2147483647";
    private static final int CONTENT_CHECKS = 5;

    private OrganisationBenchCommands() {
    }

    /** What both commands share: the data, the queries, the scale knobs and where the cluster is. */
    static final class Settings {

        @Option(names = "--data", paramLabel = "tweets|houses|lakes", defaultValue = "tweets",
                description = "tweets: Kim's 1 KB tweet on points; houses, lakes: the tweet with a square area of "
                        + "Kim's House (Gaussian) or Lake (Zipf) sizes (default: ${DEFAULT-VALUE})")
        String data;

        @Option(names = "--records", paramLabel = "N", defaultValue = "20000",
                description = "records loaded per dataset (default: ${DEFAULT-VALUE})")
        long records;

        @Option(names = "--distribution", paramLabel = "NAME", defaultValue = "osm-like",
                description = "point distribution of the tweets, or of the squares' centres (default: "
                        + "${DEFAULT-VALUE})")
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

        @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmOrganisationBench",
                description = "scratch dataverse, dropped and recreated (default: ${DEFAULT-VALUE})")
        String dataverse;

        @Mixin
        KeepOption keep;

        @Mixin
        EndpointOption endpoint;

        @Mixin
        FeedOptions feed;

        @Mixin
        WithOption with;

        boolean nonPoint() {
            return !data.equals("tweets");
        }

        RecordShape shape() {
            return switch (data) {
                case "tweets" -> RecordShapes.named("tweet");
                case "houses" -> RecordShapes.named("house");
                case "lakes" -> RecordShapes.named("lake");
                default -> throw new IllegalArgumentException("--data must be tweets, houses or lakes, got '" + data
                        + "'");
            };
        }

        /** Checks the knobs shared by both commands; one-line errors. */
        void validate() {
            shape();
            feed.port();
            feed.stallTimeout();
            positive("--records", records);
            positive("--queries", queries);
            if (warmup < 0) {
                throw new IllegalArgumentException("--warm-up-queries must be >= 0, got " + warmup);
            }
            checkRadii("--radius", radii);
        }
    }

    static void positive(String option, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(option + " must be >= 1, got " + value);
        }
    }

    static void checkRadii(String option, List<Double> radii) {
        if (radii.isEmpty()) {
            throw new IllegalArgumentException(option + " names no radius");
        }
        for (double radius : radii) {
            if (!(radius > 0 && Double.isFinite(radius))) {
                throw new IllegalArgumentException(option + " must be > 0, got " + radius);
            }
        }
    }

    @Command(name = "index-organisations", mixinStandardHelpOptions = true, sortOptions = false,
            description = { "Kim's spatial index organisations side by side, relative to the R-tree: the same "
                    + "generated records are ingested through a socket feed into one fresh dataset per "
                    + "organisation, carrying that index; the index is then dropped and built again on the loaded "
                    + "data (CREATE INDEX), and its size read from the components listing. Then circle selects at "
                    + "each radius, index-only (only the key) and not (a non-indexed field too), and index "
                    + "nested-loop joins of --join-outer points at each join radius, round robin over the datasets.",
                "An organisation whose DDL fails gets its one-line error in its column; the others run on. "
                    + "Results are printed, never asserted; see docs/index-organisations.md." },
            exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success (also when some organisations "
                    + "failed: see their columns)", "1:AsterixDB refused a statement the run needs",
                "2:bad command line", CommandFailures.NO_USABLE_CLUSTER })
    public static final class IndexOrganisations implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Mixin
        Settings settings;

        @Option(names = "--organisations", paramLabel = "NAME,...", split = ",",
                description = "organisations to compare: rtree, dhb, dhvb, shb, sif (default: all five)")
        List<String> organisations = BenchContender.ORGANISATIONS;

        @Option(names = "--join-radius", paramLabel = "DEGREES,...", split = ",",
                description = "circle radii of the joins (default: Kim's 0.00001,0.0001,0.001,0.01)")
        List<Double> joinRadii = List.of(0.00001, 0.0001, 0.001, 0.01);

        @Option(names = "--joins", paramLabel = "J", defaultValue = "3",
                description = "timed joins per join radius on each index (default: ${DEFAULT-VALUE})")
        int joins;

        @Option(names = "--join-outer", paramLabel = "N", defaultValue = "100",
                description = "outer records per join, each a circle searching the index (default: "
                        + "${DEFAULT-VALUE})")
        int joinOuter;

        @Override
        public Integer call() {
            return CommandFailures.run(spec.commandLine().getErr(), () -> {
                settings.validate();
                checkRadii("--join-radius", joinRadii);
                positive("--joins", joins);
                positive("--join-outer", joinOuter);
                List<BenchContender> contenders = BenchContender.organisations(organisations, settings.nonPoint());
                Run run = new Run(settings, spec);
                List<OrganisationRow> rows = run.organisations(contenders, joinRadii, joins, joinOuter);
                String title = String.format(Locale.ROOT, "index organisations: %,d %s records (%s, seed %d) per "
                        + "organisation, socket feed, then CREATE INDEX; %d selects per radius and kind, %d joins of "
                        + "%d outer records per join radius; at %s", settings.records, settings.shape().name(),
                        settings.distribution, settings.seed, settings.queries, joins, joinOuter,
                        settings.endpoint.endpoint());
                spec.commandLine().getOut().print(OrganisationRow.table(title, settings.radii, joinRadii, rows));
                spec.commandLine().getOut().flush();
                return CommandFailures.OK;
            });
        }
    }

    @Command(name = "grid-density", mixinStandardHelpOptions = true, sortOptions = false,
            description = { "The grid-density sweep of Kim's Ch. 5: one dataset is loaded through a socket feed, then "
                    + "for the R-tree and for an SHB-tree per density setting in turn: CREATE INDEX (timed), its "
                    + "size, the circle selects at each radius (index-only and not), DROP INDEX. Printed side by "
                    + "side, relative to the R-tree.",
                "A setting whose DDL fails gets its one-line error in its column; the others run on. Results are "
                    + "printed, never asserted; see docs/index-organisations.md." },
            exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success (also when some settings failed: "
                    + "see their columns)", "1:AsterixDB refused a statement the run needs", "2:bad command line",
                CommandFailures.NO_USABLE_CLUSTER })
    public static final class GridDensity implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Mixin
        Settings settings;

        @Option(names = "--levels", paramLabel = "D,D,D,D,D,D;...", split = ";",
                description = "SHB density settings, six letters l, m or h each, separated by ';' (default: the "
                        + "Ch. 5 grid from 2^24 to 2^40 bottom cells: l,l,l,l,l,l;l,l,l,l,l,m;l,l,l,l,m,m;"
                        + "l,l,l,l,h,m;l,l,l,l,h,h;l,l,m,m,m,h;h,h,h,h,l,l)")
        List<String> levels = BenchContender.DENSITY_SWEEP;

        @Option(names = "--no-rtree", description = "leave out the R-tree column (no relative values then)")
        boolean noRtree;

        @Override
        public Integer call() {
            return CommandFailures.run(spec.commandLine().getErr(), () -> {
                settings.validate();
                List<BenchContender> contenders = new ArrayList<>();
                if (!noRtree) {
                    contenders.add(BenchContender.RTREE);
                }
                for (String setting : levels) {
                    contenders.add(BenchContender.shb(setting, settings.nonPoint()));
                }
                Run run = new Run(settings, spec);
                List<OrganisationRow> rows = run.densities(contenders);
                String title = String.format(Locale.ROOT, "SHB grid densities: %,d %s records (%s, seed %d) in one "
                        + "dataset, one index at a time: CREATE INDEX, size, %d selects per radius and kind; at %s",
                        settings.records, settings.shape().name(), settings.distribution, settings.seed,
                        settings.queries, settings.endpoint.endpoint());
                spec.commandLine().getOut().print(OrganisationRow.table(title, settings.radii, List.of(), rows));
                spec.commandLine().getOut().flush();
                return CommandFailures.OK;
            });
        }
    }

    /** One run against the cluster. */
    private static final class Run {

        private final Settings settings;
        private final CommandSpec spec;
        private final RecordShape shape;
        private final RecordGenerator generator;
        private final QueryServiceClient client;
        private final LsmIntrospectionClient lsm;
        private final String dataverse;

        Run(Settings settings, CommandSpec spec) {
            this.settings = settings;
            this.spec = spec;
            this.shape = settings.shape();
            this.generator = new RecordGenerator(PointDistributions.create(settings.distribution, Map.of(),
                    settings.seed), shape, settings.seed);
            this.client = settings.endpoint.client();
            this.lsm = new LsmIntrospectionClient(client, LSM_TIMEOUT);
            this.dataverse = Sqlpp.identifier(settings.dataverse);
        }

        /** A measured index: its dataset and what the build and load gave; queries fill in the rest. */
        private record Built(BenchContender contender, DatasetName dataset, double recordsPerSecond,
                double buildMillis, long indexBytes) {
        }

        List<OrganisationRow> organisations(List<BenchContender> contenders, List<Double> joinRadii, int joins,
                int joinOuter) {
            client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + ";");
            Map<BenchContender, String> errors = new LinkedHashMap<>();
            List<Built> built = new ArrayList<>();
            for (BenchContender contender : contenders) {
                DatasetName dataset = new DatasetName(settings.dataverse, "Data_" + contender.identifier());
                try {
                    createDataset(dataset, contender);
                    double recordsPerSecond = load(dataset, contender.label());
                    execute("DROP INDEX " + dataset.sql() + "." + INDEX + ";");
                    built.add(build(contender, dataset, recordsPerSecond));
                } catch (QueryFailedException | LoadException e) {
                    errors.put(contender, firstLine(e.getMessage()));
                    progress("%s: error: %s", contender.label(), errors.get(contender));
                }
            }
            Queries queries = measure(built, joinRadii, joins, joinOuter);
            dropUnlessKept();
            return rows(contenders, errors, built, queries);
        }

        List<OrganisationRow> densities(List<BenchContender> contenders) {
            client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + ";");
            DatasetName dataset = new DatasetName(settings.dataverse, "Data");
            client.executeOrThrow(DatasetSetup.createStatements(dataset, shape, settings.with.with(), false));
            load(dataset, "data");
            Map<BenchContender, String> errors = new LinkedHashMap<>();
            List<Built> built = new ArrayList<>();
            Queries all = new Queries();
            for (BenchContender contender : contenders) {
                try {
                    Built b = build(contender, dataset, Double.NaN);
                    built.add(b);
                    all.add(measure(List.of(b), List.of(), 0, 0));
                } catch (QueryFailedException e) {
                    errors.put(contender, firstLine(e.getMessage()));
                    progress("%s: error: %s", contender.label(), errors.get(contender));
                } finally {
                    execute("DROP INDEX " + dataset.sql() + "." + INDEX + " IF EXISTS;"); // the next needs the name
                }
            }
            dropUnlessKept();
            return rows(contenders, errors, built, all);
        }

        private void createDataset(DatasetName dataset, BenchContender contender) {
            progress("%s: creating %s with %s", contender.label(), dataset, contender.clause());
            execute(DatasetSetup.createStatements(dataset, shape, settings.with.with(), false) + "CREATE INDEX " + INDEX
                    + " ON " + Sqlpp.identifier(dataset.dataset()) + "(" + Sqlpp.identifier(shape.pointField())
                    + ") " + contender.clause() + ";");
        }

        /** Loads the records through a socket feed; returns records per second, end to end. */
        private double load(DatasetName dataset, String label) {
            Loader.Options options = new Loader.Options(dataset, Loader.Transport.FEED, FeedMode.INSERT, null,
                    settings.feed.host(), settings.feed.port(), 1000, 0, false, settings.with.with(), false,
                    settings.feed.stallTimeout(), CONTENT_CHECKS, FeedOptions.clusterDataDir(), PROGRESS_INTERVAL);
            LoadReport report;
            try {
                report = new Loader(client, progressStream(), false).load(new GeneratedRecords(generator, 0,
                        settings.records), shape, options);
            } catch (IOException e) {
                throw new LoadException("the feed into " + dataset + " failed: " + e.getMessage(), e);
            }
            if (!report.verified()) {
                throw new LoadException(String.format(Locale.ROOT, "the feed delivered %,d of %,d records%s",
                        report.found(), report.expected(), report.contentProblems().isEmpty() ? ""
                                : "; " + report.contentProblems().get(0)));
            }
            // DDL on the dataset needs the feed gone, not only stopped.
            String feedName = Sqlpp.identifier(options.effectiveFeedName());
            execute("USE " + dataverse + "; DISCONNECT FEED " + feedName + " FROM DATASET "
                    + Sqlpp.identifier(dataset.dataset()) + "; DROP FEED " + feedName + ";");
            double perSecond = report.sent() / Math.max(1e-9, report.totalTime().toNanos() / 1e9);
            progress("%s: %,d records in %.1f s (%,.0f records/s)", label, report.sent(),
                    report.totalTime().toNanos() / 1e9, perSecond);
            return perSecond;
        }

        /** CREATE INDEX on the loaded dataset, timed, and the index's size on disk afterwards. */
        private Built build(BenchContender contender, DatasetName dataset, double recordsPerSecond) {
            progress("%s: CREATE INDEX on %,d records", contender.label(), settings.records);
            long start = System.nanoTime();
            execute("CREATE INDEX " + INDEX + " ON " + dataset.sql() + "(" + Sqlpp.identifier(shape.pointField())
                    + ") " + contender.clause() + ";");
            double millis = (System.nanoTime() - start) / 1e6;
            long bytes = lsm.components(dataset.dataverse(), dataset.dataset()).stream()
                    .filter(c -> !c.primary() && c.where().index().equals(INDEX))
                    .mapToLong(OrganisationBenchCommands::bytes).sum();
            progress("%s: built in %.2f s, %,d bytes", contender.label(), millis / 1000, bytes);
            return new Built(contender, dataset, recordsPerSecond, millis, bytes);
        }

        /** What the queries measured, per index. */
        private static final class Queries {
            final Map<BenchContender, Map<Double, double[]>> indexOnly = new LinkedHashMap<>();
            final Map<BenchContender, Map<Double, double[]>> full = new LinkedHashMap<>();
            final Map<BenchContender, Map<Double, double[]>> join = new LinkedHashMap<>();
            final Map<BenchContender, Map<Double, Long>> results = new LinkedHashMap<>();
            final Map<BenchContender, Map<Double, Long>> joinResults = new LinkedHashMap<>();
            final Map<BenchContender, OptionalLong> candidates = new LinkedHashMap<>();
            final Map<BenchContender, OptionalLong> refined = new LinkedHashMap<>();
            /** Indexes whose queries AsterixDB refused, with the first refusal. */
            final Map<BenchContender, String> errors = new LinkedHashMap<>();

            void add(Queries other) {
                indexOnly.putAll(other.indexOnly);
                full.putAll(other.full);
                join.putAll(other.join);
                results.putAll(other.results);
                joinResults.putAll(other.joinResults);
                candidates.putAll(other.candidates);
                refined.putAll(other.refined);
                errors.putAll(other.errors);
            }
        }

        /** Selects and joins on every built index, round robin, each query starting one index further. */
        private Queries measure(List<Built> built, List<Double> joinRadii, int joins, int joinOuter) {
            Queries q = new Queries();
            if (built.isEmpty()) {
                return q;
            }
            for (Built b : built) {
                q.indexOnly.put(b.contender(), new LinkedHashMap<>());
                q.full.put(b.contender(), new LinkedHashMap<>());
                q.join.put(b.contender(), new LinkedHashMap<>());
                q.results.put(b.contender(), new LinkedHashMap<>());
                q.joinResults.put(b.contender(), new LinkedHashMap<>());
            }
            Map<BenchContender, List<JsonNode>> before = listings(built);
            SpatialQueries circles = new SpatialQueries(generator, 0, settings.records, settings.seed);
            List<Double> radii = settings.radii;
            for (int r = 0; r < radii.size(); r++) {
                double radius = radii.get(r);
                progress("selects: radius %s, %d warm-up and %d timed of each kind on %d indexes",
                        OrganisationRow.degrees(radius), settings.warmup, settings.queries, built.size());
                for (int i = 0; i < settings.warmup + settings.queries; i++) {
                    boolean timed = i >= settings.warmup;
                    SpatialQueries.Circle circle = circles.circle((long) i * radii.size() + r, radii);
                    for (int k = 0; k < built.size(); k++) {
                        Built b = built.get((i + k) % built.size());
                        long[] found = new long[1];
                        double io = timed(q, b, () -> found[0] = count(selectIndexOnly(b.dataset(), circle)));
                        double full = timed(q, b, () -> count(select(b.dataset(), circle)));
                        if (timed && !q.errors.containsKey(b.contender())) {
                            int slot = i - settings.warmup;
                            q.indexOnly.get(b.contender()).computeIfAbsent(radius,
                                    x -> new double[settings.queries])[slot] = io;
                            q.full.get(b.contender()).computeIfAbsent(radius,
                                    x -> new double[settings.queries])[slot] = full;
                            q.results.get(b.contender()).merge(radius, found[0], Long::sum);
                        }
                    }
                }
            }
            for (int r = 0; r < joinRadii.size(); r++) {
                double radius = joinRadii.get(r);
                progress("joins: radius %s, %d of %d outer records on %d indexes", OrganisationRow.degrees(radius),
                        joins, joinOuter, built.size());
                for (int j = 0; j < joins + 1; j++) {
                    long outer = outerStart(r, j, joinOuter);
                    for (int k = 0; k < built.size(); k++) {
                        Built b = built.get((j + k) % built.size());
                        long[] pairs = new long[1];
                        double millis = timed(q, b,
                                () -> pairs[0] = count(join(b.dataset(), outer, joinOuter, radius)));
                        // the first join of each radius compiles and warms up, untimed
                        if (j > 0 && !q.errors.containsKey(b.contender())) {
                            q.join.get(b.contender()).computeIfAbsent(radius, x -> new double[joins])[j - 1] = millis;
                            q.joinResults.get(b.contender()).merge(radius, pairs[0], Long::sum);
                        }
                    }
                }
            }
            Map<BenchContender, List<JsonNode>> after = listings(built);
            for (Built b : built) {
                q.candidates.put(b.contender(), difference(before.get(b.contender()), after.get(b.contender()),
                        "candidates"));
                q.refined.put(b.contender(), difference(before.get(b.contender()), after.get(b.contender()),
                        "results"));
            }
            return q;
        }

        /**
         * The first outer id of join j at join radius r, drawn from the seed. The outer records are a range of ids
         * (Kim's protocol), which 0.9.8 reads with a primary-index range search; records' points are independent of
         * their ids, so a range is as random as any set. (An IN list would be applied after the join, which would
         * then probe the index with every record.)
         */
        private long outerStart(int r, int j, int joinOuter) {
            long span = Math.max(1, settings.records - joinOuter + 1);
            return Seeds.forSetup(settings.seed, "join " + r + " " + j).nextLong(span);
        }

        private String selectIndexOnly(DatasetName dataset, SpatialQueries.Circle circle) {
            return "SET `compiler.indexonly` \"true\"; USE " + dataverse + "; SELECT VALUE COUNT(t."
                    + Sqlpp.identifier(shape.idField()) + ") FROM " + Sqlpp.identifier(dataset.dataset())
                    + " t WHERE " + intersects(circle) + ";";
        }

        private String select(DatasetName dataset, SpatialQueries.Circle circle) {
            return "USE " + dataverse + "; SELECT VALUE COUNT(t." + Sqlpp.identifier(shape.idField()) + ") FROM "
                    + Sqlpp.identifier(dataset.dataset()) + " t WHERE " + intersects(circle) + " AND t."
                    + EXTRA_FIELD_PREDICATE + ";";
        }

        private String intersects(SpatialQueries.Circle circle) {
            return String.format(Locale.ROOT, "spatial_intersect(t.%s, create_circle(create_point(%s, %s), %s))",
                    Sqlpp.identifier(shape.pointField()), circle.centre().lon(), circle.centre().lat(),
                    circle.radius());
        }

        private String join(DatasetName dataset, long firstOuter, int outerCount, double radius) {
            String ds = Sqlpp.identifier(dataset.dataset());
            String id = "o." + Sqlpp.identifier(shape.idField());
            return String.format(Locale.ROOT, "USE %s; SELECT VALUE COUNT(*) FROM %s o, %s i WHERE %s >= %d AND "
                    + "%s < %d AND /*+ indexnl */ spatial_intersect(i.%s, create_circle(%s, %s));", dataverse, ds, ds,
                    id, firstOuter, id, firstOuter + outerCount, Sqlpp.identifier(shape.pointField()),
                    centre("o." + Sqlpp.identifier(shape.pointField())), radius);
        }

        /** The point a join circle is centred on: the point itself, or the centre of a square. */
        private String centre(String field) {
            if (!settings.nonPoint()) {
                return field;
            }
            return String.format(Locale.ROOT, "create_point((get_x(get_points(%1$s)[0]) + get_x(get_points(%1$s)[1]))"
                    + " / 2, (get_y(get_points(%1$s)[0]) + get_y(get_points(%1$s)[1])) / 2)", field);
        }

        private long count(String query) {
            return client.executeOrThrow(query).results().get(0).asLong();
        }

        private Map<BenchContender, List<JsonNode>> listings(List<Built> built) {
            Map<BenchContender, List<JsonNode>> listings = new LinkedHashMap<>();
            for (Built b : built) {
                listings.put(b.contender(), lsm.listings(b.dataset().dataverse(), b.dataset().dataset()));
            }
            return listings;
        }

        private static OptionalLong difference(List<JsonNode> before, List<JsonNode> after, String field) {
            OptionalLong from = OrganisationRow.counter(before, INDEX, field);
            OptionalLong to = OrganisationRow.counter(after, INDEX, field);
            return from.isPresent() && to.isPresent() ? OptionalLong.of(to.getAsLong() - from.getAsLong())
                    : OptionalLong.empty();
        }

        private List<OrganisationRow> rows(List<BenchContender> contenders, Map<BenchContender, String> errors,
                List<Built> built, Queries q) {
            List<OrganisationRow> rows = new ArrayList<>();
            for (BenchContender contender : contenders) {
                Built b = built.stream().filter(x -> x.contender().equals(contender)).findFirst().orElse(null);
                if (b == null || q.errors.containsKey(contender)) {
                    rows.add(OrganisationRow.failed(contender.label(),
                            b == null ? errors.get(contender) : q.errors.get(contender)));
                    continue;
                }
                rows.add(new OrganisationRow(contender.label(), null, b.recordsPerSecond(), b.buildMillis(),
                        b.indexBytes(), q.indexOnly.get(contender), q.full.get(contender),
                        q.join.getOrDefault(contender, Map.of()), q.results.get(contender),
                        q.candidates.get(contender), q.refined.get(contender),
                        q.joinResults.getOrDefault(contender, Map.of())));
            }
            return rows;
        }

        private void dropUnlessKept() {
            if (!settings.keep.keep()) {
                client.executeOrThrow("DROP DATAVERSE " + dataverse + ";");
            }
        }

        private void execute(String statements) {
            client.executeOrThrow(statements);
        }

        private PrintStream progressStream() {
            return System.err;
        }

        private void progress(String format, Object... values) {
            spec.commandLine().getErr().printf(Locale.ROOT, format + "%n", values);
            spec.commandLine().getErr().flush();
        }

        /**
         * Runs one query of {@code b}, timed in milliseconds. A refused query marks the index as failed (its column
         * shows the error, its other queries are skipped) instead of ending the run.
         */
        private double timed(Queries q, Built b, Runnable query) {
            if (q.errors.containsKey(b.contender())) {
                return Double.NaN;
            }
            long start = System.nanoTime();
            try {
                query.run();
            } catch (QueryFailedException e) {
                q.errors.put(b.contender(), "a query failed: " + firstLine(e.getMessage()));
                progress("%s: error: %s", b.contender().label(), q.errors.get(b.contender()));
                return Double.NaN;
            }
            return (System.nanoTime() - start) / 1e6;
        }
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

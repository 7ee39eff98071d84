package org.spatiallsm.experiment.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.ConfigurationRun;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.PublishedValue;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.experiment.Study;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.DatasetSetup;
import org.spatiallsm.load.Progress;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.Seeds;
import org.spatiallsm.workloads.SpatialQueries;

/**
 * Kim's spatial index study (dissertation, chapters 4 and 5): one dataset of generated tweets per organisation,
 * carrying that index. The load is the ingestion-only workload (records sent while the index exists, flushed in
 * equal shares); then the static "load once, query many" workload: the index is dropped and created again on the
 * loaded data (one bulk-loaded component per partition, whose size the components sample shows), and circle selects
 * at each radius and index nested-loop joins at each join radius run against it. {@code plan} chooses Kim's
 * index-only or non-index-only selects; the study ran its sequence once with each.
 * <p>
 * Two studies share this class: {@code index-organisations} (tweets on points, the R-tree against DHB, DHVB, SHB and
 * SIF) and {@code non-point} (tweets with Kim's House or Lake squares, the R-tree against the SHB-tree).
 */
public final class OrganisationsStudy implements Study {

    /** Kim's tweet, padded to about 1 KB of ADM; House and Lake tweets are the same record with a square. */
    static final int TWEET_BYTES = 1024;
    private static final List<String> PLANS = List.of("index-only", "full");
    private static final List<String> DATA = List.of("tweets", "houses", "lakes");

    private final String name;
    private final String title;
    private final String data;
    private final String organisations;
    private final Map<Scale, String> runTimes;

    private OrganisationsStudy(String name, String title, String data, String organisations,
            Map<Scale, String> runTimes) {
        this.name = name;
        this.title = title;
        this.data = data;
        this.organisations = organisations;
        this.runTimes = runTimes;
    }

    /** Kim's chapter 4: points. */
    public static OrganisationsStudy points() {
        return new OrganisationsStudy("index-organisations", "Spatial index organisations on points (Kim)", "tweets",
                String.join(",", Organisation.ORGANISATIONS), Map.of(Scale.SMOKE, "105 s (shared machine)",
                        Scale.SMALL, "11 min (shared machine, load average 22 to 25)",
                        Scale.MEDIUM, "29 min 54 s on the I/O-bound cluster (load average 45 to 47, beside a crash "
                                + "soak at nice 10 and four builds at nice 19)",
                        Scale.LARGE, "not measured: about 5 hours by the medium run's rate (10 times its records)"));
    }

    /** Kim's chapter 5: squares of House (Gaussian) and Lake (Zipf) sizes; at smoke scale the houses only. */
    public static OrganisationsStudy nonPoint() {
        return new OrganisationsStudy("non-point", "R-tree and SHB-tree on rectangles (Kim)", "houses,lakes",
                "rtree,shb", Map.of(Scale.SMOKE, "39 s (shared machine)",
                        Scale.SMALL, "8 min (shared machine, load average 25 to 23)",
                        Scale.MEDIUM, "17 min 56 s on the I/O-bound cluster (load average 48 to 13, beside a crash "
                                + "soak at nice 10 and four builds at nice 19)",
                        Scale.LARGE, "not measured: about 3 hours by the medium run's rate (10 times its records)"));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public Map<String, String> preset(Scale scale) {
        Map<String, String> preset = new LinkedHashMap<>();
        switch (scale) {
            // At smoke scale a feed's setup and its waits before each flush cost more than 4 INSERT statements.
            case SMOKE -> put(preset, 400, 100, 2, 1, 2, 20, data.equals("tweets") ? data : "houses",
                    StudySetup.HTTP);
            case SMALL -> put(preset, 50_000, 5_000, 20, 5, 5, 100, data, StudySetup.FEED);
            case MEDIUM -> put(preset, 1_000_000, 20_000, 200, 50, 20, 100, data, StudySetup.FEED);
            case LARGE -> put(preset, 10_000_000, 50_000, 1_000, 500, 50, 100, data, StudySetup.FEED);
            default -> throw new IllegalArgumentException(scale.id());
        }
        return preset;
    }

    private void put(Map<String, String> preset, long records, int perFlush, int queries, int warmup, int joins,
            int joinOuter, String dataSets, String transport) {
        preset.put("records", Long.toString(records));
        preset.put("recordBytes", Integer.toString(TWEET_BYTES));
        preset.put("recordsPerFlush", Integer.toString(perFlush));
        preset.put("batch", Integer.toString(Math.min(perFlush, 500)));
        preset.put("transport", transport);
        preset.put("queries", Integer.toString(queries));
        preset.put("warmupQueries", Integer.toString(warmup));
        preset.put("radii", "0.00001,0.0001,0.001,0.01,0.1");
        preset.put("joins", Integer.toString(joins));
        preset.put("joinOuter", Integer.toString(joinOuter));
        preset.put("joinRadii", "0.00001,0.0001,0.001,0.01");
        preset.put("plan", "index-only");
        preset.put("data", dataSets);
        preset.put("distribution", "osm-like");
        preset.put("organisations", organisations);
        preset.put("shbLevels", Organisation.DEFAULT_LEVELS.replace(',', ' '));
        preset.put("seed", "1");
    }

    @Override
    public String runTime(Scale scale) {
        return runTimes.get(scale);
    }

    /**
     * Kim's index sizes and creation times on points against the R-tree's (dissertation, chapter 4), for the
     * report's {@code index-bytes-vs-rtree} and {@code index-build-time-vs-rtree} plots: the tweets' DHB, DHVB, SIF
     * and SHB-tree with Kim's 2^30 bottom cells.
     */
    @Override
    public List<PublishedValue> published(Parameters parameters, int partitions) {
        String shb = Organisation.shb(Organisation.DEFAULT_LEVELS, false).identifier().replace('_', '-');
        List<PublishedValue> marks = new ArrayList<>();
        marks.addAll(percentOfRtree(parameters, "index-bytes-vs-rtree", "Kim, index size",
                "Kim's dissertation, chapter 4: index sizes relative to the R-tree",
                Map.of("dhb", 97.0, "dhvb", 125.0, shb, 131.0, "sif", 741.0)));
        marks.addAll(percentOfRtree(parameters, "index-build-time-vs-rtree", "Kim, index creation time",
                "Kim's dissertation, chapter 4: index creation times relative to the R-tree",
                Map.of("dhb", 151.0, "dhvb", 106.0, shb, 100.0, "sif", 273.0)));
        return marks;
    }

    /** A mark per tweets configuration whose organisation {@code percent} names. */
    private List<PublishedValue> percentOfRtree(Parameters parameters, String plot, String label, String source,
            Map<String, Double> percent) {
        List<PublishedValue> marks = new ArrayList<>();
        for (Configuration configuration : configurations(parameters)) {
            Double value = percent.get(configuration.id().substring(configuration.id().indexOf('-') + 1));
            if (configuration.id().startsWith("tweets-") && value != null) {
                marks.add(new PublishedValue(plot, configuration.id(), 0, value, label, source));
            }
        }
        return marks;
    }

    @Override
    public List<Configuration> configurations(Parameters parameters) {
        long records = parameters.whole("records", 1);
        if (parameters.whole("recordBytes", 1) != TWEET_BYTES) {
            throw new IllegalArgumentException("parameter recordBytes is fixed at " + TWEET_BYTES
                    + " by Kim's tweet record");
        }
        parameters.whole("recordsPerFlush", 1);
        parameters.small("batch", 1);
        StudySetup.feedTransport(parameters);
        parameters.small("queries", 1);
        parameters.small("warmupQueries", 0);
        parameters.small("joins", 0);
        if (parameters.whole("joinOuter", 1) > records) {
            throw new IllegalArgumentException("parameter joinOuter must be at most records (" + records + ")");
        }
        parameters.whole("seed", Long.MIN_VALUE);
        radii(parameters, "radii");
        radii(parameters, "joinRadii");
        indexOnly(parameters);
        PointDistributions.create(parameters.text("distribution"), Map.of(), 1); // a one-line error if unknown
        List<Configuration> configurations = new ArrayList<>();
        for (String dataSet : dataSets(parameters)) {
            for (Organisation organisation : organisations(parameters, !dataSet.equals("tweets"))) {
                String id = dataSet + "-" + organisation.identifier().replace('_', '-');
                configurations.add(new Configuration(id, organisation.label() + ", " + dataSet));
            }
        }
        return configurations;
    }

    @Override
    public void run(Configuration configuration, Parameters parameters, ConfigurationRun run) throws Exception {
        String dataSet = dataSets(parameters).stream().filter(d -> configuration.id().startsWith(d + "-"))
                .findFirst().orElseThrow();
        boolean nonPoint = !dataSet.equals("tweets");
        Organisation organisation = organisations(parameters, nonPoint).stream()
                .filter(o -> configuration.id().equals(dataSet + "-" + o.identifier().replace('_', '-')))
                .findFirst().orElseThrow();
        long seed = parameters.whole("seed", Long.MIN_VALUE);
        RecordShape shape = RecordShapes.named(shapeName(dataSet));
        RecordGenerator generator = new RecordGenerator(PointDistributions.create(parameters.text("distribution"),
                Map.of(), seed), shape, seed);
        DatasetName dataset = run.cluster().dataset(configuration);
        OrganisationStatements sql = new OrganisationStatements(dataset, shape, nonPoint);
        // Kim's prefix policy is a stock policy, which reports no flush or merge events: the studies' binomial
        // k = 8 takes its place, on the dataset and on the measured index.
        run.cluster().client().executeOrThrow(DatasetSetup.createStatements(dataset, shape,
                Statements.STUDIES_PRIMARY_POLICY, false) + sql.createIndex(organisation,
                        Statements.STUDIES_PRIMARY_POLICY));
        long records = parameters.whole("records", 1);
        StudySetup.withTransport(run, dataset, parameters, DatasetSetup.typeNameFor(dataset), shape.idField(),
                id -> RecordFormat.ADM.format(generator.record(id)), insert -> run.load("load", dataset, 0, records,
                        parameters.whole("recordsPerFlush", 1), parameters.small("batch", 1), insert));
        run.settle(dataset);
        // The static workload: the index built again on the loaded data, one component per partition, timed.
        run.cluster().client().executeOrThrow(sql.dropIndex());
        run.build("build", dataset, OrganisationStatements.INDEX, sql.createIndex(organisation,
                Statements.STUDIES_PRIMARY_POLICY));
        selects(parameters, run, dataset, sql, new SpatialQueries(generator, 0, records, seed));
        joins(parameters, run, dataset, sql, records, seed);
        run.writeIoEvents(dataset);
    }

    /** Kim's circle selects: the radii in turn, the first {@code warmupQueries} rounds untimed. */
    private static void selects(Parameters parameters, ConfigurationRun run, DatasetName dataset,
            OrganisationStatements sql, SpatialQueries circles) throws Exception {
        List<Double> radii = radii(parameters, "radii");
        boolean indexOnly = indexOnly(parameters);
        long warmup = (long) parameters.small("warmupQueries", 0) * radii.size();
        long timed = (long) parameters.small("queries", 1) * radii.size();
        try (Progress progress = run.progress("selects", "queries", warmup + timed)) {
            for (long q = 0; q < warmup + timed; q++) {
                SpatialQueries.Circle circle = circles.circle(q, radii);
                String statement = indexOnly ? sql.selectIndexOnly(circle) : sql.select(circle);
                if (q < warmup) {
                    run.cluster().client().executeOrThrow(statement);
                } else {
                    run.query("selects", dataset, OrganisationStatements.INDEX, "circle",
                            sigma(circle.radius()), q - warmup, statement);
                }
                progress.advance(1);
            }
        }
    }

    /** Kim's joins: per join radius one untimed join (it compiles and warms up), then {@code joins} timed ones. */
    private static void joins(Parameters parameters, ConfigurationRun run, DatasetName dataset,
            OrganisationStatements sql, long records, long seed) throws Exception {
        List<Double> radii = radii(parameters, "joinRadii");
        int joins = parameters.small("joins", 0);
        int outer = (int) parameters.whole("joinOuter", 1);
        if (joins == 0) {
            return;
        }
        try (Progress progress = run.progress("joins", "joins", (long) radii.size() * (joins + 1))) {
            for (int r = 0; r < radii.size(); r++) {
                for (int j = 0; j <= joins; j++) {
                    long first = Seeds.forSetup(seed, "join " + r + " " + j).nextLong(records - outer + 1);
                    String statement = sql.join(first, outer, radii.get(r));
                    if (j == 0) {
                        run.cluster().client().executeOrThrow(statement);
                    } else {
                        run.query("joins", dataset, OrganisationStatements.INDEX, "join", sigma(radii.get(r)),
                                j - 1, statement);
                    }
                    progress.advance(1);
                }
            }
        }
    }

    /** A circle's σ (see {@link OrganisationStatements#circleSigma}) to three decimals, as the CSV holds it. */
    private static double sigma(double radius) {
        return Math.round(OrganisationStatements.circleSigma(radius) * 1000) / 1000.0;
    }

    private static List<Double> radii(Parameters parameters, String name) {
        List<Double> radii = parameters.numbers(name);
        if (radii.isEmpty() || radii.stream().anyMatch(r -> !(r > 0 && r <= 180))) {
            throw new IllegalArgumentException("parameter " + name + " takes radii in degrees above 0 and at most "
                    + "180, got '" + parameters.text(name) + "'");
        }
        return radii;
    }

    private static boolean indexOnly(Parameters parameters) {
        String plan = parameters.text("plan");
        if (!PLANS.contains(plan)) {
            throw new IllegalArgumentException("parameter plan is index-only or full, got '" + plan + "'");
        }
        return plan.equals("index-only");
    }

    private List<String> dataSets(Parameters parameters) {
        List<String> dataSets = parameters.list("data");
        if (dataSets.isEmpty() || !DATA.containsAll(dataSets) || dataSets.stream().distinct().count()
                < dataSets.size()) {
            throw new IllegalArgumentException("parameter data lists distinct data sets of " + String.join(", ", DATA)
                    + ", got '" + parameters.text("data") + "'");
        }
        return dataSets;
    }

    /** The organisations named, the SHB-tree once per density setting of {@code shbLevels}. */
    private static List<Organisation> organisations(Parameters parameters, boolean nonPoint) {
        List<Organisation> chosen = new ArrayList<>();
        for (Organisation organisation : Organisation.organisations(parameters.list("organisations"), nonPoint)) {
            if (organisation.label().equals("shb")) {
                for (String levels : parameters.list("shbLevels")) {
                    chosen.add(Organisation.shb(levels.strip().replace(' ', ','), nonPoint));
                }
            } else {
                chosen.add(organisation);
            }
        }
        return chosen;
    }

    private static String shapeName(String dataSet) {
        return switch (dataSet) {
            case "tweets" -> "tweet";
            case "houses" -> "house";
            default -> "lake";
        };
    }
}

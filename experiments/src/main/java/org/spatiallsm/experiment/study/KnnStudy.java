package org.spatiallsm.experiment.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.ConfigurationRun;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.experiment.Study;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Progress;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.RecordGenerator;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * k-nearest-neighbour queries ({@code ORDER BY spatial_distance(d.location, <point>) LIMIT k}) answered through a
 * spatial index, the R-tree's best-first kNN search or an organisation's expanding windows (DHB, DHVB, SHB-tree, SIF),
 * against the plan that scans and sorts the dataset (spatial-lsm's kNN search turned off), for several k, at the data
 * sizes after each of {@code rounds} equal loads, per index and point distribution. Both plans answer the same points
 * in turn, and their answers must be equal. With {@code joinOuter}, each round also runs the kNN join ({@link
 * KnnJoinPhase}).
 */
public final class KnnStudy implements Study {

    /** The query kinds: the plan and the records the dataset held, e.g. {@code knn-index-25000}. */
    static final String INDEX_KIND = "knn-index-";
    static final String SCAN_KIND = "knn-scan-";
    private static final String RTREES = "binomial-k4,leveled-size-hilbert";
    private static final String EVERY_INDEX = RTREES + ",dhb,dhvb,shb,sif";
    /** The organisations that answer kNN on points, by their names in {@code indexes}. */
    private static final List<String> ORGANISATIONS = List.of("dhb", "dhvb", "shb", "sif");

    /**
     * An index of {@code indexes}: an R-tree configuration of the spatial-policies study or an organisation.
     *
     * @param clause what follows the field in its CREATE INDEX
     */
    record KnnIndex(String name, String description, String clause) {

        static KnnIndex named(String name) {
            if (ORGANISATIONS.contains(name)) {
                // Under the studies' binomial policy, as in index-organisations: a stock policy reports no events.
                return new KnnIndex(name, name.toUpperCase(Locale.ROOT), Organisation.organisation(name, false)
                        .clause() + " WITH " + Statements.STUDIES_PRIMARY_POLICY);
            }
            if (SpatialPolicyConfiguration.ALL.stream().noneMatch(rtree -> rtree.name().equals(name))) {
                throw new IllegalArgumentException("unknown index '" + name + "'; known: "
                        + SpatialPolicyConfiguration.names() + ", " + String.join(", ", ORGANISATIONS));
            }
            SpatialPolicyConfiguration configuration = SpatialPolicyConfiguration.select(List.of(name)).get(0);
            return new KnnIndex(name, "R-tree " + name + " (" + configuration.policy() + ")",
                    configuration.indexClause());
        }
    }

    @Override
    public String name() {
        return "knn";
    }

    @Override
    public String title() {
        return "k nearest neighbours through the LSM R-tree and the index organisations against the full scan";
    }

    @Override
    public Map<String, String> preset(Scale scale) {
        Map<String, String> preset = new LinkedHashMap<>();
        switch (scale) {
            // One flush and one point per k, plan and round, R-trees only: the default suite runs it.
            case SMOKE -> put(preset, 400, 200, 200, 1, "uniform", StudySetup.HTTP, RTREES);
            case SMALL -> put(preset, 50_000, 1_000, 2_500, 20, "uniform,osm-like", StudySetup.FEED, EVERY_INDEX);
            case MEDIUM -> put(preset, 500_000, 1_000, 10_000, 50, "uniform,osm-like", StudySetup.FEED, EVERY_INDEX);
            case LARGE -> put(preset, 10_000_000, 1_000, 20_000, 100, "uniform,osm-like", StudySetup.FEED,
                    EVERY_INDEX);
            default -> throw new IllegalArgumentException(scale.id());
        }
        KnnJoinPhase.preset(preset);
        return preset;
    }

    private static void put(Map<String, String> preset, long records, int recordBytes, int perFlush, int queries,
            String distributions, String transport, String indexes) {
        preset.put("records", Long.toString(records));
        preset.put("recordBytes", Integer.toString(recordBytes));
        preset.put("recordsPerFlush", Integer.toString(perFlush));
        preset.put("batch", Integer.toString(Math.min(perFlush, 500)));
        preset.put("transport", transport);
        preset.put("queries", Integer.toString(queries));
        preset.put("rounds", "2");
        preset.put("ks", "1,10,100");
        preset.put("distributions", distributions);
        preset.put("indexes", indexes);
        preset.put("seed", "1");
    }

    @Override
    public String runTime(Scale scale) {
        return switch (scale) {
            case SMOKE -> "38 s on a fresh cluster, 56 s with the smoke test's report and checks (shared machine, load "
                    + "average about 25)";
            case SMALL -> "10 min 17 s on the I/O-bound cluster, all six indexes (load average 3 to 4, beside a full "
                    + "test run)";
            case MEDIUM -> "not measured as the preset; with 20 points, I/O-bound, in two runs of three indexes each: "
                    + "23 min 47 s and 19 min 16 s";
            case LARGE -> "not measured: about 15 hours by the two reduced medium runs' rate (20 times their records)";
        };
    }

    @Override
    public List<Configuration> configurations(Parameters parameters) {
        int rounds = parameters.small("rounds", 1);
        long perFlush = StudySetup.equalFlushes(parameters);
        if (parameters.whole("records", 1) % (perFlush * rounds) != 0) {
            throw new IllegalArgumentException("parameter records (" + parameters.text("records") + ") must be a "
                    + "multiple of " + rounds * perFlush + " (rounds times recordsPerFlush), so that every round ends "
                    + "with a flush");
        }
        parameters.small("recordBytes", Statements.POINT_RECORD_OVERHEAD + 1);
        parameters.small("batch", 1);
        StudySetup.feedTransport(parameters);
        parameters.small("queries", 1);
        parameters.whole("seed", Long.MIN_VALUE);
        ks(parameters);
        KnnJoinPhase.outerSizes(parameters);
        List<Configuration> configurations = new ArrayList<>();
        for (String distribution : StudySetup.distributions(parameters)) {
            for (KnnIndex index : indexes(parameters)) {
                configurations.add(new Configuration(index.name() + "-" + distribution, index.description() + ", "
                        + distribution + " points"));
            }
        }
        return configurations;
    }

    /** {@code indexes}: distinct index names, each known. */
    static List<KnnIndex> indexes(Parameters parameters) {
        List<KnnIndex> indexes = new ArrayList<>();
        for (String name : parameters.list("indexes")) {
            KnnIndex index = KnnIndex.named(name.strip());
            if (indexes.contains(index)) {
                throw new IllegalArgumentException("index '" + index.name() + "' is listed twice");
            }
            indexes.add(index);
        }
        if (indexes.isEmpty()) {
            throw new IllegalArgumentException("parameter indexes lists no index");
        }
        return indexes;
    }

    /** {@code ks}: distinct numbers of neighbours, each at least 1. */
    static List<Integer> ks(Parameters parameters) {
        List<Integer> ks = new ArrayList<>();
        for (String k : parameters.list("ks")) {
            int value = k.matches("[0-9]{1,9}") ? Integer.parseInt(k) : 0;
            if (value < 1 || ks.contains(value)) {
                throw new IllegalArgumentException("parameter ks must list distinct whole numbers of at least 1, got '"
                        + parameters.text("ks") + "'");
            }
            ks.add(value);
        }
        if (ks.isEmpty()) {
            throw new IllegalArgumentException("parameter ks lists no k");
        }
        return ks;
    }

    @Override
    public void run(Configuration configuration, Parameters parameters, ConfigurationRun run) throws Exception {
        for (String distribution : StudySetup.distributions(parameters)) {
            for (KnnIndex index : indexes(parameters)) {
                if (configuration.id().equals(index.name() + "-" + distribution)) {
                    RecordGenerator points = StudySetup.pointGenerator(distribution,
                            parameters.whole("seed", Long.MIN_VALUE));
                    DatasetName dataset = run.cluster().dataset(configuration);
                    StudySetup.loadPoints(run, dataset, parameters, index.clause(), points,
                            insert -> rounds(run, dataset, parameters, distribution, insert));
                    run.writeIoEvents(dataset);
                    return;
                }
            }
        }
        throw new IllegalStateException("not a configuration of this run: " + configuration.id());
    }

    /**
     * Query point {@code number} of round {@code round}: from the data's distribution, but not the data's points (those
     * come from {@code seed} itself); the same for every index. {@code bench knn} asks the same points.
     */
    public static GeoPoint queryPoint(String distribution, long seed, int round, int number) {
        return StudySetup.pointGenerator(distribution, seed + round).point(number);
    }

    /**
     * Each round loads an equal share, settles, then runs every query point at every k through both plans, the
     * index first; the dataset grows from round to round, so each round is one data size.
     */
    private static void rounds(ConfigurationRun run, DatasetName dataset, Parameters parameters, String distribution,
            ConfigurationRun.RangeInsert insert) throws Exception {
        long records = parameters.whole("records", 1);
        int rounds = parameters.small("rounds", 1);
        long perFlush = parameters.whole("recordsPerFlush", 1);
        int batch = parameters.small("batch", 1);
        int queries = parameters.small("queries", 1);
        long seed = parameters.whole("seed", Long.MIN_VALUE);
        List<Integer> ks = ks(parameters);
        long loaded = 0;
        for (int round = 1; round <= rounds; round++) {
            long end = records * round / rounds;
            run.load(round == 1 ? "load" : "insert-" + round, dataset, loaded, end - loaded, perFlush, batch, insert);
            loaded = end;
            run.settle(dataset);
            String phase = "read-" + round;
            try (Progress progress = run.progress(phase, "queries", 2L * queries * ks.size())) {
                for (int k : ks) {
                    for (int q = 0; q < queries; q++) {
                        GeoPoint point = queryPoint(distribution, seed, round, q);
                        List<JsonNode> throughIndex = run.query(phase, dataset, Statements.RTREE, INDEX_KIND + loaded,
                                (double) k, q, Statements.nearest(dataset, "location", point, k, true));
                        List<JsonNode> scanned = run.query(phase, dataset, Statements.RTREE, SCAN_KIND + loaded,
                                (double) k, q, Statements.nearest(dataset, "location", point, k, false));
                        if (!throughIndex.equals(scanned)) {
                            throw new IllegalStateException("the kNN search and the scan disagree at " + point
                                    + ", k = " + k + ": " + throughIndex + " against " + scanned);
                        }
                        progress.advance(2);
                    }
                }
            }
            KnnJoinPhase.run(run, dataset, parameters, distribution, phase, loaded);
        }
    }
}

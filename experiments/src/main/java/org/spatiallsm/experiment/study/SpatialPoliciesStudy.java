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
import org.spatiallsm.load.Progress;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.SpatialQueries;

/**
 * The spatial merge-policy study (Mao et al.): the same points under binomial, tiered and the leveled R-tree with
 * size, STR and R*-Grove partitioning and the Hilbert or simple comparator; the primary index runs binomial k = 8.
 * Half the records are loaded, then rounds of inserts each followed by window queries at every σ, centred on
 * inserted points.
 */
public final class SpatialPoliciesStudy implements Study {

    @Override
    public String name() {
        return "spatial-policies";
    }

    @Override
    public String title() {
        return "Merge policies and partitioning of the LSM R-tree";
    }

    @Override
    public Map<String, String> preset(Scale scale) {
        Map<String, String> preset = new LinkedHashMap<>();
        switch (scale) {
            // At smoke scale a feed's setup and its waits before each flush cost more statements than 8 INSERTs.
            case SMOKE -> put(preset, 2_000, 200, 250, 5, 1, "uniform", StudySetup.HTTP);
            case SMALL -> put(preset, 50_000, 1_000, 2_000, 100, 2, "uniform,osm-like", StudySetup.FEED);
            case MEDIUM -> put(preset, 500_000, 1_000, 10_000, 100, 5, "uniform,osm-like", StudySetup.FEED);
            case LARGE -> put(preset, 10_000_000, 1_000, 20_000, 2_000, 20, "uniform,osm-like", StudySetup.FEED);
            default -> throw new IllegalArgumentException(scale.id());
        }
        return preset;
    }

    private static void put(Map<String, String> preset, long records, int recordBytes, int perFlush, int queries,
            int rounds, String distributions, String transport) {
        preset.put("records", Long.toString(records));
        preset.put("recordBytes", Integer.toString(recordBytes));
        preset.put("recordsPerFlush", Integer.toString(perFlush));
        preset.put("batch", Integer.toString(Math.min(perFlush, 500)));
        preset.put("transport", transport);
        preset.put("queries", Integer.toString(queries));
        preset.put("rounds", Integer.toString(rounds));
        preset.put("sigmas", "3,5");
        preset.put("distributions", distributions);
        preset.put("configurations", SpatialPolicyConfiguration.names().replace(" ", ""));
        preset.put("seed", "1");
    }

    @Override
    public String runTime(Scale scale) {
        return switch (scale) {
            case SMOKE -> "117 s (shared machine)";
            case SMALL -> "over 20 min: stopped at 20 min with 6 of 12 configurations done (shared machine, load "
                    + "average 25 to 28)";
            case MEDIUM -> "56 min on the shared machine (load average 43 to 7)";
            case LARGE -> "not measured: about 20 hours by the medium run's rate (20 times its records, 80 times its "
                    + "window queries)";
        };
    }

    @Override
    public List<Configuration> configurations(Parameters parameters) {
        parameters.whole("records", 2);
        parameters.small("recordBytes", Statements.POINT_RECORD_OVERHEAD + 1);
        parameters.whole("recordsPerFlush", 1);
        parameters.small("batch", 1);
        StudySetup.feedTransport(parameters);
        parameters.small("queries", 0);
        parameters.small("rounds", 1);
        parameters.whole("seed", Long.MIN_VALUE);
        StudySetup.sigmas(parameters);
        List<Configuration> configurations = new ArrayList<>();
        for (String distribution : StudySetup.distributions(parameters)) {
            for (SpatialPolicyConfiguration policy : SpatialPolicyConfiguration.select(
                    parameters.list("configurations"))) {
                configurations.add(new Configuration(policy.name() + "-" + distribution,
                        policy.name() + " (" + policy.policy() + ", " + policy.comparator() + "), " + distribution
                                + " points"));
            }
        }
        return configurations;
    }

    @Override
    public void run(Configuration configuration, Parameters parameters, ConfigurationRun run) throws Exception {
        StudySetup.PolicyAndDistribution setup = StudySetup.PolicyAndDistribution.of(configuration, parameters);
        RecordGenerator points = StudySetup.pointGenerator(setup.distribution(),
                parameters.whole("seed", Long.MIN_VALUE));
        DatasetName dataset = run.cluster().dataset(configuration);
        StudySetup.loadPoints(run, dataset, parameters, setup.policy().indexClause(), points,
                insert -> phases(run, dataset, parameters, points, insert));
        run.settle(dataset);
        run.writeIoEvents(dataset);
    }

    /** As the study: half the records at once, then rounds of inserts, each followed by reads. */
    private static void phases(ConfigurationRun run, DatasetName dataset, Parameters parameters,
            RecordGenerator points, ConfigurationRun.RangeInsert insert) throws Exception {
        long records = parameters.whole("records", 2);
        int rounds = parameters.small("rounds", 1);
        long perFlush = parameters.whole("recordsPerFlush", 1);
        int batch = parameters.small("batch", 1);
        int queries = parameters.small("queries", 0);
        long seed = parameters.whole("seed", Long.MIN_VALUE);
        List<Double> sigmas = StudySetup.sigmas(parameters);
        long loaded = records / 2;
        run.load("load", dataset, 0, loaded, perFlush, batch, insert);
        for (int round = 1; round <= rounds; round++) {
            long end = records / 2 + (records - records / 2) * round / rounds;
            run.load("insert-" + round, dataset, loaded, end - loaded, perFlush, batch, insert);
            loaded = end;
            run.settle(dataset);
            SpatialQueries windows = new SpatialQueries(points, 0, loaded, seed + round);
            try (Progress progress = run.progress("read-" + round, "queries", (long) queries * sigmas.size())) {
                for (double sigma : sigmas) {
                    for (int q = 0; q < queries; q++) {
                        run.query("read-" + round, dataset, Statements.RTREE, "window", sigma, q,
                                Statements.windowCount(dataset, windows.rectangle(q, List.of(sigma)).window()));
                        progress.advance(1);
                    }
                }
            }
        }
    }

    /** Table 1 of the paper for the Binomial k = 4 and Tiered B = 4 configurations: components after n flushes. */
    @Override
    public List<PublishedValue> published(Parameters parameters, int partitions) {
        List<PublishedValue> marks = new ArrayList<>();
        for (Configuration configuration : configurations(parameters)) {
            SpatialPolicyConfiguration policy = StudySetup.PolicyAndDistribution.of(configuration, parameters)
                    .policy();
            String bound = policy.parameters().getOrDefault("k", policy.parameters().get("size-ratio"));
            if (bound != null) {
                marks.addAll(SortedRuns.marks(configuration.id(), Statements.RTREE, policy.policy(),
                        Integer.parseInt(bound), parameters.whole("recordsPerFlush", 1),
                        parameters.whole("records", 2), partitions));
            }
        }
        return marks;
    }
}

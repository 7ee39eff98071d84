package org.spatiallsm.experiment.study;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.ConfigurationRun;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.experiment.Study;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Progress;
import org.spatiallsm.storage.RTreeComparator;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.Seeds;
import org.spatiallsm.workloads.SpatialQueries;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The comparator study (Mao et al., J. Big Data, Fig. 11): the same points into one leveled LSM R-tree (B0 = 2,
 * B = 10) per sort comparator, Hilbert, Z-order and simple (nearest-x), with the same partitioning. The comparator
 * orders every flush and merge, so its cost shows in the flush and merge durations of io-events.csv and in the
 * ingestion rate; the components it cuts show in the window queries' components opened and latency. The cluster
 * generates the records, so the rate is the engine's, not HTTP's.
 */
public final class ComparatorsStudy implements Study {

    @Override
    public String name() {
        return "comparators";
    }

    @Override
    public String title() {
        return "Sort comparators of the leveled LSM R-tree";
    }

    @Override
    public Map<String, String> preset(Scale scale) {
        Map<String, String> preset = new LinkedHashMap<>();
        switch (scale) {
            case SMOKE -> put(preset, 2_000, 200, 250, 5);
            case SMALL -> put(preset, 100_000, 1_000, 2_000, 100);
            case MEDIUM -> put(preset, 2_000_000, 1_000, 10_000, 1_000);
            case LARGE -> put(preset, 10_000_000, 1_000, 20_000, 2_000);
            default -> throw new IllegalArgumentException(scale.id());
        }
        return preset;
    }

    private static void put(Map<String, String> preset, long records, int recordBytes, int perFlush, int queries) {
        preset.put("records", Long.toString(records));
        preset.put("recordBytes", Integer.toString(recordBytes));
        preset.put("recordsPerFlush", Integer.toString(perFlush));
        preset.put("queries", Integer.toString(queries));
        preset.put("sigmas", "3,5");
        preset.put("comparators", "hilbert,zorder,simple");
        preset.put("partitioning", "size");
        preset.put("seed", "42");
    }

    @Override
    public String runTime(Scale scale) {
        return switch (scale) {
            case SMOKE -> "29 to 35 s (shared machine)";
            case SMALL -> "19 min (shared machine, load average 36 to 21)";
            case MEDIUM -> "15 min 4 s on the I/O-bound cluster (load average 1 to 9, beside niced builds)";
            case LARGE -> "not measured: about 75 minutes by the medium run's rate (5 times its records, twice its "
                    + "queries)";
        };
    }

    @Override
    public List<Configuration> configurations(Parameters parameters) {
        StudySetup.equalFlushes(parameters);
        StudySetup.sigmas(parameters);
        parameters.small("recordBytes", 1);
        parameters.small("queries", 1);
        parameters.whole("seed", Long.MIN_VALUE);
        return rtrees(parameters).stream().map(rtree -> new Configuration(rtree.name(), rtree.comparator()
                + " comparator (" + rtree.policy() + ", " + parameters.text("partitioning") + " partitioning)"))
                .toList();
    }

    @Override
    public void run(Configuration configuration, Parameters parameters, ConfigurationRun run) throws Exception {
        SpatialPolicyConfiguration rtree = rtrees(parameters).stream().filter(r -> r.name().equals(configuration.id()))
                .findFirst().orElseThrow();
        DatasetName dataset = run.cluster().dataset(configuration);
        StudySetup.createPointDataset(run.cluster(), dataset, rtree.indexClause());
        long records = parameters.whole("records", 1);
        long perFlush = StudySetup.equalFlushes(parameters);
        int recordBytes = parameters.small("recordBytes", 1);
        run.load("load", dataset, 0, records, perFlush, perFlush, (first, end) -> run.cluster().client()
                .executeOrThrow(Statements.generatedOnCluster(dataset, first, end - first, recordBytes, true)));
        run.settle(dataset);
        int queries = parameters.small("queries", 1);
        List<Double> sigmas = StudySetup.sigmas(parameters);
        long seed = parameters.whole("seed", Long.MIN_VALUE);
        try (Progress progress = run.progress("read", "queries", (long) queries * sigmas.size())) {
            for (double sigma : sigmas) {
                List<GeoPoint> centres = centres(run, dataset, records, queries, seed + Double.hashCode(sigma));
                for (int q = 0; q < queries; q++) {
                    run.query("read", dataset, Statements.RTREE, "window", sigma, q,
                            Statements.windowCount(dataset, SpatialQueries.window(centres.get(q), sigma)));
                    progress.advance(1);
                }
            }
        }
        run.writeIoEvents(dataset);
    }

    /**
     * The points of {@code count} records drawn from the seed, read back since the cluster generated them: the
     * queries are centred on inserted points (Mao's protocol), so that each finds at least one record.
     */
    private static List<GeoPoint> centres(ConfigurationRun run, DatasetName dataset, long records, int count,
            long seed) {
        List<Long> ids = new ArrayList<>();
        for (int q = 0; q < count; q++) {
            ids.add(Seeds.forItem(seed, q).nextLong(records));
        }
        Map<Long, GeoPoint> points = new LinkedHashMap<>();
        for (JsonNode row : run.cluster().client().executeOrThrow("SELECT VALUE [p.id, get_x(p.location), "
                + "get_y(p.location)] FROM " + dataset.sql() + " p WHERE p.id IN " + ids + ";").results()) {
            points.put(row.get(0).asLong(), new GeoPoint(row.get(1).asDouble(), row.get(2).asDouble()));
        }
        return ids.stream().map(points::get).toList();
    }

    /** One leveled R-tree per comparator named; an unknown or repeated comparator is a one-line error. */
    private static List<SpatialPolicyConfiguration> rtrees(Parameters parameters) {
        String partitioning = parameters.text("partitioning");
        List<SpatialPolicyConfiguration> rtrees = new ArrayList<>();
        for (String name : parameters.list("comparators")) {
            String comparator = RTreeComparator.fromOption(name).optionValue();
            SpatialPolicyConfiguration rtree = SpatialPolicyConfiguration.leveled(
                    "leveled-" + partitioning + "-" + comparator, partitioning, comparator);
            if (rtrees.contains(rtree)) {
                throw new IllegalArgumentException("parameter comparators lists " + name + " twice");
            }
            rtree.validated(); // a one-line error for an unknown partitioning
            rtrees.add(rtree);
        }
        if (rtrees.isEmpty()) {
            throw new IllegalArgumentException("parameter comparators lists none of " + Arrays.stream(
                    RTreeComparator.values()).map(RTreeComparator::optionValue).collect(Collectors.joining(", ")));
        }
        return rtrees;
    }
}

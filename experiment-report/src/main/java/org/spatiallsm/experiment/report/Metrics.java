package org.spatiallsm.experiment.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import org.spatiallsm.experiment.report.ConfigurationData.Build;
import org.spatiallsm.experiment.report.ConfigurationData.ComponentSample;
import org.spatiallsm.experiment.report.ConfigurationData.IoEvent;
import org.spatiallsm.experiment.report.ConfigurationData.Query;

/** The numbers the report derives from the raw samples. Pure functions; unknown (NaN) samples are left out. */
public final class Metrics {
    private Metrics() {
    }

    /** One point of a derived series. */
    public record Point(double x, double y) {
    }

    /** The searches of one query kind at one selectivity, summarised. NaN where nothing was known. */
    public record QueryGroup(String kind, double sigma, int queries, double meanComponentsOpened,
            double meanPagesRead, double latencyP50, double latencyP95, double latencyP99) {
    }

    /**
     * Write amplification over records ingested, per index: at each flush or merge, everything written so far by
     * flushes and merges divided by what flushes wrote so far. {@code written} picks bytes or entries.
     */
    public static Map<String, List<Point>> writeAmplification(List<IoEvent> events,
            ToDoubleFunction<IoEvent> written) {
        Map<String, List<Point>> byIndex = new TreeMap<>();
        Map<String, double[]> totals = new TreeMap<>(); // index -> {all written, flushed}
        for (IoEvent event : events) {
            double amount = written.applyAsDouble(event);
            if (Double.isNaN(amount)) {
                continue;
            }
            double[] sums = totals.computeIfAbsent(event.index(), i -> new double[2]);
            sums[0] += amount;
            if (event.isFlush()) {
                sums[1] += amount;
            }
            if (sums[1] > 0 && !Double.isNaN(event.recordsIngested())) {
                byIndex.computeIfAbsent(event.index(), i -> new ArrayList<>())
                        .add(new Point(event.recordsIngested(), sums[0] / sums[1]));
            }
        }
        return byIndex;
    }

    /**
     * The nearest-rank percentile: the smallest sample such that at least {@code percent} % of the samples are at
     * most it, i.e. the ceil(percent/100 * n)-th smallest (the smallest for percent 0). NaN when there is none.
     */
    public static double percentile(List<Double> samples, double percent) {
        List<Double> known = samples.stream().filter(v -> !Double.isNaN(v)).sorted().toList();
        if (known.isEmpty()) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(percent / 100.0 * known.size());
        return known.get(Math.max(rank, 1) - 1);
    }

    /** The mean of the known samples, NaN when none is known. */
    public static double mean(List<Double> samples) {
        return samples.stream().filter(v -> !Double.isNaN(v)).mapToDouble(Double::doubleValue).average()
                .orElse(Double.NaN);
    }

    /** The searches grouped by query kind (in order of first appearance) and selectivity (ascending, none last). */
    public static List<QueryGroup> queryGroups(List<Query> queries) {
        Map<String, Map<Double, List<Query>>> groups = new LinkedHashMap<>();
        for (Query query : queries) {
            // TreeMap orders NaN (no selectivity) after every number.
            groups.computeIfAbsent(query.kind(), k -> new TreeMap<>(Comparator.naturalOrder()))
                    .computeIfAbsent(query.sigma(), s -> new ArrayList<>()).add(query);
        }
        List<QueryGroup> result = new ArrayList<>();
        groups.forEach((kind, bySigma) -> bySigma.forEach((sigma, group) -> {
            List<Double> latencies = group.stream().map(Query::latencyMs).toList();
            result.add(new QueryGroup(kind, sigma, group.size(),
                    mean(group.stream().map(Query::componentsOpened).toList()),
                    mean(group.stream().map(Query::pagesRead).toList()),
                    percentile(latencies, 50), percentile(latencies, 95), percentile(latencies, 99)));
        }));
        return result;
    }

    /** Components per level over records ingested: index -> level -> points, summed over a sample's rows. */
    public static Map<String, Map<Integer, List<Point>>> componentsPerLevel(List<ComponentSample> samples) {
        // A sample is one t_ms: several samples can share a record count (a settling after the last flush).
        Map<String, Map<Integer, Map<Double, Point>>> sums = new TreeMap<>();
        for (ComponentSample sample : samples) {
            if (Double.isNaN(sample.components()) || Double.isNaN(sample.recordsIngested())) {
                continue;
            }
            sums.computeIfAbsent(sample.index(), i -> new TreeMap<>())
                    .computeIfAbsent(sample.level(), l -> new TreeMap<>())
                    .merge(sample.tMs(), new Point(sample.recordsIngested(), sample.components()),
                            (a, b) -> new Point(a.x(), a.y() + b.y()));
        }
        Map<String, Map<Integer, List<Point>>> result = new TreeMap<>();
        sums.forEach((index, byLevel) -> byLevel.forEach((level, points) -> {
            List<Point> series = new ArrayList<>(points.values());
            result.computeIfAbsent(index, i -> new TreeMap<>()).put(level, series);
        }));
        return result;
    }

    /** Bytes on disk per index at its last sample: every level's bytes of the rows with the largest t_ms. */
    public static Map<String, Double> finalIndexBytes(List<ComponentSample> samples) {
        Map<String, Double> lastTime = new TreeMap<>();
        Map<String, Double> bytes = new TreeMap<>();
        for (ComponentSample sample : samples) {
            if (Double.isNaN(sample.bytes())) {
                continue;
            }
            Double last = lastTime.get(sample.index());
            if (last == null || sample.tMs() > last) {
                lastTime.put(sample.index(), sample.tMs());
                bytes.put(sample.index(), sample.bytes());
            } else if (sample.tMs() == last) {
                bytes.merge(sample.index(), sample.bytes(), Double::sum);
            }
        }
        return bytes;
    }

    /** Milliseconds per index of its last build (the largest t_ms); an index whose time is unknown is left out. */
    public static Map<String, Double> lastBuildMillis(List<Build> builds) {
        Map<String, Build> last = new TreeMap<>();
        for (Build build : builds) {
            if (!Double.isNaN(build.durationMs())) {
                last.merge(build.index(), build, (a, b) -> b.tMs() >= a.tMs() ? b : a);
            }
        }
        Map<String, Double> millis = new TreeMap<>();
        last.forEach((index, build) -> millis.put(index, build.durationMs()));
        return millis;
    }
}

package org.spatiallsm.experiment.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.spatiallsm.experiment.report.ConfigurationData.IoEvent;
import org.spatiallsm.experiment.report.Metrics.Point;
import org.spatiallsm.experiment.report.Metrics.QueryGroup;
import org.spatiallsm.experiment.report.Plot.Kind;
import org.spatiallsm.experiment.report.Plot.Series;
import org.spatiallsm.experiment.report.RunInfo.PublishedValue;

/** Derives a run's figures: the plots a paper on the study would show, each with the table of its numbers. */
final class Plots {
    /** Rows per series in the table under a time-series plot; the CSVs hold every sample. */
    static final int TABLE_ROWS_PER_SERIES = 10;
    /** σ as the studies define it; a circle has the σ of the window of equal area. */
    static final String SIGMA_AXIS = "selectivity σ (window = 10^-2σ of the extent)";
    /** The kNN study's query kinds ({@code knn-index-<records>}, {@code knn-scan-...}): their sigma column holds k. */
    static final String KNN_KINDS = "knn-";
    static final String K_AXIS = "k (nearest neighbours)";

    private final Run run;

    private Plots(Run run) {
        this.run = run;
    }

    /** The run's plots, in report order; a plot with nothing measured is left out. */
    static List<Plot> of(Run run) {
        return new Plots(run).all();
    }

    private List<Plot> all() {
        List<Plot> plots = new ArrayList<>();
        addIfMeasured(plots, writeAmplification("write-amplification", "Write amplification (bytes)",
                IoEvent::bytesOut));
        addIfMeasured(plots, writeAmplification("write-amplification-entries", "Write amplification (entries)",
                IoEvent::entriesOut));
        addIfMeasured(plots, throughput());
        for (ConfigurationData data : run.configurations()) {
            addIfMeasured(plots, componentsPerLevel(data));
        }
        for (String kind : queryKinds()) {
            addIfMeasured(plots, perSigma(kind, "components-opened", "Components opened per " + kind + " search",
                    "components opened (mean)", Map.of("", QueryGroup::meanComponentsOpened)));
            addIfMeasured(plots, perSigma(kind, "pages-read", "Pages read from disk per " + kind + " search",
                    "pages read (mean)", Map.of("", QueryGroup::meanPagesRead)));
            Map<String, ToDoubleFunction<QueryGroup>> percentiles = new LinkedHashMap<>();
            percentiles.put(" p50", QueryGroup::latencyP50);
            percentiles.put(" p95", QueryGroup::latencyP95);
            percentiles.put(" p99", QueryGroup::latencyP99);
            addIfMeasured(plots, perSigma(kind, "latency",
                    "Latency of " + kind + " searches (nearest-rank percentiles)", "latency (ms)", percentiles));
        }
        addIfMeasured(plots, indexBytes());
        addIfMeasured(plots, againstRtree("index-bytes-vs-rtree", "Bytes on disk per index against the R-tree on the "
                + "same data", "% of the R-tree's bytes", data -> Metrics.finalIndexBytes(data.components())));
        addIfMeasured(plots, againstRtree("index-build-time-vs-rtree", "Index build time (CREATE INDEX on the loaded "
                + "data) against the R-tree on the same data", "% of the R-tree's build time",
                data -> Metrics.lastBuildMillis(data.builds())));
        return plots;
    }

    private static void addIfMeasured(List<Plot> plots, Plot plot) {
        if (plot.series().stream().anyMatch(s -> !s.published() && !s.points().isEmpty())) {
            plots.add(plot);
        }
    }

    private Plot writeAmplification(String id, String title, ToDoubleFunction<IoEvent> written) {
        List<Series> series = new ArrayList<>();
        for (ConfigurationData data : run.configurations()) {
            Map<String, List<Point>> byIndex = Metrics.writeAmplification(data.ioEvents(), written);
            byIndex.forEach((index, points) ->
                    series.add(new Series(byIndex.size() == 1 ? data.label() : data.label() + " / " + index,
                            points, false)));
        }
        return lines(id, title, "records ingested", "write amplification", series);
    }

    private Plot throughput() {
        List<Series> series = new ArrayList<>();
        for (ConfigurationData data : run.configurations()) {
            series.add(new Series(data.label(), data.throughput().stream()
                    .filter(s -> !Double.isNaN(s.tMs()) && !Double.isNaN(s.recordsPerSecond()))
                    .map(s -> new Point(s.tMs() / 1000.0, s.recordsPerSecond())).toList(), false));
        }
        return lines("throughput", "Ingestion throughput over time", "time since the configuration started (s)",
                "records/s", series);
    }

    private Plot componentsPerLevel(ConfigurationData data) {
        List<Series> series = new ArrayList<>();
        Metrics.componentsPerLevel(data.components()).forEach((index, byLevel) -> byLevel.forEach((level, points) ->
                series.add(new Series(index + " level " + level, points, false))));
        return lines("components-" + fileSafe(data.configuration().id()), "Disk components per level: "
                + data.label(), "records ingested", "components", series);
    }

    private Set<String> queryKinds() {
        Set<String> kinds = new LinkedHashSet<>();
        run.configurations().forEach(d -> d.queries().forEach(q -> kinds.add(q.kind())));
        return kinds;
    }

    /** One line per configuration (and per measure) over the kind's selectivities. */
    private Plot perSigma(String kind, String idPrefix, String title, String yLabel,
            Map<String, ToDoubleFunction<QueryGroup>> measures) {
        Map<ConfigurationData, List<QueryGroup>> groups = new LinkedHashMap<>();
        Set<Double> sigmas = new TreeSet<>();
        for (ConfigurationData data : run.configurations()) {
            List<QueryGroup> ofKind = Metrics.queryGroups(data.queries()).stream()
                    .filter(g -> g.kind().equals(kind)).toList();
            groups.put(data, ofKind);
            ofKind.forEach(g -> sigmas.add(g.sigma()));
        }
        List<String> categories = sigmas.stream().map(Format::sigma).toList();
        List<Series> series = new ArrayList<>();
        groups.forEach((data, ofKind) -> measures.forEach((suffix, measure) -> {
            List<Point> points = new ArrayList<>();
            for (QueryGroup group : ofKind) {
                double y = measure.applyAsDouble(group);
                if (!Double.isNaN(y)) {
                    points.add(new Point(categories.indexOf(Format.sigma(group.sigma())), y));
                }
            }
            series.add(new Series(data.label() + suffix, points, false));
        }));
        return categorical(Kind.CATEGORY_LINES, idPrefix + "-" + fileSafe(kind), title,
                kind.startsWith(KNN_KINDS) ? K_AXIS : SIGMA_AXIS, yLabel, categories, series,
                p -> Format.sigma(p.x()), List.of());
    }

    private Plot indexBytes() {
        List<String> categories = run.configurations().stream().map(ConfigurationData::label).toList();
        Map<String, List<Point>> byIndex = new LinkedHashMap<>();
        for (int i = 0; i < run.configurations().size(); i++) {
            int category = i;
            Metrics.finalIndexBytes(run.configurations().get(i).components()).forEach((index, bytes) ->
                    byIndex.computeIfAbsent(index, x -> new ArrayList<>())
                            .add(new Point(category, bytes / Format.MIB)));
        }
        List<Series> series = new ArrayList<>();
        byIndex.forEach((index, points) -> series.add(new Series(index, points, false)));
        double cacheBytes = parseOrNaN(run.info().cluster().get("bufferCacheBytes"));
        List<Plot.Reference> cache = Double.isNaN(cacheBytes) ? List.of()
                : List.of(new Plot.Reference(cacheBytes / Format.MIB, "buffer cache"));
        return categorical(Kind.BARS, "index-bytes", "Bytes on disk per index at the end of the run",
                "configuration", "MiB", categories, series, p -> configurationLabel(p.configuration()), cache);
    }

    /**
     * For studies whose configurations are {@code <data>-<organisation>} (Kim's): each index's {@code measure} (an
     * index's bytes at the end, or its build time) against the same index of {@code <data>-rtree}, in percent, the
     * unit of Kim's results. Only indexes that several configurations have are compared: a primary index is named
     * after its configuration's dataset.
     */
    private Plot againstRtree(String id, String title, String yLabel,
            Function<ConfigurationData, Map<String, Double>> measure) {
        Map<String, Integer> configurationsWithIndex = new LinkedHashMap<>();
        run.configurations().forEach(data -> measure.apply(data).keySet()
                .forEach(index -> configurationsWithIndex.merge(index, 1, Integer::sum)));
        List<String> categories = new ArrayList<>();
        Map<String, List<Point>> byIndex = new LinkedHashMap<>();
        for (ConfigurationData data : run.configurations()) {
            String configurationId = data.configuration().id();
            int dash = configurationId.indexOf('-');
            String rtreeId = dash < 0 ? null : configurationId.substring(0, dash) + "-rtree";
            ConfigurationData rtree = run.configurations().stream()
                    .filter(d -> d.configuration().id().equals(rtreeId)).findFirst().orElse(null);
            if (rtree == null) {
                continue;
            }
            Map<String, Double> rtreeValues = measure.apply(rtree);
            Map<String, Double> percent = new LinkedHashMap<>();
            measure.apply(data).forEach((index, value) -> {
                Double base = rtreeValues.get(index);
                if (base != null && base > 0 && configurationsWithIndex.get(index) > 1) {
                    percent.put(index, 100 * value / base);
                }
            });
            if (!percent.isEmpty()) {
                int category = categories.size();
                categories.add(data.label());
                percent.forEach((index, value) -> byIndex.computeIfAbsent(index, x -> new ArrayList<>())
                        .add(new Point(category, value)));
            }
        }
        List<Series> series = new ArrayList<>();
        byIndex.forEach((index, points) -> series.add(new Series(index, points, false)));
        return categorical(Kind.BARS, id, title, "configuration", yLabel, categories, series,
                p -> configurationLabel(p.configuration()), List.of(new Plot.Reference(100, "R-tree")));
    }

    private Plot lines(String id, String title, String xLabel, String yLabel, List<Series> measured) {
        List<Series> series = new ArrayList<>(measured);
        series.addAll(publishedSeries(id, p -> new Point(p.x(), p.y())));
        series.removeIf(s -> s.points().isEmpty());
        Table table = Tables.longForm(xLabel, yLabel, series, TABLE_ROWS_PER_SERIES);
        String note = (table.note() + " " + sources(id)).strip();
        return new Plot(id, title, xLabel, yLabel, Kind.LINES, List.of(), series, List.of(),
                new Table(table.header(), table.rows(), note));
    }

    /** {@code categoryOf} names the category a published value of this plot belongs to. */
    private Plot categorical(Kind kind, String id, String title, String xLabel, String yLabel, List<String> categories,
            List<Series> measured, Function<PublishedValue, String> categoryOf, List<Plot.Reference> references) {
        List<Series> series = new ArrayList<>(measured);
        List<String> unplaced = new ArrayList<>();
        series.addAll(publishedSeries(id, p -> {
            int category = categories.indexOf(categoryOf.apply(p));
            if (category < 0) {
                unplaced.add(p.label() + " at " + categoryOf.apply(p) + ": " + Format.number(p.y()));
                return null;
            }
            return new Point(category, p.y());
        }));
        // A configuration that has no value here (it ran no such search, or was interrupted) gets no column.
        series.removeIf(s -> s.points().isEmpty());
        StringBuilder note = new StringBuilder();
        references.forEach(r -> note.append(r.label()).append(": ").append(Format.number(r.y())).append(". "));
        if (!unplaced.isEmpty()) {
            note.append("Published values with no measured ").append(xLabel).append(" to mark them at: ")
                    .append(String.join("; ", unplaced)).append(". ");
        }
        note.append(sources(id));
        return new Plot(id, title, xLabel, yLabel, kind, categories, series, references,
                Tables.wideForm(xLabel, yLabel, categories, series, note.toString()));
    }

    /** The plot's published values, one series per label and configuration; {@code place} may drop a value. */
    private List<Series> publishedSeries(String plotId, Function<PublishedValue, Point> place) {
        Map<String, List<Point>> byName = new LinkedHashMap<>();
        for (PublishedValue value : run.info().published()) {
            if (!value.plot().equals(plotId)) {
                continue;
            }
            String name = "published: " + value.label()
                    + (value.configuration().isEmpty() ? "" : " (" + configurationLabel(value.configuration()) + ")");
            List<Point> points = byName.computeIfAbsent(name, n -> new ArrayList<>());
            Point point = place.apply(value);
            if (point != null) {
                points.add(point);
            }
        }
        List<Series> series = new ArrayList<>();
        byName.forEach((name, points) -> series.add(new Series(name, points, true)));
        return series;
    }

    /** Where the plot's published values come from, as a sentence, or "". */
    private String sources(String plotId) {
        Set<String> sources = new LinkedHashSet<>();
        run.info().published().stream().filter(p -> p.plot().equals(plotId) && !p.source().isEmpty())
                .forEach(p -> sources.add(p.label() + ": " + p.source()));
        return sources.isEmpty() ? "" : "Published values: " + String.join("; ", sources) + ".";
    }

    private String configurationLabel(String id) {
        return run.configurations().stream().filter(d -> d.configuration().id().equals(id))
                .map(ConfigurationData::label).findFirst().orElse(id);
    }

    private static double parseOrNaN(String text) {
        try {
            return text == null ? Double.NaN : Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** A plot id made of a name from the data, usable as a file name. */
    static String fileSafe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "-");
    }
}

package org.spatiallsm.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToLongFunction;

import org.spatiallsm.experiment.bench.KnnBench;
import org.spatiallsm.experiment.report.Metrics;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code bench knn}'s table: its columns (index and plan, under the cluster's label) side by side with the columns
 * of earlier runs saved with {@code --save} (e.g. stock AsterixDB's beside spatial-lsm's), per k the latency p50 and
 * p99 and the counters per query, "n/a" where a cluster does not count them; and whether every column gave the same
 * answers.
 */
final class KnnBenchTable {

    /** A column and the cluster it was measured on ({@code --label}, possibly empty). */
    record Labelled(String label, KnnBench.Column column) {
    }

    /** What {@code --save} writes: the run's parameters, which a run beside it must share, and its columns. */
    record Saved(String parameters, List<Labelled> columns) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int LABEL_WIDTH = 22;
    private static final int MIN_CELL_WIDTH = 20;

    private KnnBenchTable() {
    }

    /** The columns side by side; errors and the answers' check under them. */
    static String table(String title, List<Integer> ks, List<Labelled> columns) {
        Labelled base = columns.stream().filter(c -> c.column().error() == null).findFirst().orElse(null);
        int width = Math.max(MIN_CELL_WIDTH, 2 + columns.stream().mapToInt(c -> Math.max(c.label().length(),
                Math.max(c.column().index().length(), c.column().plan().length()))).max().orElse(0));
        StringBuilder out = new StringBuilder(title).append('\n');
        if (columns.stream().anyMatch(c -> !c.label().isEmpty())) {
            line(out, width, "", columns.stream().map(Labelled::label).toList());
        }
        line(out, width, "", columns.stream().map(c -> c.column().index()).toList());
        line(out, width, "", columns.stream().map(c -> c.column().plan()).toList());
        for (int k : ks) {
            line(out, width, "k=" + k + " p50 ms", latencies(columns, base, k, 50));
            line(out, width, "k=" + k + " p99 ms", latencies(columns, base, k, 99));
            line(out, width, "k=" + k + " components", counters(columns, k, KnnBench.Sample::opened));
            line(out, width, "k=" + k + " skipped", counters(columns, k, KnnBench.Sample::skipped));
            line(out, width, "k=" + k + " pages read", counters(columns, k, KnnBench.Sample::pagesRead));
            line(out, width, "k=" + k + " entries read", counters(columns, k, KnnBench.Sample::entriesRead));
        }
        out.append("(latency: nearest-rank percentiles of the timed queries, x (p%) is p% of the first column's; "
                + "counters: the index's, per query, summed over the partitions; n/a: not counted on that cluster)\n");
        out.append(firstDifference(columns).map(d -> "answers differ: " + d)
                .orElse("answers: equal in every column")).append('\n');
        columns.stream().filter(c -> c.column().error() != null).forEach(c -> out.append(name(c)).append(": error: ")
                .append(c.column().error()).append('\n'));
        return out.toString();
    }

    /**
     * The first query whose ids differ from the first column's answer at the same k and point, described in one
     * line; empty when every column (that ran) answered every query alike.
     */
    static Optional<String> firstDifference(List<Labelled> columns) {
        List<Labelled> ran = columns.stream().filter(c -> c.column().error() == null).toList();
        if (ran.isEmpty()) {
            return Optional.empty();
        }
        List<KnnBench.Sample> expected = ran.get(0).column().samples();
        for (Labelled other : ran.subList(1, ran.size())) {
            List<KnnBench.Sample> samples = other.column().samples();
            if (samples.size() != expected.size()) {
                return Optional.of(String.format(Locale.ROOT, "%s has %d queries, %s %d", name(other), samples.size(),
                        name(ran.get(0)), expected.size()));
            }
            for (int i = 0; i < samples.size(); i++) {
                KnnBench.Sample want = expected.get(i);
                KnnBench.Sample got = samples.get(i);
                if (got.k() != want.k() || got.query() != want.query() || !got.ids().equals(want.ids())) {
                    return Optional.of(String.format(Locale.ROOT, "%s at k = %d, query point %d: %s against %s's %s",
                            name(other), got.k(), got.query(), got.ids(), name(ran.get(0)), want.ids()));
                }
            }
        }
        return Optional.empty();
    }

    /** Writes the run's parameters and columns for a later {@code --beside}. */
    static void save(Path file, String parameters, List<Labelled> columns) throws IOException {
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), new Saved(parameters, columns));
    }

    /** The columns of a saved run, which must have been measured with {@code parameters}; one-line errors. */
    static List<Labelled> read(Path file, String parameters) {
        Saved saved;
        try {
            saved = JSON.readValue(Files.readAllBytes(file), Saved.class);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("--beside " + file + " is not a file bench knn --save wrote: "
                    + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("--beside " + file + " cannot be read: " + e.getMessage());
        }
        if (saved.parameters() == null || saved.columns() == null) {
            throw new IllegalArgumentException("--beside " + file + " is not a file bench knn --save wrote");
        }
        if (!saved.parameters().equals(parameters)) {
            throw new IllegalArgumentException("--beside " + file + " was measured with " + saved.parameters()
                    + "; this run: " + parameters);
        }
        return saved.columns();
    }

    private static String name(Labelled column) {
        return (column.label().isEmpty() ? "" : column.label() + " ") + column.column().index() + " "
                + column.column().plan();
    }

    private static List<Double> millis(Labelled column, int k) {
        return column.column().samples().stream().filter(s -> s.k() == k).map(KnnBench.Sample::millis).toList();
    }

    private static List<String> latencies(List<Labelled> columns, Labelled base, int k, double percent) {
        double baseValue = base == null ? Double.NaN : Metrics.percentile(millis(base, k), percent);
        List<String> cells = new ArrayList<>();
        for (Labelled column : columns) {
            if (column.column().error() != null) {
                cells.add("error");
                continue;
            }
            double value = Metrics.percentile(millis(column, k), percent);
            if (Double.isNaN(value)) {
                cells.add("-");
            } else if (column == base || Double.isNaN(baseValue) || baseValue == 0) {
                cells.add(String.format(Locale.ROOT, "%,.1f", value));
            } else {
                cells.add(String.format(Locale.ROOT, "%,.1f (%.0f%%)", value, 100 * value / baseValue));
            }
        }
        return cells;
    }

    /** The mean of a counter per query at {@code k}; n/a when any of those queries was not counted. */
    private static List<String> counters(List<Labelled> columns, int k, ToLongFunction<KnnBench.Sample> counter) {
        List<String> cells = new ArrayList<>();
        for (Labelled column : columns) {
            List<KnnBench.Sample> samples = column.column().samples().stream().filter(s -> s.k() == k).toList();
            if (column.column().error() != null) {
                cells.add("error");
            } else if (samples.isEmpty()) {
                cells.add("-");
            } else if (samples.stream().anyMatch(s -> counter.applyAsLong(s) == KnnBench.NOT_COUNTED)) {
                cells.add("n/a");
            } else {
                cells.add(String.format(Locale.ROOT, "%,.1f", samples.stream().mapToLong(counter).average()
                        .orElseThrow()));
            }
        }
        return cells;
    }

    private static void line(StringBuilder out, int width, String label, List<String> cells) {
        out.append(String.format(Locale.ROOT, "%-" + LABEL_WIDTH + "s", label));
        cells.forEach(cell -> out.append(String.format(Locale.ROOT, "%" + width + "s", cell)));
        out.append('\n');
    }
}

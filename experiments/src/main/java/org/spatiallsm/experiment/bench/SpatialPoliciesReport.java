package org.spatiallsm.experiment.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;

import org.spatiallsm.partitioning.simulation.SpatialSummary;

/**
 * The side-by-side table of {@code bench spatial-policies}: one column per configuration, one row per figure, the
 * engine's measurement next to the simulator's prediction for the same flushes.
 */
public final class SpatialPoliciesReport {

    public static final String NOT_AVAILABLE = "n/a";

    /**
     * What one configuration measured on one data set.
     *
     * @param configuration       the configuration's name
     * @param writeAmplification  the R-tree's (bytes flushed + bytes merged) / bytes flushed, all partitions
     * @param recordsPerSecond    records over the time from the configuration's start to the end of its last load
     * @param componentsPerSearch per σ: components one partition's R-tree search opened on average, from the
     *                            engine's search counters; empty when the engine does not count searches
     * @param latencyMillis       per σ: average wall-clock time of one query, as the client saw it
     * @param levels              disk components per level (L0 first) after the last flush, all partitions; a
     *                            stack is one level
     * @param partitions          the R-tree's partitions, over which {@code levels} are averaged for the table
     * @param predicted           the simulator's run on one partition's share of the flushes, sizes in entries
     * @param onEngineSizes       for a stack policy, the simulator's run per partition on the component sizes the
     *                            engine's policy saw there (see
     *                            {@code SpatialPolicyConfiguration.simulateOnEngineSizes}); empty when there is none,
     *                            and then {@code predicted} gives the components too
     */
    public record Column(String configuration, double writeAmplification, double recordsPerSecond,
            Map<Double, OptionalDouble> componentsPerSearch, Map<Double, Double> latencyMillis, List<Integer> levels,
            int partitions, SpatialSummary predicted, List<SpatialSummary> onEngineSizes) {

        public Column {
            onEngineSizes = List.copyOf(onEngineSizes);
        }

        /** Components per level of an average partition, comparable with the simulator's one partition. */
        List<String> levelsPerPartition() {
            return levels.stream().map(count -> perPartition(count, partitions)).toList();
        }

        /** The simulator's components per search at {@code sigma}: on the engine's sizes where there are any. */
        OptionalDouble simulatedPerSearch(double sigma) {
            List<SpatialSummary> runs = onEngineSizes.isEmpty() ? List.of(predicted) : onEngineSizes;
            return runs.stream().flatMap(run -> run.queries().stream()).filter(q -> q.sigma() == sigma)
                    .mapToDouble(SpatialSummary.QueryCost::operationalComponents).average();
        }

        /** The simulator's components per level of an average partition: on the engine's sizes where there are any. */
        List<String> simulatedLevels() {
            if (onEngineSizes.isEmpty()) {
                return predicted.levels().stream().map(String::valueOf).toList();
            }
            return List.of(perPartition(onEngineSizes.stream().mapToInt(SpatialSummary::components).sum(),
                    onEngineSizes.size()));
        }
    }

    private static String perPartition(int count, int partitions) {
        return count % partitions == 0 ? Integer.toString(count / partitions)
                : String.format(Locale.ROOT, "%.1f", (double) count / partitions);
    }

    private SpatialPoliciesReport() {
    }

    public static String table(String title, List<Double> sigmas, List<Column> columns) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(header("per R-tree partition", columns));
        rows.add(row("R-tree W, engine (bytes)", columns, c -> decimal(c.writeAmplification())));
        rows.add(row("R-tree W, simulator (entries)", columns, c -> decimal(c.predicted().writeAmplification())));
        rows.add(row("ingestion (records/s)", columns, c -> String.format(Locale.ROOT, "%,.0f", c.recordsPerSecond())));
        for (double sigma : sigmas) {
            String s = sigma(sigma);
            rows.add(row("components/search s=" + s + ", engine", columns, c -> c.componentsPerSearch().get(sigma)
                    .stream().mapToObj(SpatialPoliciesReport::decimal).findFirst().orElse(NOT_AVAILABLE)));
            rows.add(row("components/search s=" + s + ", simulator", columns, c -> c.simulatedPerSearch(sigma)
                    .stream().mapToObj(SpatialPoliciesReport::decimal).findFirst().orElse(NOT_AVAILABLE)));
            rows.add(row("query latency s=" + s + " (ms)", columns, c -> decimal(c.latencyMillis().get(sigma))));
        }
        rows.add(row("components per level, engine", columns, c -> levels(c.levelsPerPartition())));
        rows.add(row("components per level, simulator", columns, c -> levels(c.simulatedLevels())));
        List<String> onEngineSizes = columns.stream().filter(c -> !c.onEngineSizes().isEmpty())
                .map(Column::configuration).toList();
        String footer = onEngineSizes.isEmpty() ? "" : "simulator components of " + String.join(", ", onEngineSizes)
                + ": on each partition's component sizes from the engine's events (bytes); W: entries"
                + System.lineSeparator();
        return title + System.lineSeparator() + align(rows) + footer;
    }

    private static List<String> header(String first, List<Column> columns) {
        List<String> cells = new ArrayList<>();
        cells.add(first);
        columns.forEach(c -> cells.add(c.configuration()));
        return cells;
    }

    private static List<String> row(String label, List<Column> columns, Function<Column, String> cell) {
        List<String> cells = new ArrayList<>();
        cells.add(label);
        columns.forEach(c -> cells.add(cell.apply(c)));
        return cells;
    }

    /** Label column left-aligned, figures right-aligned, two spaces between columns. */
    private static String align(List<List<String>> rows) {
        int[] widths = new int[rows.get(0).size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-" + widths[0] + "s", row.get(0)));
            for (int i = 1; i < row.size(); i++) {
                line.append(String.format(Locale.ROOT, "  %" + widths[i] + "s", row.get(i)));
            }
            text.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
        return text.toString();
    }

    /** "[2, 10, 37]" for levels, "4" for a stack's single level. */
    public static String levels(List<String> levels) {
        return levels.size() == 1 ? levels.get(0) : levels.toString();
    }

    public static String decimal(double value) {
        return Double.isNaN(value) ? NOT_AVAILABLE : String.format(Locale.ROOT, "%.2f", value);
    }

    public static String sigma(double sigma) {
        return sigma == Math.rint(sigma) ? Long.toString((long) sigma) : Double.toString(sigma);
    }
}

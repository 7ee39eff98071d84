package org.spatiallsm.cli.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One comparator's line of {@code bench comparators-engine}: what its R-tree's flushes and merges cost, the ingestion
 * rate, and the latency of the window queries per sigma.
 *
 * @param flushMillis      client-observed time of each forced flush of the dataset (primary index and R-tree)
 * @param mergeMillis      the R-tree's merges, each from scheduling to installation (from the LSM events)
 * @param recordsPerSecond records ingested per second, flushes included
 * @param latencyMillis    per sigma, the latency of each window query
 * @param results          per sigma, the records all its queries found (equal for every comparator)
 */
record ComparatorEngineRow(String comparator, double[] flushMillis, double[] mergeMillis, double recordsPerSecond,
        Map<Double, double[]> latencyMillis, Map<Double, Long> results) {

    static double sum(double[] values) {
        return Arrays.stream(values).sum();
    }

    static double mean(double[] values) {
        return values.length == 0 ? Double.NaN : sum(values) / values.length;
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** The rows side by side, one column per comparator. */
    static String table(String title, List<Double> sigmas, List<ComparatorEngineRow> rows) {
        StringBuilder out = new StringBuilder(title).append('\n');
        line(out, "", rows.stream().map(ComparatorEngineRow::comparator).toList());
        line(out, "flushes", rows.stream().map(r -> String.format(Locale.ROOT, "%d", r.flushMillis.length)).toList());
        line(out, "flush ms sum", format(rows, r -> sum(r.flushMillis)));
        line(out, "flush ms mean", format(rows, r -> mean(r.flushMillis)));
        line(out, "R-tree merges", rows.stream().map(r -> String.format(Locale.ROOT, "%d", r.mergeMillis.length))
                .toList());
        line(out, "merge ms sum", format(rows, r -> sum(r.mergeMillis)));
        line(out, "merge ms mean", format(rows, r -> mean(r.mergeMillis)));
        line(out, "records/s", format(rows, ComparatorEngineRow::recordsPerSecond));
        for (double sigma : sigmas) {
            String s = String.format(Locale.ROOT, "sigma=%s", sigma);
            line(out, s + " median ms", format(rows, r -> median(r.latencyMillis.get(sigma))));
            line(out, s + " mean ms", format(rows, r -> mean(r.latencyMillis.get(sigma))));
            line(out, s + " results", rows.stream().map(r -> String.valueOf(r.results.get(sigma))).toList());
        }
        return out.toString();
    }

    private static List<String> format(List<ComparatorEngineRow> rows,
            java.util.function.ToDoubleFunction<ComparatorEngineRow> value) {
        return rows.stream().map(r -> String.format(Locale.ROOT, "%,.1f", value.applyAsDouble(r))).toList();
    }

    private static void line(StringBuilder out, String label, List<String> cells) {
        out.append(String.format(Locale.ROOT, "%-22s", label));
        cells.forEach(cell -> out.append(String.format(Locale.ROOT, "%16s", cell)));
        out.append('\n');
    }
}

package org.spatiallsm.experiment.bench;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;

/**
 * One index's column of {@code bench grid-density}: what it cost to build and to store, and what its selects took.
 * A value not measured is NaN (or -1 bytes) and prints "-".
 *
 * @param error           why the index could not be created or measured (its one-line message), or null
 * @param buildMillis     CREATE INDEX on the loaded dataset
 * @param indexBytes      the index's disk components on every node after the build
 * @param indexOnlyMillis per radius, each select returning only the key (an index-only plan where one exists)
 * @param fullMillis      per radius, each select that also reads a non-indexed field (never index-only)
 * @param results         per radius, the records all selects of that radius found (equal for every index)
 * @param candidates      the index's candidates over the selects, if the components listing counts them
 * @param refined         the candidates left after refinement, if the listing counts them
 */
public record OrganisationRow(String label, String error, double buildMillis, long indexBytes,
        Map<Double, double[]> indexOnlyMillis, Map<Double, double[]> fullMillis, Map<Double, Long> results,
        OptionalLong candidates, OptionalLong refined) {

    public static OrganisationRow failed(String label, String error) {
        return new OrganisationRow(label, error, Double.NaN, -1, Map.of(), Map.of(), Map.of(), OptionalLong.empty(),
                OptionalLong.empty());
    }

    /** The false-positive ratio (candidates - results) / candidates, or NaN when not counted or no candidates. */
    public double falsePositiveRatio() {
        if (candidates.isEmpty() || refined.isEmpty() || candidates.getAsLong() == 0) {
            return Double.NaN;
        }
        return (candidates.getAsLong() - refined.getAsLong()) / (double) candidates.getAsLong();
    }

    /** The entries an organisation's searches read: DHB and DHVB count them in skipScan, SHB and SIF in grid. */
    public static Long candidates(IndexListing partition) {
        return partition.skipScan() != null ? Long.valueOf(partition.skipScan().candidates())
                : partition.grid() != null ? Long.valueOf(partition.grid().candidates()) : null;
    }

    /** The candidates left after refinement, as the organisation counts them. */
    public static Long results(IndexListing partition) {
        return partition.skipScan() != null ? Long.valueOf(partition.skipScan().results())
                : partition.grid() != null ? Long.valueOf(partition.grid().results()) : null;
    }

    /**
     * The sum of one counter of {@code index} over the components listings of every node; empty if any partition of
     * the index lacks it (null), or none has it.
     */
    public static OptionalLong counter(List<ComponentsListing> listings, String index,
            Function<IndexListing, Long> counter) {
        long sum = 0;
        boolean seen = false;
        for (ComponentsListing listing : listings) {
            for (IndexListing partition : listing.indexes()) {
                if (!partition.index().equals(index)) {
                    continue;
                }
                Long value = counter.apply(partition);
                if (value == null) {
                    return OptionalLong.empty();
                }
                sum += value;
                seen = true;
            }
        }
        return seen ? OptionalLong.of(sum) : OptionalLong.empty();
    }

    /**
     * The rows side by side, each value followed by its percentage of the R-tree's ("rtree" column) when that column
     * ran; errors are listed under the table, one line each.
     */
    public static String table(String title, List<Double> selectRadii, List<OrganisationRow> rows) {
        OrganisationRow base = rows.stream().filter(r -> r.label.equals(Organisation.RTREE.label())
                && r.error == null).findFirst().orElse(null);
        StringBuilder out = new StringBuilder(title).append('\n');
        line(out, "", rows.stream().map(OrganisationRow::label).toList());
        line(out, "build s", relative(rows, base, r -> r.buildMillis / 1000, "%,.2f"));
        line(out, "index MB", relative(rows, base, r -> r.indexBytes < 0 ? Double.NaN : r.indexBytes / 1e6,
                "%,.2f"));
        for (double radius : selectRadii) {
            String r = degrees(radius);
            line(out, "select " + r + " io ms", relative(rows, base, x -> median(x.indexOnlyMillis, radius), "%,.1f"));
            line(out, "select " + r + " ms", relative(rows, base, x -> median(x.fullMillis, radius), "%,.1f"));
        }
        for (double radius : selectRadii) {
            line(out, "results " + degrees(radius), counts(rows, radius));
        }
        line(out, "false positives", rows.stream().map(r -> r.error != null ? "-"
                : Double.isNaN(r.falsePositiveRatio()) ? "n/a"
                        : String.format(Locale.ROOT, "%.1f%%", 100 * r.falsePositiveRatio())).toList());
        out.append("(latencies are medians; x (p%) is p% of the R-tree's value)\n");
        rows.stream().filter(r -> r.error != null).forEach(r -> out.append(r.label).append(": error: ")
                .append(r.error).append('\n'));
        return out.toString();
    }

    /** Each row's count at one radius, "-" where it has none. */
    private static List<String> counts(List<OrganisationRow> rows, double radius) {
        return rows.stream().map(r -> r.results.containsKey(radius)
                ? String.format(Locale.ROOT, "%,d", r.results.get(radius)) : "-").toList();
    }

    /** A radius as written on the command line: 0.00001, never 1.0E-5. */
    public static String degrees(double radius) {
        return BigDecimal.valueOf(radius).stripTrailingZeros().toPlainString();
    }

    /** The median of one radius's latencies; NaN when that radius was not measured. */
    public static double median(Map<Double, double[]> millis, double radius) {
        double[] values = millis.get(radius);
        if (values == null || values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** "value (p%)" with p = value / base's value, or the value alone for the base and when there is no base. */
    public static String relative(double value, double baseValue, boolean isBase, String format) {
        if (Double.isNaN(value)) {
            return "-";
        }
        String absolute = String.format(Locale.ROOT, format, value);
        if (isBase || Double.isNaN(baseValue) || baseValue == 0) {
            return absolute;
        }
        return String.format(Locale.ROOT, "%s (%.0f%%)", absolute, 100 * value / baseValue);
    }

    private static List<String> relative(List<OrganisationRow> rows, OrganisationRow base,
            ToDoubleFunction<OrganisationRow> value, String format) {
        List<String> cells = new ArrayList<>();
        for (OrganisationRow row : rows) {
            double baseValue = base == null ? Double.NaN : value.applyAsDouble(base);
            cells.add(row.error != null ? "error" : relative(value.applyAsDouble(row), baseValue, row == base, format));
        }
        return cells;
    }

    public static void line(StringBuilder out, String label, List<String> cells) {
        out.append(String.format(Locale.ROOT, "%-22s", label));
        cells.forEach(cell -> out.append(String.format(Locale.ROOT, "%20s", cell)));
        out.append('\n');
    }
}

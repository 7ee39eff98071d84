package org.spatiallsm.experiment.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongFunction;

import org.spatiallsm.experiment.RecordTransport;
import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.Seeds;

/**
 * {@code bench index-join}'s measurement: the {@code /*+ indexnl *}{@code /} {@code spatial_intersect} join of Kim's
 * static workload (an id range of outer tweets, a circle around each, probing the index) on each index in turn, over
 * one dataset of tweets, the same outer records for every index.
 *
 * @param records      tweets loaded, ids 0 ..
 * @param distribution point distribution of the tweets
 * @param seed         seed of the tweets and of the outer ranges
 * @param radii        circle radii of the joins, in degrees
 * @param outer        outer records per join, each one probe of the index
 * @param joins        timed joins per radius on each index
 * @param warmup       untimed joins per radius on each index before the timed ones
 * @param transport    how the tweets are loaded, or null for LOAD DATASET from a file (stock AsterixDB has no
 *                     spatial-lsm feed adapter)
 */
public record IndexJoinBench(long records, String distribution, long seed, List<Double> radii, int outer, int joins,
        int warmup, RecordTransport transport) {

    /**
     * One index's column: per radius the join latencies and the pairs all timed joins found.
     *
     * @param error the index's one-line error, or null
     */
    public record Column(String label, String error, Map<Double, double[]> millis, Map<Double, Long> pairs) {
    }

    /** Loads the sweep's dataset once and joins on each index; a refused index gets its error in its column. */
    public List<Column> run(IndexSweep sweep, String with, boolean keep, List<Organisation> indexes)
            throws Exception {
        RecordGenerator generator = new RecordGenerator(PointDistributions.create(distribution, Map.of(), seed),
                sweep.shape(), seed);
        LongFunction<String> record = id -> RecordFormat.ADM.format(generator.record(id));
        return sweep.run(with, keep, () -> transport == null ? sweep.loadFile(record, records)
                : sweep.load(transport, record, records),
                indexes, index -> measure(sweep, index),
                (index, error) -> new Column(index.label(), error, Map.of(), Map.of()));
    }

    /** The columns side by side: medians, per probe, relative to the first column, and the pairs found. */
    public String table(String title, List<Column> columns) {
        Column base = columns.stream().filter(c -> c.error == null).findFirst().orElse(null);
        StringBuilder out = new StringBuilder(title).append('\n');
        OrganisationRow.line(out, "", columns.stream().map(Column::label).toList());
        for (double radius : radii) {
            String r = OrganisationRow.degrees(radius);
            OrganisationRow.line(out, "join " + r + " ms", cells(columns, base, radius, 1));
            OrganisationRow.line(out, "per probe " + r + " ms", cells(columns, base, radius, outer));
        }
        for (double radius : radii) {
            OrganisationRow.line(out, "pairs " + OrganisationRow.degrees(radius), columns.stream()
                    .map(c -> c.error != null ? "-" : String.format(Locale.ROOT, "%,d", c.pairs.get(radius)))
                    .toList());
        }
        out.append("(medians; x (p%) is p% of the first column's value; pairs: all timed joins together, equal in "
                + "every column)\n");
        columns.stream().filter(c -> c.error != null).forEach(c -> out.append(c.label).append(": error: ")
                .append(c.error).append('\n'));
        return out.toString();
    }

    private static List<String> cells(List<Column> columns, Column base, double radius, int divisor) {
        List<String> cells = new ArrayList<>();
        for (Column column : columns) {
            if (column.error != null) {
                cells.add("error");
                continue;
            }
            double baseValue = base == null ? Double.NaN : OrganisationRow.median(base.millis, radius) / divisor;
            cells.add(OrganisationRow.relative(OrganisationRow.median(column.millis, radius) / divisor, baseValue,
                    column == base, divisor == 1 ? "%,.1f" : "%,.2f"));
        }
        return cells;
    }

    /** CREATE INDEX on the loaded dataset, then the joins at each radius, the first {@code warmup} untimed. */
    private Column measure(IndexSweep sweep, Organisation index) {
        sweep.progress("%s: CREATE INDEX on %,d records", index.label(), records);
        sweep.client().executeOrThrow(sweep.sql().createIndex(index, ""));
        sweep.progress("%s: %d untimed and %d timed joins per radius", index.label(), warmup, joins);
        Map<Double, double[]> millis = new LinkedHashMap<>();
        Map<Double, Long> pairs = new LinkedHashMap<>();
        for (int r = 0; r < radii.size(); r++) {
            double radius = radii.get(r);
            double[] timed = new double[joins];
            long found = 0;
            for (int j = 0; j < warmup + joins; j++) {
                long first = Seeds.forSetup(seed, "join " + r + " " + j).nextLong(records - outer + 1);
                long start = System.nanoTime();
                long count = sweep.client().executeOrThrow(sweep.sql().join(first, outer, radius)).results().get(0)
                        .asLong();
                if (j >= warmup) {
                    timed[j - warmup] = (System.nanoTime() - start) / 1e6;
                    found += count;
                }
            }
            millis.put(radius, timed);
            pairs.put(radius, found);
        }
        return new Column(index.label(), null, millis, pairs);
    }
}

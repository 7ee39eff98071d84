package org.spatiallsm.cli.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.KeepOption;
import org.spatiallsm.cli.WithOption;
import org.spatiallsm.client.QueryFailedException;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.experiment.ClusterSession;
import org.spatiallsm.experiment.RecordTransport;
import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.experiment.study.OrganisationStatements;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.DatasetSetup;
import org.spatiallsm.load.LoadException;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.Seeds;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench index-join}: the {@code /*+ indexnl *}{@code /} {@code spatial_intersect} join of Kim's static
 * workload (an id range of outer tweets, a circle around each, probing the index) on each index type in turn, over
 * one dataset of generated tweets. It runs on stock AsterixDB 0.9.8 too (with {@code --indexes rtree}), which is how
 * the R-tree join is compared with stock's; see docs/index-organisations.md.
 */
@Command(name = "index-join", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "The index nested-loop join of Kim's static workload, per index type: one dataset of "
                + "tweets is loaded through a socket feed, then for each index in turn: CREATE INDEX, the joins "
                + "at each radius (the same outer records for every index), DROP INDEX. Printed side by side, "
                + "with the time per probe (outer record).",
            "Runs against stock AsterixDB 0.9.8 too (--indexes rtree). Results are printed, never asserted; see "
                + "docs/index-organisations.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success (also when some indexes failed: see "
                + "their columns)", "1:AsterixDB refused a statement the run needs", "2:bad command line",
            CommandFailures.NO_USABLE_CLUSTER })
public final class IndexJoinBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--records", paramLabel = "N", defaultValue = "200000",
            description = "tweets loaded (default: ${DEFAULT-VALUE})")
    long records;

    @Option(names = "--distribution", paramLabel = "NAME", defaultValue = "osm-like",
            description = "point distribution of the tweets (default: ${DEFAULT-VALUE})")
    String distribution;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "seed of the records and of the outer ranges (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--indexes", paramLabel = "TYPE,...", split = ",",
            description = "the index types measured, in this order: rtree, dhb, dhvb, shb, sif (default: rtree,dhvb)")
    List<String> indexes = List.of("rtree", "dhvb");

    @Option(names = "--radius", paramLabel = "DEGREES,...", split = ",",
            description = "circle radii of the joins (default: 0.001,0.01)")
    List<Double> radii = List.of(0.001, 0.01);

    @Option(names = "--outer", paramLabel = "N", defaultValue = "100",
            description = "outer records per join, each one probe of the index (default: ${DEFAULT-VALUE})")
    int outer;

    @Option(names = "--joins", paramLabel = "J", defaultValue = "6",
            description = "timed joins per radius on each index (default: ${DEFAULT-VALUE})")
    int joins;

    @Option(names = "--warm-up-joins", paramLabel = "W", defaultValue = "2",
            description = "untimed joins per radius on each index before the timed ones (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--transport", paramLabel = "feed|http|file", defaultValue = "feed",
            description = "how the tweets are loaded: a socket feed, HTTP INSERT batches, or LOAD DATASET from an ADM "
                    + "file written to this machine's temporary directory, which the NCs must read (stock AsterixDB "
                    + "has no spatial-lsm feed adapter) (default: ${DEFAULT-VALUE})")
    String transport;

    @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmIndexJoinBench",
            description = "scratch dataverse, dropped and recreated (default: ${DEFAULT-VALUE})")
    String dataverse;

    @Mixin
    KeepOption keep;

    @Mixin
    EndpointOption endpoint;

    @Mixin
    WithOption with;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            validate();
            List<Organisation> chosen = Organisation.organisations(indexes, false);
            List<Column> columns = new Run().columns(chosen);
            String title = String.format(Locale.ROOT, "index nested-loop joins: %,d tweets (%s, seed %d), %d "
                    + "outer records per join, %d timed joins per radius (after %d untimed); at %s", records,
                    distribution, seed, outer, joins, warmup, endpoint.endpoint());
            spec.commandLine().getOut().print(table(title, columns));
            spec.commandLine().getOut().flush();
            return CommandFailures.OK;
        });
    }

    /** One-line errors for bad knobs. */
    private void validate() {
        if (records < 1) {
            throw new IllegalArgumentException("--records must be >= 1, got " + records);
        }
        if (outer < 1 || outer > records) {
            throw new IllegalArgumentException("--outer must be between 1 and --records (" + records + "), got "
                    + outer);
        }
        if (joins < 1) {
            throw new IllegalArgumentException("--joins must be >= 1, got " + joins);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warm-up-joins must be >= 0, got " + warmup);
        }
        if (radii.isEmpty()) {
            throw new IllegalArgumentException("--radius names no radius");
        }
        for (double radius : radii) {
            if (!(radius > 0 && radius <= 180)) {
                throw new IllegalArgumentException("--radius must be above 0 and at most 180, got " + radius);
            }
        }
        if (!PointDistributions.names().contains(distribution)) {
            // The same one-line error as creating it, without reading the city catalogue for a check.
            PointDistributions.create(distribution, Map.of(), 1);
        }
        loadTransport();
    }

    /** The harness's transport, INSERT statements of 1,000 records over HTTP; null for a file. */
    private RecordTransport loadTransport() {
        return switch (transport) {
            case "feed" -> new RecordTransport(true, 1);
            case "http" -> new RecordTransport(false, 1000);
            case "file" -> null;
            default -> throw new IllegalArgumentException("--transport must be feed, http or file, got '" + transport
                    + "'");
        };
    }

    /**
     * One index's column: per radius the join latencies and the pairs all timed joins found.
     *
     * @param error the index's one-line error, or null
     */
    record Column(String label, String error, Map<Double, double[]> millis, Map<Double, Long> pairs) {
    }

    /** The columns side by side: medians, per probe, relative to the first column, and the pairs found. */
    String table(String title, List<Column> columns) {
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

    /** One run against the cluster. */
    private final class Run {

        private final RecordShape shape = RecordShapes.named("tweet");
        private final QueryServiceClient client = endpoint.client();
        private final DatasetName dataset = new DatasetName(dataverse, "Data");
        private final OrganisationStatements sql = new OrganisationStatements(dataset, shape, false);

        /** Loads the dataset once, then builds, measures and drops each index in turn. */
        List<Column> columns(List<Organisation> chosen) throws Exception {
            String scratch = Sqlpp.identifier(dataverse);
            client.executeOrThrow("DROP DATAVERSE " + scratch + " IF EXISTS; CREATE DATAVERSE " + scratch + ";");
            client.executeOrThrow(DatasetSetup.createStatements(dataset, shape, with.with(), false));
            RecordGenerator generator = new RecordGenerator(PointDistributions.create(distribution, Map.of(), seed),
                    shape, seed);
            double seconds = loadTransport() == null ? loadFile(generator)
                    : loadTransport().loadAll(new ClusterSession(client, dataverse), dataset,
                            DatasetSetup.typeNameFor(dataset), shape.idField(),
                            id -> RecordFormat.ADM.format(generator.record(id)), records);
            progress("%,d records in %.1f s", records, seconds);
            List<Column> columns = new ArrayList<>();
            for (Organisation index : chosen) {
                try {
                    columns.add(measure(index));
                } catch (QueryFailedException e) {
                    columns.add(new Column(index.label(), GridDensityBenchCommand.firstLine(e.getMessage()), Map.of(),
                            Map.of()));
                    progress("%s: error: %s", index.label(), GridDensityBenchCommand.firstLine(e.getMessage()));
                } finally {
                    client.executeOrThrow(sql.dropIndex()); // the next needs the name
                }
            }
            if (!keep.keep()) {
                client.executeOrThrow("DROP DATAVERSE " + scratch + ";");
            }
            return columns;
        }

        /** The records written to a temporary ADM file, then LOAD DATASET from it and a count; the seconds taken. */
        private double loadFile(RecordGenerator generator) {
            long start = System.nanoTime();
            Path file = null;
            try {
                file = Files.createTempFile("spatial-lsm-index-join", ".adm");
                try (BufferedWriter out = Files.newBufferedWriter(file)) {
                    for (long id = 0; id < records; id++) {
                        out.write(RecordFormat.ADM.format(generator.record(id)));
                        out.newLine();
                    }
                }
                client.executeOrThrow("USE " + Sqlpp.identifier(dataverse) + "; LOAD DATASET "
                        + Sqlpp.identifier(dataset.dataset()) + " USING localfs ((\"path\"=\"127.0.0.1://"
                        + file.toAbsolutePath() + "\"), (\"format\"=\"adm\"));");
            } catch (IOException e) {
                throw new LoadException("cannot write the records to a temporary file: " + e.getMessage(), e);
            } finally {
                deleteQuietly(file);
            }
            long found = client.executeOrThrow("SELECT VALUE COUNT(*) FROM " + dataset.sql() + ";").results().get(0)
                    .asLong();
            if (found != records) {
                throw new LoadException(String.format(Locale.ROOT, "LOAD DATASET loaded %,d of %,d records", found,
                        records));
            }
            return (System.nanoTime() - start) / 1e9;
        }

        private static void deleteQuietly(Path file) {
            try {
                if (file != null) {
                    Files.deleteIfExists(file);
                }
            } catch (IOException e) {
                // A temporary file left behind is harmless; the measurement goes on.
            }
        }

        /** CREATE INDEX on the loaded dataset, then the joins at each radius, the first {@code warmup} untimed. */
        private Column measure(Organisation index) {
            progress("%s: CREATE INDEX on %,d records", index.label(), records);
            client.executeOrThrow(sql.createIndex(index, ""));
            progress("%s: %d untimed and %d timed joins per radius", index.label(), warmup, joins);
            Map<Double, double[]> millis = new LinkedHashMap<>();
            Map<Double, Long> pairs = new LinkedHashMap<>();
            for (int r = 0; r < radii.size(); r++) {
                double radius = radii.get(r);
                double[] timed = new double[joins];
                long found = 0;
                for (int j = 0; j < warmup + joins; j++) {
                    long first = Seeds.forSetup(seed, "join " + r + " " + j).nextLong(records - outer + 1);
                    long start = System.nanoTime();
                    long count = client.executeOrThrow(sql.join(first, outer, radius)).results().get(0).asLong();
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

        private void progress(String format, Object... values) {
            spec.commandLine().getErr().printf(Locale.ROOT, format + "%n", values);
            spec.commandLine().getErr().flush();
        }
    }
}

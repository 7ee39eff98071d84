package org.spatiallsm.cli.simulate;

import static org.spatiallsm.cli.simulate.AmplificationTotals.decimal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.partitioning.catalog.CatalogPolicy;
import org.spatiallsm.partitioning.catalog.CatalogPolicy.Family;
import org.spatiallsm.partitioning.catalog.PolicyCatalog;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.partitioning.ordering.Ordering;
import org.spatiallsm.partitioning.ordering.Orderings;
import org.spatiallsm.partitioning.partitioner.Partitioners;
import org.spatiallsm.partitioning.simulation.SpatialSimulation;
import org.spatiallsm.partitioning.simulation.SpatialSimulation.Progress;
import org.spatiallsm.partitioning.simulation.SpatialSummary;
import org.spatiallsm.workloads.PointDistribution;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordOrder;
import org.spatiallsm.workloads.RecordShapes;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import picocli.CommandLine.Option;

/**
 * The spatial (geometric) mode of {@code simulate}: real points through the policy, the real partitioners and
 * real overlap tests, for leveled and stack policies alike.
 */
final class SpatialMode {

    @Option(names = "--distribution", paramLabel = "NAME",
            description = "Spatial mode: insert points of this distribution (uniform, osm-like, gaussian, geospark;"
                    + " see 'generate') instead of counting flushes.")
    String distribution;

    @Option(names = "--records", paramLabel = "R", defaultValue = "1000000",
            description = "Spatial mode: records to insert (default: ${DEFAULT-VALUE}).")
    long records;

    @Option(names = "--records-per-flush", paramLabel = "F", defaultValue = "10000",
            description = "Spatial mode: records per flushed component (default: ${DEFAULT-VALUE}).")
    int recordsPerFlush;

    @Option(names = "--partitioning", paramLabel = "NAME",
            description = "Spatial mode, leveled policy: size, str, rstar-grove-area or rstar-grove-perimeter (the"
                    + " policy's partitioning parameter, default size). Stack policies ignore it.")
    String partitioning;

    @Option(names = "--partitioner-param", paramLabel = "NAME=VALUE",
            description = "Spatial mode, leveled policy: a parameter of its partitioner, e.g. alpha=1 or"
                    + " fallback=fork-strip for R*-Grove (see docs/leveled.md); repeatable. Default: none.")
    Map<String, String> partitionerParameters = new LinkedHashMap<>();

    @Option(names = "--comparator", paramLabel = "NAME", defaultValue = "hilbert",
            description = "Spatial mode: order inside components, hilbert, zorder or simple (default: "
                    + "${DEFAULT-VALUE}).")
    String comparator;

    @Option(names = "--record-order", paramLabel = "NAME", defaultValue = "random",
            description = "Spatial mode: the order records are inserted in, random (id order, random in space),"
                    + " hilbert or sorted-x (sorted by Hilbert value or by longitude; see docs/leveled.md) (default:"
                    + " ${DEFAULT-VALUE}).")
    String recordOrder;

    @Option(names = "--record-order-cycles", paramLabel = "C", defaultValue = "1",
            description = "Spatial mode, hilbert or sorted-x order: cut the ids into C equal runs and sort each on"
                    + " its own (default: ${DEFAULT-VALUE}, the whole input sorted).")
    int recordOrderCycles;

    @Option(names = "--region-flushes", paramLabel = "N", defaultValue = "0",
            description = "Spatial mode, hilbert or sorted-x order: cut each sorted run into regions of N flushes"
                    + " and insert each region's records in id order (default: ${DEFAULT-VALUE}, no regions).")
    int regionFlushes;

    @Option(names = "--queries", paramLabel = "Q", defaultValue = "1000",
            description = "Spatial mode: query windows per selectivity (default: ${DEFAULT-VALUE}).")
    int queries;

    @Option(names = "--sigma", paramLabel = "SIGMA", split = ",", defaultValue = "3,5",
            description = "Spatial mode: windows of 360x10^-SIGMA by 180x10^-SIGMA degrees (default: "
                    + "${DEFAULT-VALUE}).")
    List<Double> sigmas;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "Spatial mode: seed of the points and the query centres (default: ${DEFAULT-VALUE}).")
    long seed;

    void run(SimulateCommand command) {
        if (records < 1 || recordsPerFlush < 1 || queries < 0) {
            throw command.invalid("--records and --records-per-flush must be at least 1 and --queries at least 0");
        }
        if (sigmas.stream().anyMatch(sigma -> !(sigma >= 0 && sigma <= 10))) {
            throw command.invalid("--sigma takes values from 0 to 10, got " + sigmas);
        }
        if (regionFlushes < 0) {
            throw command.invalid("--region-flushes must be at least 0, got " + regionFlushes);
        }
        RecordGenerator generator;
        Ordering ordering;
        RecordOrder order;
        try {
            PointDistribution points = PointDistributions.create(distribution, Map.of(), seed);
            ordering = Orderings.create(comparator);
            generator = new RecordGenerator(points, RecordShapes.named("point"), seed);
            order = RecordOrder.create(recordOrder, generator::point, records, recordOrderCycles,
                    Math.max(1, (long) regionFlushes * recordsPerFlush));
        } catch (IllegalArgumentException unknown) {
            throw command.invalid(unknown.getMessage());
        }
        long flushes = (records + recordsPerFlush - 1) / recordsPerFlush;
        PrintWriter out = command.spec.commandLine().getOut();
        Map<String, String> raw = new HashMap<>(command.parameterMap());
        CatalogPolicy policy = PolicyCatalog.byName(command.policyName);
        if (partitioning != null && policy.hasParameter(LeveledPolicy.PARTITIONING)) {
            if (!Partitioners.names().contains(partitioning)) {
                throw command.invalid("unknown --partitioning '" + partitioning + "' (known: "
                        + String.join(", ", Partitioners.names()) + ")");
            }
            if (raw.containsKey(LeveledPolicy.PARTITIONING)) {
                throw command.invalid("give the partitioning once, as --partitioning or as --param partitioning");
            }
            raw.put(LeveledPolicy.PARTITIONING, partitioning);
        }
        PolicyParameters values = policy.parse(raw);
        if (!partitionerParameters.isEmpty()) {
            if (policy.family() != Family.LEVELED) {
                throw command.invalid("--partitioner-param applies to the leveled policy only");
            }
            try {
                Partitioners.create(values.getChoice(LeveledPolicy.PARTITIONING), partitionerParameters);
            } catch (IllegalArgumentException bad) {
                throw command.invalid(bad.getMessage());
            }
        }
        SpatialSimulation.Settings settings = new SpatialSimulation.Settings(generator, records, recordsPerFlush,
                ordering, partitionerParameters, queries, sigmas, seed, order);
        Report report = new Report(out, values, command.format == SimulateCommand.Format.json, flushes);
        Consumer<Progress> progress = report.every(command.every);
        report.finish(policy.family() == Family.LEVELED
                ? SpatialSimulation.leveled(new LeveledPolicy(values), settings, progress)
                : SpatialSimulation.stack(values.descriptor().create(values), settings, progress));
        out.flush();
    }

    /** Progress rows every M-th flush, then the summary; a table or JSON lines. */
    private final class Report {
        private final PrintWriter out;
        private final PolicyParameters values;
        private final boolean json;
        private final long flushes;
        private final String rowFormat;

        Report(PrintWriter out, PolicyParameters values, boolean json, long flushes) {
            this.out = out;
            this.values = values;
            this.json = json;
            this.flushes = flushes;
            int flushWidth = Math.max("flush".length(), Long.toString(flushes).length());
            this.rowFormat = "%" + flushWidth + "s  %10s  %9s  %9s  %7s  %7s  %s%n";
            if (!json) {
                out.printf(Locale.ROOT, "policy %s %s%n", values.policy(), values.values());
                out.printf(Locale.ROOT, "distribution %s, %d records, %d per flush, comparator %s, seed %d, record"
                        + " order %s%n", distribution, records, recordsPerFlush, comparator, seed, orderLabel());
                out.printf(Locale.ROOT, rowFormat, "flush", "records", "W", "W_logged", "merges", "moves",
                        "components per level (L0 first)");
            }
        }

        Consumer<Progress> every(long every) {
            return progress -> {
                if (progress.flush() % every == 0 || progress.flush() == flushes) {
                    row(progress);
                }
            };
        }

        private void row(Progress progress) {
            if (json) {
                ObjectNode line = LeveledReport.JSON.createObjectNode();
                line.put("flush", progress.flush());
                line.put("records", progress.records());
                progress.levels().forEach(line.putArray("levels")::add);
                line.put("writeAmplification", progress.writeAmplification());
                line.put("writeAmplificationLogged", progress.writeAmplificationLogged());
                line.put("merges", progress.merges());
                line.put("moves", progress.moves());
                out.println(line);
            } else {
                out.printf(Locale.ROOT, rowFormat, progress.flush(), progress.records(),
                        decimal(progress.writeAmplification()),
                        decimal(progress.writeAmplificationLogged()), progress.merges(),
                        progress.moves(), progress.levels());
            }
            out.flush();
        }

        void finish(SpatialSummary summary) {
            if (json) {
                ObjectNode line = LeveledReport.JSON.createObjectNode();
                ObjectNode fields = line.putObject("summary");
                fields.put("policy", values.policy());
                LeveledReport.putParameters(fields, values);
                fields.put("distribution", distribution);
                fields.put("records", summary.records());
                fields.put("recordsPerFlush", recordsPerFlush);
                fields.put("comparator", comparator);
                fields.put("seed", seed);
                fields.put("recordOrder", recordOrder);
                fields.put("recordOrderCycles", recordOrderCycles);
                fields.put("regionFlushes", regionFlushes);
                fields.put("flushes", summary.flushes());
                fields.put("writeAmplification", summary.writeAmplification());
                fields.put("writeAmplificationLogged", summary.writeAmplificationLogged());
                fields.put("merges", summary.merges());
                fields.put("moves", summary.moves());
                fields.put("components", summary.components());
                summary.levels().forEach(fields.putArray("levels")::add);
                summary.overlapWithinLevel().forEach(fields.putArray("overlapWithinLevel")::add);
                ArrayNode reads = fields.putArray("readAmplification");
                for (SpatialSummary.QueryCost cost : summary.queries()) {
                    reads.addObject().put("sigma", cost.sigma()).put("queries", cost.queries())
                            .put("operationalComponents", cost.operationalComponents());
                }
                out.println(line);
                return;
            }
            out.println();
            line("flushes", Long.toString(summary.flushes()));
            line("write amplification W", decimal(summary.writeAmplification()));
            line("write amplification W_logged", decimal(summary.writeAmplificationLogged()));
            line("merges", Long.toString(summary.merges()));
            line("moves", Long.toString(summary.moves()));
            line("components", Integer.toString(summary.components()));
            line("components per level", summary.levels().toString());
            List<String> overlaps = new ArrayList<>();
            summary.overlapWithinLevel().forEach(overlap -> overlaps.add(decimal(overlap)));
            line("overlap within level", overlaps.toString());
            for (SpatialSummary.QueryCost cost : summary.queries()) {
                line(String.format(Locale.ROOT, "operational components s=%s", trim(cost.sigma())),
                        decimal(cost.operationalComponents()) + " (average of " + cost.queries()
                                + " queries)");
            }
        }

        private void line(String label, String value) {
            AmplificationTotals.line(out, label, value);
        }

        private String orderLabel() {
            if (recordOrder.equals("random")) {
                return recordOrder;
            }
            return String.format(Locale.ROOT, "%s (%d cycles, %s)", recordOrder, recordOrderCycles,
                    regionFlushes == 0 ? "no regions" : "regions of " + regionFlushes + " flushes");
        }

        private String trim(double sigma) {
            return sigma == Math.rint(sigma) ? Long.toString((long) sigma) : Double.toString(sigma);
        }
    }
}

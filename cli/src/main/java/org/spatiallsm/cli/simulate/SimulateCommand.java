package org.spatiallsm.cli.simulate;

import static org.spatiallsm.cli.simulate.AmplificationTotals.decimal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongUnaryOperator;
import java.util.stream.LongStream;

import org.spatiallsm.merge.InvalidPolicyParameterException;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.merge.UnknownPolicyException;
import org.spatiallsm.merge.simulation.MergedSize;
import org.spatiallsm.merge.simulation.SimulationStep;
import org.spatiallsm.merge.simulation.SimulationSummary;
import org.spatiallsm.merge.simulation.Simulator;
import org.spatiallsm.partitioning.catalog.CatalogPolicy;
import org.spatiallsm.partitioning.catalog.CatalogPolicy.Family;
import org.spatiallsm.partitioning.catalog.PolicyCatalog;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.partitioning.simulation.CountModel;
import org.spatiallsm.partitioning.simulation.LeveledSimulator;
import org.spatiallsm.partitioning.simulation.LeveledStep;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code spatial-lsm simulate}: replays flushes through a merge policy and reports the amplifications. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = { "Replays flushes through a merge policy with instant merges (merged size = sum of the inputs,"
                + " less any --component-overhead) and reports write, read and transient space amplification; sizes"
                + " are in units of one flush unless --flush-sizes gives a file.",
            "The leveled policy runs in the count model of the studies' tables (every flush one unit of random keys);"
                    + " its rows add the component count of every level.",
            "With --distribution, the spatial mode inserts real points instead, for any policy, and reports the"
                    + " operational components per query window as well.",
            "See docs/merge-policies.md and docs/leveled.md for the policies and metrics." },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = { "0:simulated", "2:bad command line, policy, parameter or flush-size file" })
public final class SimulateCommand implements Callable<Integer> {

    /** Spelled as typed on the command line. */
    enum Format {
        table,
        json
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--policy", required = true, paramLabel = "NAME", completionCandidates = PolicyNames.class,
            description = "Merge policy: ${COMPLETION-CANDIDATES}.")
    String policyName;

    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "A policy parameter by its natural or AsterixDB 0.9.8 name, e.g. k=4 or num-components=4;"
                    + " repeatable. Parameters not given take their defaults.")
    List<String> parameters = new ArrayList<>();

    @Option(names = "--flushes", paramLabel = "N",
            description = "Number of flushes to simulate; required unless --distribution selects the spatial mode.")
    Long flushes;

    @Option(names = "--every", paramLabel = "M", defaultValue = "1",
            description = "Report every M-th flush and the last one (default: ${DEFAULT-VALUE}).")
    long every;

    @Option(names = "--flush-sizes", paramLabel = "uniform|FILE", defaultValue = "uniform",
            description = "uniform (every flush has size 1, the default) or a file with one positive integer size per"
                    + " line; blank lines and text after # are ignored, and it must hold at least N sizes.")
    String flushSizes;

    @Option(names = "--component-overhead", paramLabel = "BYTES", defaultValue = "0",
            description = "Fixed size of every component, in the unit of the flush sizes: a merge of n components"
                    + " writes the sum of its inputs minus (n - 1) x BYTES, never less than its largest input"
                    + " (default: ${DEFAULT-VALUE}, the studies' model).")
    long componentOverhead;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "${COMPLETION-CANDIDATES}: an aligned table (default) or one JSON object per reported flush"
                    + " followed by {\"summary\": {...}}.")
    Format format;

    @Mixin
    SpatialMode spatial;

    @Override
    public Integer call() {
        try {
            if (spatial.distribution != null) {
                if (flushes != null || !flushSizes.equals("uniform") || componentOverhead != 0) {
                    throw invalid("the spatial mode (--distribution) takes --records and --records-per-flush instead"
                            + " of --flushes, --flush-sizes and --component-overhead");
                }
                requireAtLeastOne("--every", every);
                spatial.run(this);
                return 0;
            }
            if (flushes == null) {
                throw invalid("--flushes is required (or --distribution for the spatial mode)");
            }
            CatalogPolicy policy = PolicyCatalog.byName(policyName);
            PolicyParameters values = policy.parse(parameterMap());
            requireAtLeastOne("--flushes", flushes);
            requireAtLeastOne("--every", every);
            if (policy.family() == Family.LEVELED) {
                if (!flushSizes.equals("uniform") || componentOverhead != 0) {
                    throw invalid("--flush-sizes and --component-overhead apply to stack policies; the leveled count"
                            + " model has flushes of one unit");
                }
                simulateLeveled(values);
                return 0;
            }
            if (componentOverhead < 0) {
                throw invalid("--component-overhead must be at least 0, was " + componentOverhead);
            }
            LongUnaryOperator sizeOfFlush = flushSizes.equals("uniform") ? t -> 1
                    : readFlushSizes(Path.of(flushSizes));
            simulate(values, values.descriptor().create(values), sizeOfFlush);
            return 0;
        } catch (ParameterException | UnknownPolicyException | InvalidPolicyParameterException invalid) {
            return invalidInput(invalid.getMessage());
        } catch (ArithmeticException overflow) {
            return invalidInput("byte counts exceed 2^63 - 1; give the flush sizes in larger units");
        }
    }

    private void simulate(PolicyParameters values, MergePolicy policy, LongUnaryOperator sizeOfFlush) {
        PrintWriter out = spec.commandLine().getOut();
        Report report = format == Format.json ? new JsonReport(out, values, componentOverhead)
                : new TableReport(out, values, flushes, componentOverhead);
        Simulator simulator = new Simulator(policy, MergedSize.fixedOverheadPerComponent(componentOverhead));
        for (long t = 1; t <= flushes; t++) {
            SimulationStep step = simulator.flush(sizeOfFlush.applyAsLong(t));
            if (t % every == 0 || t == flushes) {
                report.step(step);
            }
        }
        report.summary(simulator.summary(), simulator.maxWritesPerRecord());
        out.flush();
    }

    private void simulateLeveled(PolicyParameters values) {
        PrintWriter out = spec.commandLine().getOut();
        LeveledReport report = format == Format.json ? LeveledReport.json(out, values)
                : LeveledReport.table(out, values, flushes);
        var simulator = new LeveledSimulator<>(new LeveledPolicy(values), new CountModel());
        for (long t = 1; t <= flushes; t++) {
            LeveledStep step = simulator.flush(CountModel.flush());
            if (t % every == 0 || t == flushes) {
                report.step(step);
            }
        }
        report.summary(simulator.summary());
        out.flush();
    }

    Map<String, String> parameterMap() {
        Map<String, String> map = new HashMap<>();
        for (String parameter : parameters) {
            int equals = parameter.indexOf('=');
            if (equals <= 0) {
                throw invalid("--param expects NAME=VALUE, got '" + parameter + "'");
            }
            String name = parameter.substring(0, equals).strip();
            if (map.put(name, parameter.substring(equals + 1).strip()) != null) {
                throw invalid("--param " + name + " is given more than once");
            }
        }
        return map;
    }

    /** The first {@code flushes} sizes of the file, as t (1-based) → size. */
    private LongUnaryOperator readFlushSizes(Path file) {
        LongStream.Builder sizes = LongStream.builder();
        long count = 0;
        try (BufferedReader reader = Files.newBufferedReader(file)) {
            int lineNumber = 0;
            for (String line = reader.readLine(); line != null && count < flushes; line = reader.readLine()) {
                lineNumber++;
                String text = line.replaceFirst("#.*", "").strip();
                if (!text.isEmpty()) {
                    sizes.add(positiveSize(file, lineNumber, text));
                    count++;
                }
            }
        } catch (NoSuchFileException missing) {
            throw invalid("no such file: " + file);
        } catch (IOException unreadable) {
            throw invalid("cannot read flush sizes from " + file + ": " + unreadable.getMessage());
        }
        if (count < flushes) {
            throw invalid(file + " holds " + count + " flush sizes but --flushes asks for " + flushes);
        }
        long[] sizeArray = sizes.build().toArray();
        return t -> sizeArray[Math.toIntExact(t - 1)];
    }

    private long positiveSize(Path file, int lineNumber, String text) {
        try {
            long size = Long.parseLong(text);
            if (size > 0) {
                return size;
            }
        } catch (NumberFormatException notAnInteger) {
            // reported below, like a non-positive size
        }
        throw invalid(file + " line " + lineNumber + ": '" + text + "' is not a positive integer flush size");
    }

    private void requireAtLeastOne(String option, long value) {
        if (value < 1) {
            throw invalid(option + " must be at least 1, was " + value);
        }
    }

    ParameterException invalid(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /**
     * One line on stderr and picocli's usage-error exit code: these messages say exactly what to fix, and a
     * full usage dump would bury them.
     */
    private int invalidInput(String message) {
        spec.commandLine().getErr().println("error: " + message);
        return spec.exitCodeOnInvalidInput();
    }

    /** The policy names for --help and picocli's completion, in the catalog's order. */
    static final class PolicyNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return PolicyCatalog.names().iterator();
        }
    }

    private interface Report {
        void step(SimulationStep step);

        /** @param maxWritesPerRecord the most times one record was written, its flush included */
        void summary(SimulationSummary summary, int maxWritesPerRecord);
    }

    private static final class TableReport implements Report {
        private final PrintWriter out;
        private final String rowFormat;

        TableReport(PrintWriter out, PolicyParameters values, long flushes, long componentOverhead) {
            this.out = out;
            int flushWidth = Math.max("flush".length(), Long.toString(flushes).length());
            this.rowFormat = "%" + flushWidth + "s  %9s  %9s  %9s  %s%n";
            out.printf(Locale.ROOT, "policy %s %s%n", values.descriptor().name(), values.values());
            if (componentOverhead > 0) {
                out.printf(Locale.ROOT, "component overhead %d: a merge of n components writes their sum minus "
                        + "(n - 1) x %d%n", componentOverhead, componentOverhead);
            }
            out.printf(Locale.ROOT, rowFormat, "flush", "W", "W_logged", "RA", "runs (newest first)");
        }

        @Override
        public void step(SimulationStep step) {
            out.printf(Locale.ROOT, rowFormat, step.flush(), decimal(step.writeAmplification()),
                    decimal(step.writeAmplificationLogged()), decimal(step.readAmplification()),
                    step.runsNewestFirst());
        }

        @Override
        public void summary(SimulationSummary summary, int maxWritesPerRecord) {
            out.println();
            AmplificationTotals.of(summary).printLines(out);
            AmplificationTotals.line(out, "writes per record (max)", Integer.toString(maxWritesPerRecord));
        }

    }

    private static final class JsonReport implements Report {
        private static final ObjectMapper JSON = new ObjectMapper();

        private final PrintWriter out;
        private final PolicyParameters values;
        private final long componentOverhead;

        JsonReport(PrintWriter out, PolicyParameters values, long componentOverhead) {
            this.out = out;
            this.values = values;
            this.componentOverhead = componentOverhead;
        }

        @Override
        public void step(SimulationStep step) {
            ObjectNode line = JSON.createObjectNode();
            line.put("flush", step.flush());
            step.runsNewestFirst().forEach(line.putArray("runs")::add);
            line.put("writeAmplification", step.writeAmplification());
            line.put("writeAmplificationLogged", step.writeAmplificationLogged());
            line.put("readAmplification", step.readAmplification());
            line.put("transientSpaceAmplification", step.transientSpace());
            line.put("transientSpaceOfFlush", step.transientSpaceOfFlush());
            line.put("maxWritesPerRecord", step.maxWritesPerRecord());
            out.println(line);
        }

        @Override
        public void summary(SimulationSummary summary, int maxWritesPerRecord) {
            ObjectNode line = JSON.createObjectNode();
            ObjectNode fields = line.putObject("summary");
            fields.put("policy", values.descriptor().name());
            LeveledReport.putParameters(fields, values);
            fields.put("componentOverhead", componentOverhead);
            AmplificationTotals.of(summary).putFields(fields);
            fields.put("maxWritesPerRecord", maxWritesPerRecord);
            out.println(line);
        }
    }
}

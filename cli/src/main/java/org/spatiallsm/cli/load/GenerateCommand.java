package org.spatiallsm.cli.load;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.DataOptions;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.QueryFormat;
import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.SpatialQueries;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Writes generated records or queries as lines of ADM, JSON or SQL++. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Generate spatial records or queries, deterministic for a seed.",
        subcommands = { GenerateCommand.Records.class, GenerateCommand.Queries.class,
            GenerateCommand.Distributions.class })
public final class GenerateCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Where the lines go: a file, or standard output for "-". */
    static final class OutputOption {
        @Option(names = { "-o", "--output" }, paramLabel = "FILE", defaultValue = "-",
                description = "output file, - for standard output (default: ${DEFAULT-VALUE})")
        String output;

        Writer open(CommandSpec spec) throws IOException {
            if ("-".equals(output)) {
                // The command's own output stream (standard output, or a test's writer): flushed, never closed.
                return new FilterWriter(spec.commandLine().getOut()) {
                    @Override
                    public void close() throws IOException {
                        flush();
                    }
                };
            }
            Path file = Path.of(output);
            if (file.getParent() != null && !Files.isDirectory(file.getParent())) {
                throw new IllegalArgumentException("no such directory: " + file.getParent());
            }
            return Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        }
    }

    @Command(name = "records", mixinStandardHelpOptions = true, description = "Generate records, one per line.",
            exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "2:bad parameters" })
    static final class Records implements java.util.concurrent.Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        DataOptions data;

        @Mixin
        OutputOption output;

        @Option(names = "--format", paramLabel = "adm|json", defaultValue = "adm",
                description = "adm (what feeds and SQL++ read) or json (default: ${DEFAULT-VALUE})")
        String format;

        @Override
        public Integer call() {
            return CommandFailures.run(spec.commandLine().getErr(), () -> {
                RecordFormat recordFormat = parse(RecordFormat.class, format, "--format");
                RecordGenerator generator = data.generator();
                try (Writer out = output.open(spec)) {
                    StringBuilder line = new StringBuilder(1100);
                    for (long id = data.startId(); id < data.startId() + data.recordCount(); id++) {
                        line.setLength(0);
                        recordFormat.append(line, generator.record(id));
                        out.append(line).append('\n');
                    }
                }
                return CommandFailures.OK;
            });
        }
    }

    @Command(name = "queries", mixinStandardHelpOptions = true,
            description = { "Generate spatial range queries centred on records a load inserted.",
                "Give the data options (--distribution, --param, --shape, --seed, --start-id, --records) the records "
                    + "were generated with; each query is centred on one of those records." },
            exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "2:bad parameters" })
    static final class Queries implements java.util.concurrent.Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        DataOptions data;

        @Mixin
        OutputOption output;

        @Option(names = "--kind", paramLabel = "rectangle|circle", defaultValue = "rectangle",
                description = "rectangles of selectivity 10^-sigma, or circles by radius (default: ${DEFAULT-VALUE})")
        String kind;

        @Option(names = "--sigma", paramLabel = "SIGMA,...", split = ",", defaultValue = "3,4,5",
                description = "sigma values, one drawn at random per rectangle; the window is 360*10^-sigma by "
                        + "180*10^-sigma degrees (default: ${DEFAULT-VALUE})")
        List<Double> sigmas;

        @Option(names = "--radius", paramLabel = "DEGREES,...", split = ",",
                defaultValue = "0.00001,0.0001,0.001,0.01,0.1",
                description = "circle radii in degrees, used in turn (default: ${DEFAULT-VALUE})")
        List<Double> radii;

        @Option(names = "--queries", paramLabel = "N", defaultValue = "100",
                description = "number of queries (default: ${DEFAULT-VALUE})")
        long queries;

        @Option(names = "--query-seed", paramLabel = "SEED", defaultValue = "1",
                description = "random seed of the queries (default: ${DEFAULT-VALUE})")
        long querySeed;

        @Option(names = "--format", paramLabel = "adm|json|sqlpp", defaultValue = "sqlpp",
                description = "a ready SQL++ COUNT(*) statement, or an ADM or JSON description (default: "
                        + "${DEFAULT-VALUE})")
        String format;

        @Option(names = "--dataset", paramLabel = "NAME", defaultValue = "Points",
                description = "dataset the SQL++ statements query, e.g. Geo.Points (default: ${DEFAULT-VALUE})")
        String dataset;

        @Override
        public Integer call() {
            return CommandFailures.run(spec.commandLine().getErr(), () -> {
                QueryFormat queryFormat = parse(QueryFormat.class, format, "--format");
                boolean rectangles = switch (kind) {
                    case "rectangle" -> true;
                    case "circle" -> false;
                    default -> throw new IllegalArgumentException("--kind must be rectangle or circle, got '" + kind
                            + "'");
                };
                if (queries < 0) {
                    throw new IllegalArgumentException("--queries must be >= 0, got " + queries);
                }
                String unused = rectangles ? "--radius" : "--sigma";
                if (spec.commandLine().getParseResult().hasMatchedOption(unused)) {
                    // Silently ignoring it would hand the user queries of another size than asked for.
                    throw new IllegalArgumentException(unused + " applies only to --kind "
                            + (rectangles ? "circle" : "rectangle") + ", not to --kind " + kind);
                }
                checkPositive(rectangles ? sigmas : radii, rectangles ? "--sigma" : "--radius", rectangles);
                RecordShape shape = data.recordShape();
                SpatialQueries generator = new SpatialQueries(data.generator(), data.startId(), data.recordCount(),
                        querySeed);
                try (Writer out = output.open(spec)) {
                    for (long q = 0; q < queries; q++) {
                        out.append(rectangles
                                ? queryFormat.rectangle(q, generator.rectangle(q, sigmas), dataset, shape.pointField())
                                : queryFormat.circle(q, generator.circle(q, radii), dataset, shape.pointField()))
                                .append('\n');
                    }
                }
                return CommandFailures.OK;
            });
        }

        private static void checkPositive(List<Double> values, String option, boolean zeroAllowed) {
            for (double v : values) {
                if (!(zeroAllowed ? v >= 0 : v > 0) || Double.isInfinite(v)) {
                    throw new IllegalArgumentException(option + " values must be " + (zeroAllowed ? ">= 0" : "> 0")
                            + ", got " + v);
                }
            }
        }
    }

    @Command(name = "distributions", mixinStandardHelpOptions = true,
            description = "List the point distributions and record shapes with their parameters and defaults.")
    static final class Distributions implements Runnable {
        @Spec
        CommandSpec spec;

        @Override
        public void run() {
            var out = spec.commandLine().getOut();
            out.println("Point distributions (--distribution NAME, --param NAME=VALUE):");
            for (PointDistributions.Descriptor d : PointDistributions.ALL) {
                out.printf("  %-10s %s%n", d.name(), d.description());
                d.parameters().forEach(p -> out.println("               " + p));
            }
            out.println("Record shapes (--shape NAME):");
            RecordShapes.ALL.forEach(s -> out.printf("  %-10s %s%n", s.name(), s.description()));
        }
    }

    static <E extends Enum<E>> E parse(Class<E> type, String text, String option) {
        try {
            return Enum.valueOf(type, text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " must be one of " + String.join(", ",
                    java.util.Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT))
                            .toList()) + ", got '" + text + "'");
        }
    }
}

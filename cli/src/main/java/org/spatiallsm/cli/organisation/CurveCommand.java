package org.spatiallsm.cli.organisation;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;

import org.spatiallsm.curves.DhvbValue;
import org.spatiallsm.curves.GridRect;
import org.spatiallsm.curves.HilbertCurve;
import org.spatiallsm.curves.HilbertInterval;
import org.spatiallsm.curves.HilbertRanges;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code spatial-lsm curve}: the Hilbert values and intervals the DHB and DHVB indexes use, to check and debug. */
@Command(name = "curve", mixinStandardHelpOptions = true,
        description = { "Hilbert curve values and intervals, as the DHB and DHVB indexes compute them.",
            "See docs/index-organisations.md for the definitions." },
        subcommands = { CurveCommand.Hilbert.class, CurveCommand.Dhvb.class, CurveCommand.Ranges.class })
public final class CurveCommand implements Runnable {

    private static final String EXIT_CODES_HEADING = "%nExit codes:%n";

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "hilbert", mixinStandardHelpOptions = true,
            description = "Prints the order-K Hilbert value of the integer grid cell X,Y (0 <= X, Y < 2^K).",
            exitCodeListHeading = EXIT_CODES_HEADING, exitCodeList = { "0:printed", "2:bad command line" })
    static final class Hilbert implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--order", required = true, paramLabel = "K", description = "curve order, 1..31")
        int order;

        @Option(names = "--point", required = true, paramLabel = "X,Y", description = "integer cell coordinates")
        String point;

        @Override
        public Integer call() {
            return print(spec, () -> {
                List<Long> cell = numbers("--point", point, "X,Y", "integers", Long::parseLong);
                return List.of(Long.toString(HilbertCurve.index(order, cell.get(0), cell.get(1))));
            });
        }
    }

    @Command(name = "dhvb", mixinStandardHelpOptions = true,
            description = { "Prints the DHVB key of a longitude/latitude point as a decimal int64: Kim's order-31 "
                    + "Hilbert value of (floor((LON + 180) F), floor((LAT + 180) F)), F = floor(2^31 / 360).",
                "Points outside [-180, 180] x [-90, 90] are refused (Kim's fork clamped them)." },
            exitCodeListHeading = EXIT_CODES_HEADING,
            exitCodeList = { "0:printed", "2:bad command line or a point outside the domain" })
    static final class Dhvb implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--point", required = true, paramLabel = "LON,LAT", description = "degrees")
        String point;

        @Override
        public Integer call() {
            return print(spec, () -> {
                List<Double> lonLat = numbers("--point", point, "LON,LAT", "numbers", Double::parseDouble);
                return List.of(Long.toString(DhvbValue.of(lonLat.get(0), lonLat.get(1))));
            });
        }
    }

    @Command(name = "ranges", mixinStandardHelpOptions = true,
            description = { "Prints the order-K Hilbert intervals that cover the cell rectangle x1..x2 by y1..y2 "
                    + "(inclusive), one 'LOW HIGH' line each (inclusive), sorted and merged.",
                "The cover is exact unless it needs more than --max-intervals intervals; then it is coarsened to that"
                    + " many, still covering every cell, and a note on stderr says how many values it holds." },
            exitCodeListHeading = EXIT_CODES_HEADING, exitCodeList = { "0:printed", "2:bad command line" })
    static final class Ranges implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--rect", required = true, paramLabel = "x1,y1,x2,y2",
                description = "integer cell bounds, inclusive, x1 <= x2 and y1 <= y2")
        String rect;

        @Option(names = "--order", required = true, paramLabel = "K", description = "curve order, 1..31")
        int order;

        @Option(names = "--max-intervals", paramLabel = "N", defaultValue = "1024",
                description = "at most N intervals, coarsening beyond (default: ${DEFAULT-VALUE})")
        int maxIntervals;

        @Override
        public Integer call() {
            return print(spec, () -> {
                List<Long> bounds = numbers("--rect", rect, "x1,y1,x2,y2", "integers", Long::parseLong);
                if (bounds.get(0) > bounds.get(2) || bounds.get(1) > bounds.get(3)) {
                    throw new IllegalArgumentException("--rect needs x1 <= x2 and y1 <= y2, got " + rect.strip());
                }
                GridRect cells = new GridRect(bounds.get(0), bounds.get(1), bounds.get(2), bounds.get(3));
                List<HilbertInterval> cover = HilbertRanges.cover(order, cells, maxIntervals);
                long values = cover.stream().mapToLong(HilbertInterval::length).sum();
                if (values > cells.cellCount()) {
                    PrintWriter err = spec.commandLine().getErr();
                    err.printf("note: coarsened to %d intervals holding %d values for the rectangle's %d cells%n",
                            cover.size(), values, cells.cellCount());
                    err.flush();
                }
                return cover.stream().map(interval -> interval.low() + " " + interval.high()).toList();
            });
        }
    }

    /** Prints the lines, or one "error: ..." line and exit code 2 for input the curve refuses. */
    private static int print(CommandSpec spec, Supplier<List<String>> lines) {
        try {
            PrintWriter out = spec.commandLine().getOut();
            lines.get().forEach(out::println);
            out.flush();
            return 0;
        } catch (IllegalArgumentException invalid) {
            spec.commandLine().getErr().println("error: " + invalid.getMessage());
            return spec.exitCodeOnInvalidInput();
        }
    }

    /** The comma-separated numbers of an option, as many as {@code shape} names, or one clear error. */
    private static <T> List<T> numbers(String option, String text, String shape, String kind,
            Function<String, T> parse) {
        String[] parts = text.split(",", -1);
        if (parts.length != shape.split(",").length) {
            throw new IllegalArgumentException(option + " expects " + shape + ", got '" + text + "'");
        }
        try {
            return Arrays.stream(parts).map(String::strip).map(parse).toList();
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException(option + " expects " + kind + " " + shape + ", got '" + text + "'");
        }
    }

}

package org.spatiallsm.bench;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;

import org.apache.asterix.formats.nontagged.OrderedLinearizeComparatorFactory;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparator;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.storage.am.rtree.linearize.HilbertDoubleComparatorFactory;
import org.apache.hyracks.storage.am.rtree.linearize.ZCurveDoubleComparatorFactory;
import org.spatiallsm.asterixdb.rtree.RTreeLinearizers;
import org.spatiallsm.storage.RTreeComparator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Sorts the same random points with each R-tree comparator, exactly as the engine builds them (the factories
 * spatial-lsm hands to flushes, merges and bulk loads), on keys laid out as the R-tree stores them: one tagged
 * double per coordinate. Reports the median CPU time of the sorting thread over several runs, side by side.
 */
@Command(name = "comparators", mixinStandardHelpOptions = true,
        description = "Sort N random points with each R-tree comparator (hilbert, zorder, simple, and AsterixDB "
                + "0.9.8's own hilbert and zorder) and compare times.")
final class ComparatorBenchmark implements Callable<Integer> {

    private static final int TAGGED_DOUBLE = 9;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @Spec
    CommandSpec spec;

    @Option(names = "--points", defaultValue = "1000000", description = "points to sort (default: ${DEFAULT-VALUE})")
    int points;

    @Option(names = "--runs", defaultValue = "3",
            description = "timed runs per cell; the median is reported (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--warm-up-runs", defaultValue = "1",
            description = "untimed runs per cell before the timed ones, so that the JIT has compiled every "
                    + "comparator (default: ${DEFAULT-VALUE})")
    int warmUpRuns;

    @Option(names = "--dimensions", split = ",", defaultValue = "2,3,4",
            description = "key dimensions to measure (default: ${DEFAULT-VALUE})")
    int[] dimensions;

    @Option(names = "--seed", defaultValue = "42", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    /** One column of the table: a comparator as the engine gets it. */
    private record Column(String name, int onlyDimensions, ComparatorSource source) {
    }

    @FunctionalInterface
    private interface ComparatorSource {
        ILinearizeComparatorFactory factory(int dimensions) throws AlgebricksException;
    }

    private static final List<Column> COLUMNS = List.of(
            new Column("hilbert", 2, d -> RTreeLinearizers.factory(RTreeComparator.HILBERT, d)),
            new Column("0.9.8 hilbert", 2, d -> asAsterixDB(new HilbertDoubleComparatorFactory(d))),
            new Column("zorder", 0, d -> RTreeLinearizers.factory(RTreeComparator.ZORDER, d)),
            new Column("0.9.8 zorder", 0, d -> asAsterixDB(new ZCurveDoubleComparatorFactory(d))),
            new Column("simple", 0, d -> RTreeLinearizers.factory(RTreeComparator.SIMPLE, d)));

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (points < 2 || runs < 1 || warmUpRuns < 0 || Arrays.stream(dimensions).anyMatch(d -> d < 1 || d > 8)) {
            spec.commandLine().getErr().println("error: need --points >= 2, --runs >= 1, --warm-up-runs >= 0, "
                    + "--dimensions in 1..8");
            return 2;
        }
        reliabilityNote(points, runs, warmUpRuns).ifPresent(spec.commandLine().getErr()::println);
        out.printf("Sorting %,d uniform random points, CPU ms, median of %d runs after %d warm-up (JVM %s, %d "
                + "cores)%n", points, runs, warmUpRuns, System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        out.printf("%-5s", "dims");
        COLUMNS.forEach(column -> out.printf(" %16s", column.name() + " ms"));
        out.printf(" %15s %14s%n", "hilbert/simple", "zorder/simple");
        for (int d : dimensions) {
            byte[] keys = randomKeys(d);
            List<Column> measured = COLUMNS.stream()
                    .filter(column -> column.onlyDimensions() == 0 || column.onlyDimensions() == d).toList();
            Map<String, double[]> times = new HashMap<>();
            for (Column column : measured) {
                times.put(column.name(), new double[runs]);
            }
            for (int run = 0; run < warmUpRuns; run++) {
                for (Column column : measured) {
                    sortMillis(keys, d, column.source().factory(d));
                }
            }
            // Round robin, so that the JIT and the machine's other load treat every comparator alike.
            for (int run = 0; run < runs; run++) {
                for (Column column : measured) {
                    times.get(column.name())[run] = sortMillis(keys, d, column.source().factory(d));
                }
            }
            Map<String, Double> millis = new HashMap<>();
            out.printf("%-5d", d);
            for (Column column : COLUMNS) {
                double median = times.containsKey(column.name()) ? median(times.get(column.name())) : Double.NaN;
                millis.put(column.name(), median);
                out.printf(" %16s", cell(median));
            }
            out.printf(" %15s %14s%n", ratio(millis.get("hilbert"), millis.get("simple")),
                    ratio(millis.get("zorder"), millis.get("simple")));
            out.flush();
        }
        out.println("(hilbert supports 2-D keys only; hilbert and zorder are spatial-lsm's, in exactly 0.9.8's order)");
        return 0;
    }

    /**
     * A warning when the table cannot be trusted: a median of fewer than 3 runs is one run's time, so a JIT
     * compilation or other load during it decides the ratio; without a warm-up the first comparator sorted pays
     * for compiling the sort; on small sets a sort takes a few milliseconds and the ratios swing widely. The
     * recorded ratios (all within 3x of simple) are for the defaults.
     */
    static Optional<String> reliabilityNote(int points, int runs, int warmUpRuns) {
        List<String> reasons = new ArrayList<>();
        if (runs < 3) {
            reasons.add("fewer than 3 timed runs");
        }
        if (warmUpRuns < 1) {
            reasons.add("no warm-up run");
        }
        if (points < 100_000) {
            reasons.add("fewer than 100,000 points");
        }
        return reasons.isEmpty() ? Optional.empty() : Optional.of("note: " + String.join(", ", reasons)
                + ": a JIT compilation or other load can decide the ratios; the recorded ones are for 1,000,000 "
                + "points, 3 runs and a warm-up run");
    }

    /** As AsterixDB hands a curve order to an R-tree: wrapped to skip each key's type tag. */
    private static ILinearizeComparatorFactory asAsterixDB(ILinearizeComparatorFactory curve) {
        return new OrderedLinearizeComparatorFactory(curve, true);
    }

    private static String ratio(double millis, double simpleMillis) {
        return Double.isNaN(millis) ? "-" : String.format("%.1fx", millis / simpleMillis);
    }

    private byte[] randomKeys(int dims) {
        Random random = new Random(seed);
        // Each key: dims tagged doubles, as the R-tree stores a point's coordinates (the tag byte is skipped).
        byte[] keys = new byte[points * dims * TAGGED_DOUBLE];
        for (int p = 0; p < points; p++) {
            for (int i = 0; i < dims; i++) {
                double coordinate = i % 2 == 0 ? random.nextDouble() * 360 - 180 : random.nextDouble() * 180 - 90;
                DoublePointable.setDouble(keys, (p * dims + i) * TAGGED_DOUBLE + 1, coordinate);
            }
        }
        return keys;
    }

    /** CPU time of this thread for one sort: other processes on a shared machine barely change it. */
    private double sortMillis(byte[] keys, int dims, ILinearizeComparatorFactory factory) {
        ILinearizeComparator comparator = factory.createBinaryComparator();
        int keyLength = dims * TAGGED_DOUBLE;
        Integer[] order = new Integer[points];
        Arrays.setAll(order, i -> i);
        long start = THREADS.getCurrentThreadCpuTime();
        Arrays.sort(order, (a, b) -> compare(comparator, keys, a * keyLength, b * keyLength));
        return (THREADS.getCurrentThreadCpuTime() - start) / 1e6;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static int compare(ILinearizeComparator comparator, byte[] keys, int a, int b) {
        try {
            return comparator.compare(keys, a, TAGGED_DOUBLE, keys, b, TAGGED_DOUBLE);
        } catch (HyracksDataException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String cell(double millis) {
        return Double.isNaN(millis) ? "-" : String.format("%.0f", millis);
    }
}

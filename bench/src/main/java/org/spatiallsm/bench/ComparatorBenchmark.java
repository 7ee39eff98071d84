package org.spatiallsm.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;

import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparator;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.spatiallsm.asterixdb.rtree.RTreeLinearizers;
import org.spatiallsm.storage.RTreeComparator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Sorts the same random points with each R-tree comparator, exactly as the engine builds them (the factories
 * spatial-lsm hands to flushes, merges and bulk loads), on keys laid out as the R-tree stores them: one tagged
 * double per coordinate. Reports the median of several runs, side by side.
 */
@Command(name = "comparators", mixinStandardHelpOptions = true,
        description = "Sort N random points with each R-tree comparator (hilbert, zorder, simple) and compare times.")
final class ComparatorBenchmark implements Callable<Integer> {

    private static final int TAGGED_DOUBLE = 9;

    @Spec
    CommandSpec spec;

    @Option(names = "--points", defaultValue = "1000000", description = "points to sort (default: ${DEFAULT-VALUE})")
    int points;

    @Option(names = "--runs", defaultValue = "3", description = "timed runs per cell; the median is reported (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--dimensions", split = ",", defaultValue = "2,3,4",
            description = "key dimensions to measure (default: ${DEFAULT-VALUE})")
    int[] dimensions;

    @Option(names = "--seed", defaultValue = "42", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (points < 2 || runs < 1 || Arrays.stream(dimensions).anyMatch(d -> d < 1 || d > 8)) {
            spec.commandLine().getErr().println("error: need --points >= 2, --runs >= 1, --dimensions in 1..8");
            return 2;
        }
        out.printf("Sorting %,d uniform random points, median of %d runs (JVM %s, %d cores)%n", points, runs,
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        out.printf("%-5s %12s %12s %12s %14s%n", "dims", "hilbert ms", "zorder ms", "simple ms", "hilbert/simple");
        for (int d : dimensions) {
            byte[] keys = randomKeys(d);
            List<Double> millis = new ArrayList<>();
            for (RTreeComparator comparator : RTreeComparator.values()) {
                millis.add(comparator == RTreeComparator.HILBERT && d != 2 ? Double.NaN : medianMillis(keys, d, comparator));
            }
            out.printf("%-5d %12s %12s %12s %14s%n", d, cell(millis.get(0)), cell(millis.get(1)), cell(millis.get(2)),
                    Double.isNaN(millis.get(0)) ? "-" : String.format("%.1fx", millis.get(0) / millis.get(2)));
            out.flush();
        }
        out.println("(hilbert supports 2-D keys only)");
        return 0;
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

    private double medianMillis(byte[] keys, int dims, RTreeComparator choice) throws AlgebricksException {
        ILinearizeComparator comparator = RTreeLinearizers.factory(choice, dims).createBinaryComparator();
        int keyLength = dims * TAGGED_DOUBLE;
        double[] times = new double[runs];
        for (int run = 0; run < runs; run++) {
            Integer[] order = new Integer[points];
            Arrays.setAll(order, i -> i);
            long start = System.nanoTime();
            Arrays.sort(order, (a, b) -> compare(comparator, keys, a * keyLength, b * keyLength));
            times[run] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(times);
        return times[runs / 2];
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

package org.spatiallsm.curves;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

import org.apache.hyracks.api.dataflow.value.ILinearizeComparator;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.storage.am.rtree.linearize.HilbertDoubleComparatorFactory;
import org.apache.hyracks.storage.am.rtree.linearize.ZCurveDoubleComparatorFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Proves that {@link CurveOrder} gives exactly AsterixDB 0.9.8's order: for random pairs from several distributions
 * and for pairs built from edge values, the sign of the comparison equals that of 0.9.8's own comparator.
 *
 * <p>0.9.8's comparators keep state between calls (they restart from the previous comparison's level), so each pair
 * is checked twice: against one long-lived 0.9.8 comparator fed all pairs in turn, as a sort uses it, and (for a
 * sample, and for every edge pair) against a fresh one. {@code -Dspatiallsm.curves.pairs=N} sets the number of random
 * pairs per curve (default 150,000: 0.9.8's comparator, not ours, takes the time).
 */
class CurveOrderMatchesAsterixTest {

    private static final int PAIRS = Integer.getInteger("spatiallsm.curves.pairs", 150_000);
    private static final int FRESH_EVERY = 64;
    private static final int EDGE_PAIRS = 20_000;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "hilbert-2", "zorder-1", "zorder-2", "zorder-3", "zorder-4", "zorder-5" })
    void randomPairsCompareAsIn098(String curve) throws HyracksDataException {
        Curve c = Curve.of(curve);
        SplittableRandom random = new SplittableRandom(curve.hashCode() * 31L + 16);
        ILinearizeComparator streamed = c.stock();
        List<Generator> generators = generators(c.dimensions);
        double[] a = new double[c.dimensions];
        double[] b = new double[c.dimensions];
        for (int p = 0; p < PAIRS; p++) {
            Generator generator = generators.get(p % generators.size());
            generator.fill(random, a, b);
            check(c, streamed, true, a, b, generator.name());
            if (p % FRESH_EVERY == 0) {
                check(c, c.stock(), false, a, b, generator.name());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "hilbert-2", "zorder-1", "zorder-2", "zorder-3", "zorder-4", "zorder-5" })
    void edgeValuesCompareAsIn098(String curve) throws HyracksDataException {
        Curve c = Curve.of(curve);
        double[] edges = edgeValues();
        SplittableRandom random = new SplittableRandom(curve.hashCode() + 7L);
        ILinearizeComparator streamed = c.stock();
        double[] a = new double[c.dimensions];
        double[] b = new double[c.dimensions];
        // Every ordered pair of edge values on the first axis (others equal), then random mixes on all axes.
        for (double x : edges) {
            for (double y : edges) {
                Arrays.fill(a, 0.5);
                Arrays.fill(b, 0.5);
                a[0] = x;
                b[0] = y;
                check(c, c.stock(), false, a, b, "edge pair on axis 0");
                a[c.dimensions - 1] = y;
                b[c.dimensions - 1] = x;
                check(c, c.stock(), false, a, b, "edge pair on both axes");
            }
        }
        for (int p = 0; p < EDGE_PAIRS; p++) {
            for (int i = 0; i < c.dimensions; i++) {
                a[i] = edges[random.nextInt(edges.length)];
                b[i] = random.nextInt(4) == 0 ? a[i] : edges[random.nextInt(edges.length)];
            }
            check(c, c.stock(), false, a, b, "random edge values");
            check(c, streamed, true, a, b, "random edge values");
        }
    }

    /**
     * Asserts that the fast order equals 0.9.8's {@code stock} comparator on this pair. With NaN coordinates a
     * long-lived 0.9.8 comparator is not a consistent order: its restart check ({@code min/max} against the cell
     * bounds) is false for NaN, so it descends from the previous pair's cell and the answer depends on what was
     * compared before. Such pairs are still fed to it (to keep its history realistic) and are checked against fresh
     * comparators only.
     */
    private static void check(Curve curve, ILinearizeComparator stock, boolean streamed, double[] a, double[] b,
            String source) throws HyracksDataException {
        int expected = Integer.signum(stock.compare(bytes(a), 0, Double.BYTES, bytes(b), 0, Double.BYTES));
        if (streamed && (hasNaN(a) || hasNaN(b))) {
            return;
        }
        int actual = curve.fast.compare(a, b);
        // The entry point without arrays must agree too.
        int actualScalar = switch (curve.dimensions) {
            case 2 -> curve.fast.compare(a[0], a[1], b[0], b[1]);
            case 3 -> curve.fast.compare(a[0], a[1], a[2], b[0], b[1], b[2]);
            case 4 -> curve.fast.compare(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
            default -> actual;
        };
        if (actual != expected || actualScalar != expected) {
            assertThat(new int[] { actual, actualScalar }).as("%s: %s vs %s (%s, %s 0.9.8 comparator)", curve.name,
                    describe(a), describe(b), source, streamed ? "long-lived" : "fresh")
                    .containsExactly(expected, expected);
        }
    }

    private static boolean hasNaN(double[] point) {
        for (double coordinate : point) {
            if (Double.isNaN(coordinate)) {
                return true;
            }
        }
        return false;
    }

    private static byte[] bytes(double[] point) {
        byte[] bytes = new byte[point.length * Double.BYTES];
        for (int i = 0; i < point.length; i++) {
            DoublePointable.setDouble(bytes, i * Double.BYTES, point[i]);
        }
        return bytes;
    }

    private static String describe(double[] point) {
        StringBuilder text = new StringBuilder("(");
        for (int i = 0; i < point.length; i++) {
            text.append(i == 0 ? "" : ", ").append(point[i]).append(" [").append(Double.toHexString(point[i]))
                    .append(']');
        }
        return text.append(')').toString();
    }

    /** Values at which 0.9.8's walk changes behaviour: zeros, subnormals, its split points, its last levels. */
    static double[] edgeValues() {
        List<Double> values = new ArrayList<>(List.of(0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE,
                Double.MIN_NORMAL, -Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NaN, 1.0, -1.0, 0.5, 180.0, -180.0, 90.0, -90.0, 1e-300, 1e300,
                Math.nextDown(1.0), 0x1p-20, 0x1p-21, 0x1p-22, 0x1p-23, 3 * 0x1p-22, 0x1p31, 0x1p52, 0x1p53, 1e16));
        for (int level : new int[] { 1, 2, 3, 500, 1000, 1020, 1022, 1023, 1024, 1040, 1043, 1044, 1045 }) {
            double split = Math.scalb(Double.MAX_VALUE, -level);
            for (double v : new double[] { split, Math.nextUp(split), Math.nextDown(split), split * 1.5,
                    Math.scalb(1.0, 1023 - level) }) {
                values.add(v);
                values.add(-v);
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private record Generator(String name, PairFiller filler) {
        void fill(SplittableRandom random, double[] a, double[] b) {
            filler.fill(random, a, b);
        }
    }

    @FunctionalInterface
    private interface PairFiller {
        void fill(SplittableRandom random, double[] a, double[] b);
    }

    private static List<Generator> generators(int dimensions) {
        return List.of(
                new Generator("uniform in a geographic box", (r, a, b) -> {
                    for (int i = 0; i < dimensions; i++) {
                        a[i] = r.nextDouble(-180, 180);
                        b[i] = r.nextDouble(-180, 180);
                    }
                }),
                new Generator("uniform in a small box far from 0", (r, a, b) -> {
                    for (int i = 0; i < dimensions; i++) {
                        a[i] = 1e6 + r.nextDouble();
                        b[i] = 1e6 + r.nextDouble();
                    }
                }),
                new Generator("uniform in [0, 1)", (r, a, b) -> {
                    for (int i = 0; i < dimensions; i++) {
                        a[i] = r.nextDouble();
                        b[i] = r.nextDouble();
                    }
                }),
                new Generator("random bit patterns", (r, a, b) -> {
                    for (int i = 0; i < dimensions; i++) {
                        a[i] = Double.longBitsToDouble(r.nextLong());
                        b[i] = Double.longBitsToDouble(r.nextLong());
                    }
                }),
                new Generator("random bit patterns, same sign and exponent", (r, a, b) -> {
                    for (int i = 0; i < dimensions; i++) {
                        long bits = r.nextLong();
                        a[i] = Double.longBitsToDouble(bits);
                        b[i] = Double.longBitsToDouble(bits & 0xfff0_0000_0000_0000L | r.nextLong() >>> 12);
                    }
                }),
                new Generator("shared prefix of the bit pattern", (r, a, b) -> {
                    for (int i = 0; i < dimensions; i++) {
                        long bits = r.nextLong();
                        int shared = r.nextInt(12, 65);
                        long low = shared == 64 ? 0 : r.nextLong() >>> shared;
                        a[i] = Double.longBitsToDouble(bits);
                        b[i] = Double.longBitsToDouble(shared == 64 ? bits
                                : (bits >>> (64 - shared) << (64 - shared)) | low);
                    }
                }),
                new Generator("near-equal values (a few ulps apart)", (r, a, b) -> {
                    for (int i = 0; i < dimensions; i++) {
                        double x = r.nextBoolean() ? r.nextDouble(-1000, 1000) : Double.longBitsToDouble(r.nextLong());
                        a[i] = x;
                        b[i] = x;
                        for (int k = r.nextInt(-3, 4); k != 0; k += k > 0 ? -1 : 1) {
                            b[i] = k > 0 ? Math.nextUp(b[i]) : Math.nextDown(b[i]);
                        }
                    }
                }),
                new Generator("near-equal values (below the last level's resolution)", (r, a, b) -> {
                    for (int i = 0; i < dimensions; i++) {
                        a[i] = r.nextDouble(-4, 4);
                        b[i] = a[i] + r.nextDouble(-0x1p-19, 0x1p-19);
                    }
                }),
                new Generator("mixed magnitudes per axis, on an axis", (r, a, b) -> {
                    for (int i = 0; i < dimensions; i++) {
                        double scale = Math.scalb(1.0, r.nextInt(-1074, 1024));
                        a[i] = r.nextInt(8) == 0 ? 0.0 : r.nextDouble(-1, 1) * scale;
                        b[i] = r.nextInt(3) == 0 ? a[i] : r.nextDouble(-1, 1) * scale;
                    }
                }),
                new Generator("one point repeated with one axis changed", (r, a, b) -> {
                    for (int i = 0; i < dimensions; i++) {
                        a[i] = r.nextDouble(-100, 100);
                        b[i] = a[i];
                    }
                    b[r.nextInt(dimensions)] = r.nextDouble(-100, 100);
                }));
    }

    private record Curve(String name, int dimensions, CurveOrder fast,
            IntFunction<ILinearizeComparatorFactory> stockFactory) {
        static Curve of(String name) {
            int dimensions = Integer.parseInt(name.substring(name.indexOf('-') + 1));
            return name.startsWith("hilbert")
                    ? new Curve(name, dimensions, CurveOrder.hilbert(), HilbertDoubleComparatorFactory::new)
                    : new Curve(name, dimensions, CurveOrder.zOrder(dimensions), ZCurveDoubleComparatorFactory::new);
        }

        ILinearizeComparator stock() {
            return stockFactory.apply(dimensions).createBinaryComparator();
        }
    }
}

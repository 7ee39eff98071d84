package org.spatiallsm.workloads;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongFunction;

import org.spatiallsm.curves.HilbertCurve;

/**
 * The order in which an insert phase sends records 0 .. n − 1: {@link #id(long)} maps an insert position to a
 * record id. {@code random} is id order, which is random in space because every record's point is drawn on its own.
 * The spatial orders model a feed or a file that is not random in space:
 * <ol>
 * <li>The ids, in id order, are cut into {@code cycles} consecutive runs of equal size (cycle c holds ids
 * ⌊c·n/C⌋ .. ⌊(c+1)·n/C⌋ − 1), each a random sample of the data; C = 1 orders the whole input at once, C > 1 is a
 * feed that sweeps the map C times (tweets following the sun for C days).</li>
 * <li>Inside a cycle the records are sorted by their point's key, ties by id: {@code hilbert}, the point's cell on
 * the order-31 Hilbert curve over the globe (the same grid and curve as the {@code hilbert} comparator); or
 * {@code sorted-x}, longitude, then latitude.</li>
 * <li>The sorted cycle is then cut into regions of {@code regionSize} consecutive records (the last may hold fewer),
 * and inside a region the records go back to id order: a file clustered by region, in which each region's records
 * come in no particular order. A region size of 1 keeps the sort.</li>
 * </ol>
 */
public final class RecordOrder {

    /** The order names, {@code random} (the default) first. */
    public static final List<String> NAMES = List.of("random", "hilbert", "sorted-x");

    private static final int BITS = HilbertCurve.MAX_ORDER;
    private static final long CELLS = 1L << BITS;

    private final String name;
    private final int[] ids;

    private RecordOrder(String name, int[] ids) {
        this.name = name;
        this.ids = ids;
    }

    /** Id order. */
    public static RecordOrder random() {
        return new RecordOrder("random", null);
    }

    /**
     * The named order of records 0 .. records − 1.
     *
     * @param points     the point of each record id
     * @param cycles     runs of ids ordered on their own, at least 1; must be 1 for {@code random}
     * @param regionSize records per region, at least 1; must be 1 for {@code random}
     * @throws IllegalArgumentException with a one-line message for an unknown name or a bad count
     */
    public static RecordOrder create(String name, LongFunction<GeoPoint> points, long records, int cycles,
            long regionSize) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("unknown record order '" + name + "' (known: " + String.join(", ",
                    NAMES) + ")");
        }
        if (cycles < 1 || regionSize < 1) {
            throw new IllegalArgumentException("the record order's cycles and region size must be at least 1, got "
                    + cycles + " and " + regionSize);
        }
        if (name.equals("random")) {
            if (cycles != 1 || regionSize != 1) {
                throw new IllegalArgumentException("cycles and regions apply to a spatial record order ("
                        + String.join(", ", NAMES.subList(1, NAMES.size())) + "), not to random");
            }
            return random();
        }
        if (records < 1 || records > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a spatial record order takes 1 to " + Integer.MAX_VALUE
                    + " records, got " + records);
        }
        int n = (int) records;
        Comparator<Integer> byKey = name.equals("hilbert") ? hilbertOrder(points, n) : longitudeOrder(points, n);
        Integer[] sorted = new Integer[n];
        for (int c = 0; c < cycles; c++) {
            int first = (int) ((long) c * n / cycles);
            int end = (int) ((long) (c + 1) * n / cycles);
            for (int id = first; id < end; id++) {
                sorted[id] = id;
            }
            Arrays.sort(sorted, first, end, byKey.thenComparing(Comparator.naturalOrder()));
            for (long region = first; region < end; region += regionSize) {
                Arrays.sort(sorted, (int) region, (int) Math.min(end, region + regionSize));
            }
        }
        return new RecordOrder(name, Arrays.stream(sorted).mapToInt(Integer::intValue).toArray());
    }

    public String name() {
        return name;
    }

    /** The id of the record inserted at {@code position} (0-based). */
    public long id(long position) {
        return ids == null ? position : ids[(int) position];
    }

    private static Comparator<Integer> hilbertOrder(LongFunction<GeoPoint> points, int n) {
        long[] keys = new long[n];
        for (int id = 0; id < n; id++) {
            GeoPoint point = points.apply(id);
            keys[id] = HilbertCurve.index(BITS, cell(point.lon(), -180, 360), cell(point.lat(), -90, 180));
        }
        return Comparator.comparingLong(id -> keys[id]);
    }

    private static Comparator<Integer> longitudeOrder(LongFunction<GeoPoint> points, int n) {
        double[] lon = new double[n];
        double[] lat = new double[n];
        for (int id = 0; id < n; id++) {
            GeoPoint point = points.apply(id);
            lon[id] = point.lon();
            lat[id] = point.lat();
        }
        Comparator<Integer> byLon = Comparator.comparingDouble(id -> lon[id]);
        return byLon.thenComparingDouble(id -> lat[id]);
    }

    /** The grid cell of a coordinate over [low, low + extent], clamped to the border cells. */
    private static long cell(double value, double low, double extent) {
        return Math.max(0, Math.min(CELLS - 1, (long) Math.floor((value - low) / extent * CELLS)));
    }
}

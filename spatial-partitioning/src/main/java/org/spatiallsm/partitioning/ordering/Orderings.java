package org.spatiallsm.partitioning.ordering;

import java.util.List;

import org.spatiallsm.curves.CurveOrder;
import org.spatiallsm.curves.HilbertCurve;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.entries.Entries;

/**
 * The built-in orderings, by their DDL names. All three order an entry by its MBR's lower-left corner
 * ({@code minX}, {@code minY}), as AsterixDB 0.9.8's R-tree comparators do, and break ties by the corner's exact
 * coordinates, then by id.
 * <ul>
 * <li>{@code simple}: lexicographic, x then y (the "nearest-x" order of the spatial study).</li>
 * <li>{@code zorder}: Morton code of the corner on a 2^31 x 2^31 grid over a bounded domain (default the globe in
 * degrees, [-180, 180] x [-90, 90]); x takes the odd bits, y the even bits. Coordinates outside the domain are
 * clamped to its border cells.</li>
 * <li>{@code hilbert}: position of the corner on the order-31 Hilbert curve over the same grid, curve starting at
 * the domain's lower-left cell (0, 0), ending at the lower-right cell (2^31 - 1, 0), first step along y.</li>
 * </ul>
 * The curve orderings quantise to 2^31 cells per axis (a cell of the default domain is about 17 cm wide), so their
 * order is a genuine curve order, but not necessarily bit-identical to AsterixDB 0.9.8's comparators, which compare
 * doubles recursively without a grid; exact engine equivalence is the engine's business (it passes its own
 * {@link Ordering}).
 */
public final class Orderings {

    /** The domain of the curve orderings by default: longitude x latitude in degrees. */
    public static final Rect GLOBE = new Rect(-180, -90, 180, 90);

    static final int BITS = 31;
    private static final long CELLS = 1L << BITS;

    private Orderings() {
    }

    public static List<String> names() {
        return List.of("hilbert", "zorder", "simple");
    }

    /** The named ordering over the default domain ({@link #GLOBE}). */
    public static Ordering create(String name) {
        return create(name, GLOBE);
    }

    /**
     * The named ordering; {@code domain} bounds the grid of the curve orderings and is ignored by {@code simple}.
     *
     * @throws IllegalArgumentException for an unknown name or a domain with no area, with a one-line message
     */
    public static Ordering create(String name, Rect domain) {
        if (!(domain.area() > 0) || Double.isInfinite(domain.area())) {
            throw new IllegalArgumentException("the ordering's domain must have a finite, non-zero area, got "
                    + domain);
        }
        return switch (name) {
            case "simple" -> SIMPLE;
            case "zorder" -> new CurveOrdering("zorder", domain, false);
            case "hilbert" -> new CurveOrdering("hilbert", domain, true);
            default -> throw new IllegalArgumentException("unknown ordering '" + name + "' (known: "
                    + String.join(", ", names()) + ")");
        };
    }

    /**
     * The order an R-tree of spatial-lsm really uses for a DDL comparator name: AsterixDB 0.9.8's Hilbert or 2-D
     * Z-order, computed exactly by {@link CurveOrder} (no grid, no domain), or {@code simple}. Sorting with it costs
     * more than with {@link #create}'s curve orderings (each comparison walks the curve instead of comparing keys
     * computed once), but it is what an engine passes so that every partition comes out in exactly the order the
     * R-tree merges and reconciles anti-matter with.
     *
     * @throws IllegalArgumentException for an unknown name, with a one-line message
     */
    public static Ordering exactEngineOrder(String name) {
        return switch (name) {
            case "simple" -> SIMPLE;
            case "hilbert" -> new ExactCurveOrdering("hilbert", CurveOrder.hilbert());
            case "zorder" -> new ExactCurveOrdering("zorder", CurveOrder.zOrder(2));
            default -> throw new IllegalArgumentException("unknown ordering '" + name + "' (known: "
                    + String.join(", ", names()) + ")");
        };
    }

    /** 0.9.8's curve order of the lower-left corners; one constant key, so every comparison is the curve's. */
    private record ExactCurveOrdering(String name, CurveOrder order) implements Ordering {

        @Override
        public long key(double minX, double minY, double maxX, double maxY) {
            return 0;
        }

        @Override
        public int compareSameKey(Entries a, int rowA, Entries b, int rowB) {
            return order.compare(a.minX(rowA), a.minY(rowA), b.minX(rowB), b.minY(rowB));
        }
    }

    private static final Ordering SIMPLE = new Ordering() {
        @Override
        public String name() {
            return "simple";
        }

        @Override
        public long key(double minX, double minY, double maxX, double maxY) {
            return sortableBits(minX);
        }

        @Override
        public int compareSameKey(Entries a, int rowA, Entries b, int rowB) {
            return Double.compare(a.minY(rowA), b.minY(rowB));
        }
    };

    /** A long whose signed order is {@link Double#compare}'s order of the doubles. */
    static long sortableBits(double value) {
        long bits = Double.doubleToLongBits(value);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /** Z-order or Hilbert key of the lower-left corner on a grid of 2^31 x 2^31 cells over the domain. */
    private record CurveOrdering(String name, Rect domain, boolean hilbert) implements Ordering {

        @Override
        public long key(double minX, double minY, double maxX, double maxY) {
            long cellX = cell(minX, domain.minX(), domain.maxX());
            long cellY = cell(minY, domain.minY(), domain.maxY());
            return hilbert ? HilbertCurve.index(BITS, cellX, cellY) : mortonIndex(cellX, cellY);
        }

        @Override
        public int compareSameKey(Entries a, int rowA, Entries b, int rowB) {
            int byX = Double.compare(a.minX(rowA), b.minX(rowB));
            return byX != 0 ? byX : Double.compare(a.minY(rowA), b.minY(rowB));
        }
    }

    static long cell(double value, double min, double max) {
        double scaled = Math.floor((value - min) / (max - min) * CELLS);
        return (long) Math.max(0, Math.min(CELLS - 1, scaled));
    }

    /** Interleaves the bits: x's bit i goes to bit 2i + 1, y's bit i to bit 2i. */
    static long mortonIndex(long x, long y) {
        return (spread(x) << 1) | spread(y);
    }

    private static long spread(long v) {
        v &= 0xFFFFFFFFL;
        v = (v | (v << 16)) & 0x0000FFFF0000FFFFL;
        v = (v | (v << 8)) & 0x00FF00FF00FF00FFL;
        v = (v | (v << 4)) & 0x0F0F0F0F0F0F0F0FL;
        v = (v | (v << 2)) & 0x3333333333333333L;
        v = (v | (v << 1)) & 0x5555555555555555L;
        return v;
    }
}

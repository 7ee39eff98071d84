package org.spatiallsm.organisations;

import java.util.Comparator;
import java.util.Optional;

import org.spatiallsm.curves.DhvbValue;
import org.spatiallsm.curves.GridCell;
import org.spatiallsm.curves.GridRect;
import org.spatiallsm.curves.HilbertCurve;
import org.spatiallsm.curves.RelativeHilbertOrder;
import org.spatiallsm.geometry.Rect;

/**
 * The two Hilbert B-tree organisations of Kim's study and their key layouts. Both place a point at a position on
 * the order-31 Hilbert curve, and both B-tree orders sort entries by that position first, which is what the
 * skip-scan seeks on.
 */
public enum HilbertOrganisation {

    /**
     * DHB-tree: key ⟨point, pk⟩ in the relative Hilbert order of the point over the ±180 square, then pk. Nothing
     * is stored besides the point; its position is the order-31 cell of the same walk. Every point is indexable:
     * points outside the square (±Infinity too) walk along its edge, and a NaN coordinate, never {@code >=} a
     * centre, walks as -Infinity does; the walk and the cell agree on it, and no query window holds it.
     */
    DHB {
        @Override
        public GridCell cell(double x, double y) {
            return RelativeHilbertOrder.GEOGRAPHIC_SQUARE.cell(ORDER, x, y);
        }

        @Override
        public Comparator<PointEntry> entryOrder() {
            return DHB_ORDER;
        }

        @Override
        public Optional<GridRect> cells(Rect mbr) {
            GridCell low = cell(mbr.minX(), mbr.minY());
            GridCell high = cell(mbr.maxX(), mbr.maxY());
            return Optional.of(new GridRect(low.x(), low.y(), high.x(), high.y()));
        }

        @Override
        public Rect domain() {
            return new Rect(-180, -180, 180, 180);
        }
    },

    /**
     * DHVB-tree: key ⟨hv, point, pk⟩ with hv = {@link DhvbValue} (Kim's 62-bit value, stored as int64), then the
     * point (x, then y), then pk. Points outside [-180, 180] x [-90, 90] are refused.
     */
    DHVB {
        @Override
        public GridCell cell(double x, double y) {
            return new GridCell(DhvbValue.gridX(x), DhvbValue.gridY(y));
        }

        @Override
        public Comparator<PointEntry> entryOrder() {
            return DHVB_ORDER;
        }

        @Override
        public Optional<GridRect> cells(Rect mbr) {
            double minX = Math.max(mbr.minX(), -180);
            double minY = Math.max(mbr.minY(), -90);
            double maxX = Math.min(mbr.maxX(), 180);
            double maxY = Math.min(mbr.maxY(), 90);
            if (minX > maxX || minY > maxY) {
                return Optional.empty();
            }
            return Optional.of(new GridRect(DhvbValue.gridX(minX), DhvbValue.gridY(minY), DhvbValue.gridX(maxX),
                    DhvbValue.gridY(maxY)));
        }

        @Override
        public Rect domain() {
            return new Rect(-180, -90, 180, 90);
        }
    };

    /** Both organisations use Kim's resolution: 31 levels. */
    public static final int ORDER = 31;

    private static final Comparator<PointEntry> DHB_ORDER = ((Comparator<PointEntry>) (a, b) -> DHB
            .comparePoints(a.x(), a.y(), b.x(), b.y())).thenComparingLong(PointEntry::pk);
    private static final Comparator<PointEntry> DHVB_ORDER = ((Comparator<PointEntry>) (a, b) -> DHVB
            .comparePoints(a.x(), a.y(), b.x(), b.y())).thenComparingLong(PointEntry::pk);

    /** The order-31 grid cell of the point; monotone in each coordinate. */
    public abstract GridCell cell(double x, double y);

    /** The B-tree order of the entries. */
    public abstract Comparator<PointEntry> entryOrder();

    /**
     * The grid cells that any point of {@code mbr} can lie in (by monotonicity, the cells between its corners'),
     * or empty when no indexable point lies in it.
     */
    public abstract Optional<GridRect> cells(Rect mbr);

    /** The square or rectangle the curve's grid divides (DHB also indexes points beyond it, along its edge). */
    public abstract Rect domain();

    /**
     * The B-tree order of two points (before the primary key): DHB's relative Hilbert order; DHVB's hv, then x,
     * then y.
     */
    public int comparePoints(double ax, double ay, double bx, double by) {
        if (this == DHB) {
            return RelativeHilbertOrder.GEOGRAPHIC_SQUARE.compare(ax, ay, bx, by);
        }
        int byPosition = Long.compare(position(ax, ay), position(bx, by));
        if (byPosition != 0) {
            return byPosition;
        }
        int byX = Double.compare(ax, bx);
        return byX != 0 ? byX : Double.compare(ay, by);
    }

    /**
     * A seek key's order against a point: the start of the cell at curve {@code position} lies before every point of
     * that cell and of later cells, and after every point of earlier cells (never equal to a point).
     */
    public int compareCellStart(long position, double x, double y) {
        return position <= position(x, y) ? -1 : 1;
    }

    /** The point's position on the curve: the B-tree order's first criterion (DHVB's stored hv). */
    public long position(double x, double y) {
        GridCell cell = cell(x, y);
        return HilbertCurve.index(ORDER, cell.x(), cell.y());
    }
}

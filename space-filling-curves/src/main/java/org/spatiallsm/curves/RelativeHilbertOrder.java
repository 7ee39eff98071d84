package org.spatiallsm.curves;

/**
 * The relative Hilbert order of double points over a rectangular domain (the DHB-tree's key order): walk the state
 * table from the whole domain down, splitting each square at its centre, and stop at the first level where the two
 * points fall in different quadrants; no Hilbert value is materialised.
 *
 * <p>Deterministic at every boundary: a coordinate equal to a centre goes to the upper half ({@code x >= cx}), like
 * a floor-based cell id, so the domain's top and right edges belong to the last cells; points outside the domain
 * walk as if clamped onto its edge. After {@link #MAX_LEVELS} levels (a cell of 360 / 2^64 degrees on the ±180
 * domain) points that still share a cell are ordered by x, then y ({@link Double#compare}), so the order is total:
 * only identical coordinates compare equal, and the DHB-tree then orders them by primary key.
 */
public final class RelativeHilbertOrder {

    /** The levels walked before falling back to coordinate order. */
    public static final int MAX_LEVELS = 64;

    /** The DHB-tree's domain: the ±180 square, for both axes (as in Kim's study). */
    public static final RelativeHilbertOrder GEOGRAPHIC_SQUARE = new RelativeHilbertOrder(-180, -180, 180, 180);

    private final double minX;
    private final double minY;
    private final double maxX;
    private final double maxY;

    public RelativeHilbertOrder(double minX, double minY, double maxX, double maxY) {
        if (!(minX < maxX && minY < maxY) || !Double.isFinite(maxX - minX) || !Double.isFinite(maxY - minY)) {
            throw new IllegalArgumentException("the domain must be a finite rectangle with min < max, was (" + minX
                    + ", " + minY + ") .. (" + maxX + ", " + maxY + ")");
        }
        this.minX = minX;
        this.minY = minY;
        this.maxX = maxX;
        this.maxY = maxY;
    }

    /** Negative, zero or positive as point a comes before, at or after point b. */
    public int compare(double ax, double ay, double bx, double by) {
        if (Double.compare(ax, bx) == 0 && Double.compare(ay, by) == 0) {
            return 0;
        }
        Walk walk = new Walk();
        for (int level = 0; level < MAX_LEVELS; level++) {
            int qa = walk.quadrant(ax, ay);
            int qb = walk.quadrant(bx, by);
            if (qa != qb) {
                return Integer.compare(HilbertCurve.digit(walk.state, qa), HilbertCurve.digit(walk.state, qb));
            }
            walk.descend(qa);
        }
        int byX = Double.compare(ax, bx);
        return byX != 0 ? byX : Double.compare(ay, by);
    }

    /**
     * The cell of the order-{@code order} grid that the same walk puts the point in: a point in an earlier cell
     * always compares lower, so {@code HilbertCurve.index(order, cell)} is a key prefix of this order. Monotone in
     * each coordinate.
     */
    public GridCell cell(int order, double x, double y) {
        HilbertCurve.requireOrder(order);
        Walk walk = new Walk();
        long cellX = 0;
        long cellY = 0;
        for (int level = 0; level < order; level++) {
            int quadrant = walk.quadrant(x, y);
            cellX = cellX << 1 | quadrant >> 1;
            cellY = cellY << 1 | quadrant & 1;
            walk.descend(quadrant);
        }
        return new GridCell(cellX, cellY);
    }

    /** The current square of a walk: its bounds and its state. */
    private final class Walk {
        private double lowX = minX;
        private double highX = maxX;
        private double lowY = minY;
        private double highY = maxY;
        private int state = HilbertCurve.START_STATE;
        private double centreX = centre(lowX, highX);
        private double centreY = centre(lowY, highY);

        int quadrant(double x, double y) {
            return (x >= centreX ? 2 : 0) | (y >= centreY ? 1 : 0);
        }

        void descend(int quadrant) {
            if ((quadrant & 2) != 0) {
                lowX = centreX;
            } else {
                highX = centreX;
            }
            if ((quadrant & 1) != 0) {
                lowY = centreY;
            } else {
                highY = centreY;
            }
            centreX = centre(lowX, highX);
            centreY = centre(lowY, highY);
            state = HilbertCurve.nextState(state, quadrant);
        }

        private static double centre(double low, double high) {
            return low + (high - low) / 2;
        }
    }
}

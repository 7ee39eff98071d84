package org.spatiallsm.organisations.grid;

import org.spatiallsm.geometry.Rect;

/**
 * The rectangle a static grid divides: bottom-left (x1, y1), top-right (x2, y2), both closed. Not a {@link Rect}: a
 * grid's space must be finite and have an area, and a bad one is the user's parameter error.
 */
public record GridSpace(double x1, double y1, double x2, double y2) {

    /** Kim's space for longitude/latitude data. */
    public static final GridSpace WORLD = new GridSpace(-180, -90, 180, 90);

    public GridSpace {
        if (!(Double.isFinite(x1) && Double.isFinite(y1) && Double.isFinite(x2) && Double.isFinite(y2))) {
            throw new InvalidGridParameterException("grid space " + Rect.text(x1, y1, x2, y2)
                    + " must have finite coordinates");
        }
        if (x1 >= x2 || y1 >= y2) {
            throw new InvalidGridParameterException("grid space " + Rect.text(x1, y1, x2, y2)
                    + " must have x1 < x2 and y1 < y2 (bottom-left corner, then top-right corner)");
        }
    }

    public boolean contains(double x, double y) {
        return x1 <= x && x <= x2 && y1 <= y && y <= y2;
    }

    @Override
    public String toString() {
        return Rect.text(x1, y1, x2, y2);
    }
}

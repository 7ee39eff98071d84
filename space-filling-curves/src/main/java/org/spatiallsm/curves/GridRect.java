package org.spatiallsm.curves;

/**
 * A rectangle of grid cells, bounds inclusive: columns {@code x1..x2}, rows {@code y1..y2}. Not a
 * {@link org.spatiallsm.geometry.Rect}: its bounds are whole cells of a curve's grid, exact in a long.
 */
public record GridRect(long x1, long y1, long x2, long y2) {

    public GridRect {
        if (x1 > x2 || y1 > y2) {
            throw new IllegalArgumentException("empty cell rectangle: x1 " + x1 + " > x2 " + x2 + " or y1 " + y1
                    + " > y2 " + y2);
        }
    }

    public boolean contains(long x, long y) {
        return x1 <= x && x <= x2 && y1 <= y && y <= y2;
    }

    /** The number of cells; exact up to order 31 (2^62 cells). */
    public long cellCount() {
        return (x2 - x1 + 1) * (y2 - y1 + 1);
    }
}

package org.spatiallsm.organisations.grid;

/**
 * A closed rectangle: an object's MBR or a query's. A point is the degenerate rectangle with both corners on it.
 * Infinite bounds are allowed (a query may reach beyond any space); NaN is not.
 */
public record Rect(double minX, double minY, double maxX, double maxY) {

    public Rect {
        if (Double.isNaN(minX) || Double.isNaN(minY) || Double.isNaN(maxX) || Double.isNaN(maxY)) {
            throw new IllegalArgumentException("rectangle " + text(minX, minY, maxX, maxY) + " has a NaN coordinate");
        }
        if (minX > maxX || minY > maxY) {
            throw new IllegalArgumentException("rectangle " + text(minX, minY, maxX, maxY)
                    + " must have x1 <= x2 and y1 <= y2 (bottom-left corner, then top-right corner)");
        }
    }

    public static Rect point(double x, double y) {
        return new Rect(x, y, x, y);
    }

    public boolean intersects(Rect other) {
        return minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY;
    }

    @Override
    public String toString() {
        return text(minX, minY, maxX, maxY);
    }

    private static String text(double x1, double y1, double x2, double y2) {
        return number(x1) + "," + number(y1) + "," + number(x2) + "," + number(y2);
    }

    /** A coordinate as a user would type it: 4 rather than 4.0. */
    static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : Double.toString(value);
    }
}

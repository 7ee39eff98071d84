package org.spatiallsm.geometry;

/**
 * An axis-aligned 2-D rectangle with closed bounds: an object's or a component's MBR, a query window, a partition
 * box. A point is the degenerate rectangle with both corners on it. Infinite bounds are allowed (a query may reach
 * beyond any space); NaN is not.
 * <p>
 * The one plain rectangle of spatial-lsm. It lives in the lowest pure module, which every module that handles
 * rectangles already depends on.
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

    /** The overlap test of the studies (Eq. 4.1): closed intervals, so touching rectangles overlap. */
    public boolean intersects(Rect other) {
        return minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY;
    }

    public boolean contains(double x, double y) {
        return minX <= x && x <= maxX && minY <= y && y <= maxY;
    }

    public Rect union(Rect other) {
        return new Rect(Math.min(minX, other.minX), Math.min(minY, other.minY),
                Math.max(maxX, other.maxX), Math.max(maxY, other.maxY));
    }

    public double centerX() {
        return minX + (maxX - minX) / 2;
    }

    public double centerY() {
        return minY + (maxY - minY) / 2;
    }

    public double area() {
        return (maxX - minX) * (maxY - minY);
    }

    /** The sum of the side lengths (half the perimeter), R*-Grove's perimeter cost. */
    public double margin() {
        return (maxX - minX) + (maxY - minY);
    }

    /** {@code x1,y1,x2,y2}, as a user types it on a command line. */
    @Override
    public String toString() {
        return text(minX, minY, maxX, maxY);
    }

    /** Four corners' coordinates as {@link #toString} writes them, also for bounds that make no rectangle. */
    public static String text(double x1, double y1, double x2, double y2) {
        return number(x1) + "," + number(y1) + "," + number(x2) + "," + number(y2);
    }

    /** A coordinate as a user would type it: 4 rather than 4.0. */
    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : Double.toString(value);
    }
}

package org.spatiallsm.partitioning.geometry;

/**
 * An axis-aligned 2-D rectangle with closed bounds: a component's MBR, a query window or a partition box.
 * A point is a rectangle with {@code minX == maxX} and {@code minY == maxY}.
 */
public record Rect(double minX, double minY, double maxX, double maxY) {

    public Rect {
        if (!(minX <= maxX) || !(minY <= maxY)) {
            throw new IllegalArgumentException("not a rectangle: (" + minX + ", " + minY + ") - (" + maxX + ", " + maxY
                    + ")");
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
}

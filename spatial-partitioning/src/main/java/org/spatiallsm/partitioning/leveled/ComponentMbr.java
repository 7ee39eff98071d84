package org.spatiallsm.partitioning.leveled;

import org.spatiallsm.geometry.Rect;

/**
 * The MBR the leveled engine stores for a component, summed up entry by entry: the union of the entries' MBRs, or
 * the whole plane once one entry has a NaN or infinite coordinate. AsterixDB accepts such coordinates
 * ({@code point("NaN,1.0")}) and a stock R-tree stores them; no finite box holds them, and a NaN box would make
 * every later geometry test fail. A component whose MBR is the plane overlaps every window, so it is never pruned,
 * and the R-tree search inside it decides, as a stock R-tree's does.
 */
public final class ComponentMbr {

    /** The MBR of a component that holds a non-finite coordinate. */
    public static final Rect PLANE = new Rect(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);

    private double minX = Double.POSITIVE_INFINITY;
    private double minY = Double.POSITIVE_INFINITY;
    private double maxX = Double.NEGATIVE_INFINITY;
    private double maxY = Double.NEGATIVE_INFINITY;
    private boolean unbounded;
    private long count;

    /** Whether every coordinate of the entry's MBR is a finite number. */
    public static boolean isFinite(double minX, double minY, double maxX, double maxY) {
        return Double.isFinite(minX) && Double.isFinite(minY) && Double.isFinite(maxX) && Double.isFinite(maxY);
    }

    public void add(double entryMinX, double entryMinY, double entryMaxX, double entryMaxY) {
        count++;
        if (!isFinite(entryMinX, entryMinY, entryMaxX, entryMaxY)) {
            unbounded = true;
            return;
        }
        minX = Math.min(minX, entryMinX);
        minY = Math.min(minY, entryMinY);
        maxX = Math.max(maxX, entryMaxX);
        maxY = Math.max(maxY, entryMaxY);
    }

    public long count() {
        return count;
    }

    /** The union, {@link #PLANE} if an entry was not finite; a degenerate box at the origin if there was none. */
    public Rect rect() {
        if (unbounded) {
            return PLANE;
        }
        return count == 0 ? new Rect(0, 0, 0, 0) : new Rect(minX, minY, maxX, maxY);
    }
}

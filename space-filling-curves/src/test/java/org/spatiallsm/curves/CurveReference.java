package org.spatiallsm.curves;

import java.util.ArrayList;
import java.util.List;

/** Brute-force Hilbert curves built without the state table, to check it against. */
final class CurveReference {

    private CurveReference() {
    }

    /**
     * The cells of the order-{@code order} curve in visiting order, built geometrically: the order-k curve is the
     * order-(k-1) curve transposed in the lower-left quadrant, shifted up into the upper-left, shifted up and right
     * into the upper-right, and reflected across the anti-diagonal into the lower-right.
     */
    static List<GridCell> visitingOrder(int order) {
        List<GridCell> curve = List.of(new GridCell(0, 0));
        for (int k = 1; k <= order; k++) {
            long half = 1L << (k - 1);
            List<GridCell> next = new ArrayList<>(curve.size() * 4);
            curve.forEach(c -> next.add(new GridCell(c.y(), c.x())));
            curve.forEach(c -> next.add(new GridCell(c.x(), c.y() + half)));
            curve.forEach(c -> next.add(new GridCell(c.x() + half, c.y() + half)));
            curve.forEach(c -> next.add(new GridCell(2 * half - 1 - c.y(), half - 1 - c.x())));
            curve = next;
        }
        return curve;
    }

    /** The classic rotate-and-flip formulation of the Hilbert value (x and y swapped roles: x is the column). */
    static long xy2d(int order, long x, long y) {
        long value = 0;
        for (long s = 1L << (order - 1); s > 0; s /= 2) {
            long rx = (x & s) > 0 ? 1 : 0;
            long ry = (y & s) > 0 ? 1 : 0;
            value += s * s * ((3 * rx) ^ ry);
            if (ry == 0) {
                if (rx == 1) {
                    x = s - 1 - x;
                    y = s - 1 - y;
                }
                long swap = x;
                x = y;
                y = swap;
            }
        }
        return value;
    }
}

package org.spatiallsm.organisations.grid;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.spatiallsm.geometry.Rect;

/**
 * A brute-force model of a static grid for the tests: cell boundaries as exact decimals (every double is one),
 * found by comparing against every boundary rather than by any formula of the core, and cell numbers from the
 * classic Hilbert xy2d formulation.
 */
final class GridReference {

    private final GridSpace space;
    private final int[] sides;
    private final int bottomPerAxis;

    GridReference(GridSpace space, int... sides) {
        this.space = space;
        this.sides = sides;
        int cells = 1;
        for (int side : sides) {
            cells *= side;
        }
        bottomPerAxis = cells;
    }

    int bottomPerAxis() {
        return bottomPerAxis;
    }

    /** The bottom cell keys (as "d.d.d.depth" text) of the point, or null outside the space. */
    String pointKey(double x, double y) {
        if (!space.contains(x, y)) {
            return null;
        }
        return key(column(x, space.x1(), space.x2()), column(y, space.y1(), space.y2()));
    }

    /** The key text of bottom cell (column, row). */
    String key(int column, int row) {
        StringBuilder text = new StringBuilder();
        int span = bottomPerAxis;
        for (int side : sides) {
            span /= side;
            text.append(xy2d(side, column / span % side, row / span % side)).append('.');
        }
        return text.append(sides.length).toString();
    }

    /** Bottom ordinal of bottom cell (column, row): the digits read as a mixed-radix number. */
    long ordinal(int column, int row) {
        long ordinal = 0;
        int span = bottomPerAxis;
        for (int side : sides) {
            span /= side;
            ordinal = ordinal * side * side + xy2d(side, column / span % side, row / span % side);
        }
        return ordinal;
    }

    /** The bottom ordinals of the cells (inside the space) sharing a point with the closed rectangle. */
    Set<Long> overlapped(Rect rect) {
        List<Integer> rows = new ArrayList<>();
        for (int row = 0; row < bottomPerAxis; row++) {
            if (overlaps(row, rect.minY(), rect.maxY(), space.y1(), space.y2())) {
                rows.add(row);
            }
        }
        Set<Long> cells = new HashSet<>();
        for (int column = 0; column < bottomPerAxis; column++) {
            if (overlaps(column, rect.minX(), rect.maxX(), space.x1(), space.x2())) {
                for (int row : rows) {
                    cells.add(ordinal(column, row));
                }
            }
        }
        return cells;
    }

    /** The last column whose lower boundary is at or left of the value. */
    private int column(double value, double low, double high) {
        int column = 0;
        for (int candidate = 0; candidate < bottomPerAxis; candidate++) {
            if (compareToBoundary(value, candidate, low, high) >= 0) {
                column = candidate;
            }
        }
        return column;
    }

    /** Column c spans [b(c), b(c+1)), the last one [b(N-1), high]. */
    private boolean overlaps(int column, double from, double to, double low, double high) {
        boolean startsBeforeEnd = compareToBoundary(to, column, low, high) >= 0;
        boolean endsAfterStart = column == bottomPerAxis - 1 ? from <= high
                : compareToBoundary(from, column + 1, low, high) < 0;
        return startsBeforeEnd && endsAfterStart;
    }

    /** Sign of value - b(c), where b(c) = low + c (high - low) / N, compared without dividing. */
    private int compareToBoundary(double value, int column, double low, double high) {
        if (Double.isInfinite(value)) {
            return value > 0 ? 1 : -1;
        }
        BigDecimal n = BigDecimal.valueOf(bottomPerAxis);
        BigDecimal scaledValue = new BigDecimal(value).multiply(n);
        BigDecimal scaledBoundary = new BigDecimal(low).multiply(n)
                .add(BigDecimal.valueOf(column).multiply(new BigDecimal(high).subtract(new BigDecimal(low))));
        return scaledValue.compareTo(scaledBoundary);
    }

    /** The classic Hilbert xy2d (rotating quadrants), independent of the core's state table. */
    static int xy2d(int n, int x, int y) {
        int d = 0;
        for (int s = n / 2; s > 0; s /= 2) {
            int rx = (x & s) > 0 ? 1 : 0;
            int ry = (y & s) > 0 ? 1 : 0;
            d += s * s * ((3 * rx) ^ ry);
            if (ry == 0) {
                if (rx == 1) {
                    x = n - 1 - x;
                    y = n - 1 - y;
                }
                int swap = x;
                x = y;
                y = swap;
            }
        }
        return d;
    }
}

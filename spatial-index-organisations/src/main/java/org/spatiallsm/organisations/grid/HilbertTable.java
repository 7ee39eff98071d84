package org.spatiallsm.organisations.grid;

import org.spatiallsm.curves.HilbertCurve;

/**
 * The fixed numbering of the side x side children of a parent cell along the Hilbert curve of order log2(side)
 * (not orientation-adjusted, as in Kim's static grids), taken from the project's one {@link HilbertCurve}. Every parent
 * numbers its children with the same table, so a cell number is one lookup per level rather than a walk of the curve's
 * state machine.
 */
final class HilbertTable {

    private static final HilbertTable[] BY_ORDER = new HilbertTable[5];

    static {
        for (int order = 1; order < BY_ORDER.length; order++) {
            BY_ORDER[order] = new HilbertTable(order);
        }
    }

    private final int side;
    private final int[][] digitAt;
    private final int[] xOfDigit;
    private final int[] yOfDigit;

    private HilbertTable(int order) {
        side = 1 << order;
        digitAt = new int[side][side];
        xOfDigit = new int[side * side];
        yOfDigit = new int[side * side];
        for (int y = 0; y < side; y++) {
            for (int x = 0; x < side; x++) {
                int digit = (int) HilbertCurve.index(order, x, y);
                digitAt[y][x] = digit;
                xOfDigit[digit] = x;
                yOfDigit[digit] = y;
            }
        }
    }

    /** The table for side x side children; side is 2, 4, 8 or 16 (a digit must fit in one key byte). */
    static HilbertTable ofSide(int side) {
        int order = Integer.numberOfTrailingZeros(side);
        if (Integer.bitCount(side) != 1 || order < 1 || order >= BY_ORDER.length) {
            throw new IllegalArgumentException("cells per axis and parent must be 2, 4, 8 or 16, was " + side);
        }
        return BY_ORDER[order];
    }

    int side() {
        return side;
    }

    int digit(int x, int y) {
        return digitAt[y][x];
    }

    int x(int digit) {
        return xOfDigit[digit];
    }

    int y(int digit) {
        return yOfDigit[digit];
    }
}

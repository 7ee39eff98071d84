package org.spatiallsm.organizations.grid;

/**
 * The fixed numbering of the side x side children of a parent cell along the Hilbert curve of order log2(side)
 * (notes §3.1/§3.4). Every parent numbers its children with the same table, so a cell number is one lookup per
 * level rather than a walk of the curve's state machine.
 */
final class HilbertTable {

    /** Sequence digit per state and quadrant (quadrant = xbit << 1 | ybit), notes §3.1. */
    private static final int[][] SEQUENCE = { { 0, 1, 3, 2 }, { 2, 1, 3, 0 }, { 2, 3, 1, 0 }, { 0, 3, 1, 2 } };
    private static final int[][] NEXT_STATE = { { 3, 0, 1, 0 }, { 1, 1, 0, 2 }, { 2, 3, 2, 1 }, { 0, 2, 3, 3 } };

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
                int digit = hilbert(order, x, y);
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

    /** Position of (x, y) along the order-k curve; x, y < 2^k. */
    static int hilbert(int order, int x, int y) {
        int state = 0;
        int value = 0;
        for (int bit = order - 1; bit >= 0; bit--) {
            int quadrant = ((x >> bit) & 1) << 1 | ((y >> bit) & 1);
            value |= SEQUENCE[state][quadrant] << (2 * bit);
            state = NEXT_STATE[state][quadrant];
        }
        return value;
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

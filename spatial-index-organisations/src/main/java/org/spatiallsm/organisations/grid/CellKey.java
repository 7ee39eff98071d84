package org.spatiallsm.organisations.grid;

import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The key of a grid cell (as in Kim's SHB-tree): one Hilbert digit per level, zero below the cell's level, then the
 * depth (the number of levels the cell spans: 1 for a level-0 cell, the number of levels for a bottom cell). Keys
 * compare as unsigned bytes in that order, so a cell's key sorts immediately before its first descendant's. Two special
 * keys: depth 0 with all digits zero is the root, the whole space ("all"); all digits 255 with depth levels + 1 is "out
 * of space", after every cell.
 */
public final class CellKey implements Comparable<CellKey> {

    static final int OUT_OF_SPACE_DIGIT = 255;

    private final int[] digits;
    private final int depth;

    CellKey(int[] digits, int depth) {
        this.digits = digits;
        this.depth = depth;
    }

    /** The number of levels of the cell's number: 0 for the root ("all"), levels + 1 for "out of space". */
    public int depth() {
        return depth;
    }

    /** The cell's 0-based level as the dissertation counts it (depth - 1): -1 for the root. */
    public int level() {
        return depth - 1;
    }

    public int digit(int level) {
        return digits[level];
    }

    public int levels() {
        return digits.length;
    }

    public boolean isRoot() {
        return depth == 0;
    }

    public boolean isOutOfSpace() {
        return depth == digits.length + 1;
    }

    /** The stored key: one byte per level, then the depth byte (7 bytes for six levels). */
    public byte[] toBytes() {
        byte[] bytes = new byte[digits.length + 1];
        for (int level = 0; level < digits.length; level++) {
            bytes[level] = (byte) digits[level];
        }
        bytes[digits.length] = (byte) depth;
        return bytes;
    }

    /**
     * The stored key as an int64: the key bytes big-endian (at most 7, so the sign bit stays clear), hence the same
     * order as {@link #compareTo} among the keys of one grid.
     */
    public long toLong() {
        long value = 0;
        for (byte b : toBytes()) {
            value = value << 8 | (b & 0xFF);
        }
        return value;
    }

    @Override
    public int compareTo(CellKey other) {
        int digitOrder = Arrays.compare(digits, other.digits);
        return digitOrder != 0 ? digitOrder : Integer.compare(depth, other.depth);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CellKey key && depth == key.depth && Arrays.equals(digits, key.digits);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(digits) + depth;
    }

    /** The SIF token notation: the key bytes in dotted decimal, e.g. 2.1.0.2 for cell 21 of three levels. */
    @Override
    public String toString() {
        return IntStream.concat(Arrays.stream(digits), IntStream.of(depth)).mapToObj(Integer::toString)
                .collect(Collectors.joining("."));
    }
}

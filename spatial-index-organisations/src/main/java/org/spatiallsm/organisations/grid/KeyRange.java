package org.spatiallsm.organisations.grid;

/**
 * One B-tree range search, both ends inclusive: from the key of the first cell of a run of consecutive cells
 * (so the cell's own entries are included) to the key of the last bottom cell of the run.
 */
public record KeyRange(CellKey low, CellKey high) {

    public boolean contains(CellKey key) {
        return low.compareTo(key) <= 0 && key.compareTo(high) <= 0;
    }

    @Override
    public String toString() {
        return "[" + low + " ~ " + high + "]";
    }
}

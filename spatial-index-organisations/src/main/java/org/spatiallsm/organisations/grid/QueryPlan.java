package org.spatiallsm.organisations.grid;

import java.util.List;

/**
 * What an SHB-tree searches for a query rectangle (Kim's dissertation, Ch. 4-5): the merged key ranges, the extra exact
 * lookups of the ancestors of the query's cells (only non-point data is stored at upper levels), and whether the "out
 * of space" key must be looked up because the query reaches outside the space.
 *
 * @param wholeSpace the query covers the whole space: the "all" path, one range over every cell
 * @param decomposedCells how many cells the query decomposed into before merging
 */
public record QueryPlan(List<KeyRange> ranges, List<CellKey> ancestors, boolean outOfSpace, boolean wholeSpace,
        int decomposedCells) {

    public QueryPlan {
        ranges = List.copyOf(ranges);
        ancestors = List.copyOf(ancestors);
    }
}

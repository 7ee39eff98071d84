package org.spatiallsm.partitioning.partitioner;

import org.spatiallsm.geometry.Rect;

/**
 * One output partition of a merge.
 *
 * @param index   its position in the output order, from 0
 * @param entries how many entries it holds (at least 1)
 * @param mbr     the union of its entries' MBRs: the component MBR to store and to test queries against
 * @param region  for STR and R*-Grove, the half-open box [minX, maxX) x [minY, maxY) of the plane that holds the
 *                <em>centres</em> of its entries (infinite at the outer sides); the regions of one merge tile the
 *                plane, so its partitions are pairwise disjoint by centre. {@code null} for {@code size}
 */
public record PartitionInfo(int index, long entries, Rect mbr, Rect region) {

    /** Whether the (finite) point lies in the half-open region: the unique region of its merge that holds it. */
    public boolean regionHolds(double x, double y) {
        return region.minX() <= x && x < region.maxX() && region.minY() <= y && y < region.maxY();
    }
}

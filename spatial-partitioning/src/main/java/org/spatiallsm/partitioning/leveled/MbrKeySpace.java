package org.spatiallsm.partitioning.leveled;

import java.util.List;

import org.spatiallsm.geometry.Rect;

/**
 * The key space of a leveled R-tree: a component's bounds are its MBR. The {@code round-robin} walk follows a Z-order
 * curve of MBR centres that interleaves the high 32 bits of each coordinate's order-preserving 64-bit image (the IEEE
 * bits with negative values flipped). The curve is therefore fixed for all doubles and needs no bounding box: the
 * research code normalised centres to the level's current bounding box, which moves whenever the level changes, so a
 * remembered position could skip or repeat components. 32 bits keep a relative resolution of about 10^-6.
 */
public final class MbrKeySpace implements KeySpace<Rect> {

    public static final MbrKeySpace INSTANCE = new MbrKeySpace();

    /** Every partitioner cuts MBRs; {@code size} cuts along the R-tree's comparator order. */
    public static final List<String> PARTITIONINGS = List.of("size", "str", "rstar-grove-area",
            "rstar-grove-perimeter");

    private MbrKeySpace() {
    }

    @Override
    public boolean overlaps(Rect a, Rect b) {
        return a.intersects(b);
    }

    @Override
    public Rect union(Rect a, Rect b) {
        return a.union(b);
    }

    @Override
    public int compareAlongWalk(Rect a, Rect b) {
        return Long.compareUnsigned(zValue(a), zValue(b));
    }

    @Override
    public int compareByCentre(Rect a, Rect b) {
        int byX = Double.compare(a.centerX(), b.centerX());
        return byX != 0 ? byX : Double.compare(a.centerY(), b.centerY());
    }

    @Override
    public List<String> partitionings() {
        return PARTITIONINGS;
    }

    @Override
    public String indexKind() {
        return "R-tree";
    }

    /** The Z value of the MBR's centre, compared unsigned. */
    static long zValue(Rect mbr) {
        return spread(high32(mbr.centerX())) << 1 | spread(high32(mbr.centerY()));
    }

    private static long high32(double value) {
        long bits = Double.doubleToLongBits(value == 0 ? 0.0 : value); // -0.0 and 0.0 are the same place
        long ordered = bits ^ ((bits >> 63) & Long.MAX_VALUE);          // signed order of the doubles
        return (ordered ^ Long.MIN_VALUE) >>> 32;                       // unsigned, top 32 bits
    }

    /** Bits 0..31 of {@code v} to the even bits 0..62. */
    private static long spread(long v) {
        v &= 0xFFFFFFFFL;
        v = (v | v << 16) & 0x0000FFFF0000FFFFL;
        v = (v | v << 8) & 0x00FF00FF00FF00FFL;
        v = (v | v << 4) & 0x0F0F0F0F0F0F0F0FL;
        v = (v | v << 2) & 0x3333333333333333L;
        v = (v | v << 1) & 0x5555555555555555L;
        return v;
    }
}

package org.spatiallsm.partitioning.leveled;

import org.spatiallsm.geometry.Rect;

/**
 * A component's place on the Z-order curve of MBR centres, the key of the {@code round-robin} pick: the Z value of
 * the centre, ties broken by component id so that every component of a level has its own position.
 *
 * <p>The Z value interleaves the high 32 bits of each coordinate's order-preserving 64-bit image (the IEEE bits
 * with negative values flipped). The curve is therefore fixed for all doubles and needs no bounding box: the
 * research code normalised centres to the level's current bounding box, which moves whenever the level changes,
 * so a remembered position could skip or repeat components. 32 bits keep a relative resolution of about 10^-6.
 *
 * @param z  the Z value, compared unsigned
 * @param id the component id
 */
public record CurvePosition(long z, long id) implements Comparable<CurvePosition> {

    public static CurvePosition of(LeveledComponent component) {
        Rect mbr = component.mbr();
        return new CurvePosition(interleave(high32(mbr.centerX()), high32(mbr.centerY())), component.id());
    }

    @Override
    public int compareTo(CurvePosition other) {
        int byZ = Long.compareUnsigned(z, other.z);
        return byZ != 0 ? byZ : Long.compare(id, other.id);
    }

    private static long high32(double value) {
        long bits = Double.doubleToLongBits(value == 0 ? 0.0 : value); // -0.0 and 0.0 are the same place
        long ordered = bits ^ ((bits >> 63) & Long.MAX_VALUE);          // signed order of the doubles
        return (ordered ^ Long.MIN_VALUE) >>> 32;                       // unsigned, top 32 bits
    }

    private static long interleave(long x, long y) {
        return spread(x) << 1 | spread(y);
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

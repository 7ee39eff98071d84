package org.spatiallsm.curves;

/**
 * The DHVB-tree's stored key: Kim's 64-bit Hilbert value of a longitude/latitude point. Both axes are mapped over
 * the same ±180 square (so latitude uses half its range), scaled by {@code F = floor(2^31 / 360) = 5,965,232}
 * cells per degree and floored: {@code X = floor((lon + 180) F)}, {@code Y = floor((lat + 180) F)}; the key is
 * {@code HilbertCurve.index(31, X, Y)}, a 62-bit non-negative long. One cell is about 1.7e-7 degrees.
 *
 * <p>Points outside [-180, 180] x [-90, 90] (and NaN) are refused. Kim's fork clamped instead, moving x >= 180 to
 * 179.0 and y >= 90 to 89.0 (a whole degree); that is unnecessary, since 360 F < 2^31 puts the east edge and the
 * pole in the grid, so inside the domain our values equal the fork's except on those two edges.
 */
public final class DhvbValue {

    public static final int ORDER = 31;
    /** Cells per degree: floor(2^31 / 360). */
    public static final long CELLS_PER_DEGREE = (1L << ORDER) / 360;

    private DhvbValue() {
    }

    /** The DHVB key of (lon, lat). */
    public static long of(double lon, double lat) {
        return HilbertCurve.index(ORDER, gridX(lon), gridY(lat));
    }

    /** The cell column of a longitude in [-180, 180]; monotone, so query bounds map to cell bounds. */
    public static long gridX(double lon) {
        if (!(lon >= -180 && lon <= 180)) {
            throw new IllegalArgumentException("longitude " + lon + " is outside [-180, 180]");
        }
        return quantise(lon);
    }

    /** The cell row of a latitude in [-90, 90], on the same ±180 scale as longitudes. */
    public static long gridY(double lat) {
        if (!(lat >= -90 && lat <= 90)) {
            throw new IllegalArgumentException("latitude " + lat + " is outside [-90, 90]");
        }
        return quantise(lat);
    }

    public static boolean inDomain(double lon, double lat) {
        return lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90;
    }

    private static long quantise(double degrees) {
        return (long) Math.floor((degrees + 180) * CELLS_PER_DEGREE);
    }
}

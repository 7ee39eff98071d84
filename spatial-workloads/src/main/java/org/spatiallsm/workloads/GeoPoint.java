package org.spatiallsm.workloads;

/** A point on the globe in degrees: longitude in [-180, 180), latitude in [-90, 90]. */
public record GeoPoint(double lon, double lat) {

    public static final double MIN_LON = -180;
    public static final double MAX_LON = 180;
    public static final double MIN_LAT = -90;
    public static final double MAX_LAT = 90;

    /** Clamps the latitude and wraps the longitude, so offsets near the poles or the antimeridian stay valid. */
    public static GeoPoint normalized(double lon, double lat) {
        double wrapped = ((lon - MIN_LON) % 360 + 360) % 360 + MIN_LON;
        return new GeoPoint(wrapped, Math.max(MIN_LAT, Math.min(MAX_LAT, lat)));
    }
}

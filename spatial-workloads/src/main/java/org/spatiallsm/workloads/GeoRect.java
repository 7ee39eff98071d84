package org.spatiallsm.workloads;

/** An axis-parallel rectangle in degrees, borders included (like AsterixDB's spatial_intersect). */
public record GeoRect(double minLon, double minLat, double maxLon, double maxLat) {

    public GeoRect {
        if (!(minLon <= maxLon && minLat <= maxLat)) {
            throw new IllegalArgumentException("empty rectangle " + minLon + "," + minLat + " " + maxLon + ","
                    + maxLat);
        }
    }

    public static final GeoRect GLOBE = new GeoRect(GeoPoint.MIN_LON, GeoPoint.MIN_LAT, GeoPoint.MAX_LON,
            GeoPoint.MAX_LAT);

    public boolean contains(GeoPoint p) {
        return p.lon() >= minLon && p.lon() <= maxLon && p.lat() >= minLat && p.lat() <= maxLat;
    }

    public double width() {
        return maxLon - minLon;
    }

    public double height() {
        return maxLat - minLat;
    }
}

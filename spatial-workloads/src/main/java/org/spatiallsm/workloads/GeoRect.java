package org.spatiallsm.workloads;

import org.spatiallsm.geometry.Rect;

/**
 * An axis-parallel rectangle in degrees, borders included (like AsterixDB's spatial_intersect): the generators' domain
 * type, which names its axes and knows the globe. {@link #toRect} is its one way to the plain rectangle.
 */
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

    /** The same rectangle with x = longitude and y = latitude. */
    public Rect toRect() {
        return new Rect(minLon, minLat, maxLon, maxLat);
    }

    public double width() {
        return maxLon - minLon;
    }

    public double height() {
        return maxLat - minLat;
    }
}

package org.spatiallsm.workloads;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Spatial range queries centred on records that were inserted before, so that every query finds at least its centre
 * (Mao's protocol): rectangles of selectivity 10^-sigma, i.e. 360·10^-sigma by 180·10^-sigma degrees (an area
 * fraction of 10^-2sigma), with sigma drawn from a list; circles whose radius cycles through a list (Kim's protocol).
 * Query {@code q} is a pure function of (seed, q).
 */
public final class SpatialQueries {

    /** A rectangle query, not a geometry: the record it is centred on, its sigma, and the window. */
    public record Rectangle(long centreId, GeoPoint centre, double sigma, GeoRect window) {
    }

    /** A circle query, radius in degrees. */
    public record Circle(long centreId, GeoPoint centre, double radius) {
    }

    private final RecordGenerator data;
    private final long firstId;
    private final long dataCount;
    private final long seed;

    /**
     * @param data      the generator the data was loaded with
     * @param firstId   the first id that was loaded
     * @param dataCount how many consecutive ids were loaded; centres are drawn uniformly from them
     */
    public SpatialQueries(RecordGenerator data, long firstId, long dataCount, long seed) {
        if (dataCount <= 0) {
            throw new IllegalArgumentException("queries need at least one inserted record to centre on, got "
                    + dataCount);
        }
        this.data = data;
        this.firstId = firstId;
        this.dataCount = dataCount;
        this.seed = seed;
    }

    public Rectangle rectangle(long q, List<Double> sigmas) {
        SplittableRandom random = Seeds.forItem(seed, q);
        long centreId = firstId + random.nextLong(dataCount);
        double sigma = sigmas.get(random.nextInt(sigmas.size()));
        GeoPoint centre = data.point(centreId);
        return new Rectangle(centreId, centre, sigma, window(centre, sigma));
    }

    public Circle circle(long q, List<Double> radii) {
        long centreId = firstId + Seeds.forItem(seed, q).nextLong(dataCount);
        return new Circle(centreId, data.point(centreId), radii.get((int) (q % radii.size())));
    }

    /**
     * The window of selectivity 10^-sigma around a centre. A window that would cross the edge of the globe is shifted
     * inside it rather than clipped, so that every query covers the same area (and still contains its centre).
     */
    public static GeoRect window(GeoPoint centre, double sigma) {
        if (!(sigma >= 0)) {
            throw new IllegalArgumentException("sigma must be >= 0, got " + sigma);
        }
        double width = GeoRect.GLOBE.width() * Math.pow(10, -sigma);
        double height = GeoRect.GLOBE.height() * Math.pow(10, -sigma);
        double minLon = clamp(centre.lon() - width / 2, GeoPoint.MIN_LON, GeoPoint.MAX_LON - width);
        double minLat = clamp(centre.lat() - height / 2, GeoPoint.MIN_LAT, GeoPoint.MAX_LAT - height);
        return new GeoRect(minLon, minLat, minLon + width, minLat + height);
    }

    private static double clamp(double value, double min, double max) {
        return Math.max(min, Math.min(max, value));
    }
}

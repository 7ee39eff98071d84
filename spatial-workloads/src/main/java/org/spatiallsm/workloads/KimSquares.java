package org.spatiallsm.workloads;

import java.util.SplittableRandom;

/**
 * The square areas of Kim's non-point data (dissertation Ch. 5), each centred on a point: "House" squares with a
 * Gaussian area, "Lake" squares with a Zipf area. Sizes follow Kim's generator: an area, its square root as the side
 * in metres, 10^-5 degrees per metre (about 1.1 m per 10^-5 degrees of latitude), half of it on each side of the
 * centre. A square reaching beyond the globe is clipped to it, so it keeps its centre (a shifted square would not).
 */
public enum KimSquares {

    /**
     * Area in square feet from a Gaussian (mean 2000, sd 1000), redrawn until it lies in [500, 4000]; an area below
     * 1000 becomes 4000 - area with probability 1/3. Kim's fork did that to every third such sample (a counter over
     * the whole run); a per-record coin keeps a record a function of (seed, id) and gives the same distribution.
     */
    HOUSE("house", "Kim's House data: Gaussian areas, mean 2,000 sq ft, sd 1,000, in [500, 4,000]") {
        @Override
        double sideMetres(SplittableRandom random) {
            double squareFeet;
            do {
                squareFeet = HOUSE_MEAN_SQFT + HOUSE_SD_SQFT * random.nextGaussian();
            } while (!(squareFeet >= HOUSE_MIN_SQFT && squareFeet <= HOUSE_MAX_SQFT));
            if (squareFeet < HOUSE_SMALL_SQFT && random.nextInt(3) == 0) {
                squareFeet = HOUSE_MAX_SQFT - squareFeet;
            }
            return Math.sqrt(squareFeet) * METRES_PER_FOOT;
        }
    },
    /** Area k x 0.001 km^2 with k ~ Zipf(n = 80,000,000, s = 4): 0.001 to 80,000 km^2. */
    LAKE("lake", "Kim's Lake data: Zipf areas, k x 0.001 km^2, k ~ Zipf(n = 8x10^7, s = 4), up to 80,000 km^2") {
        @Override
        double sideMetres(SplittableRandom random) {
            return Math.sqrt(LAKE_SIZES.sample(random) * LAKE_UNIT_SQUARE_METRES);
        }
    };

    static final double HOUSE_MEAN_SQFT = 2000;
    static final double HOUSE_SD_SQFT = 1000;
    static final double HOUSE_MIN_SQFT = 500;
    static final double HOUSE_MAX_SQFT = 4000;
    static final double HOUSE_SMALL_SQFT = 1000;
    static final double METRES_PER_FOOT = 0.3048;
    static final long LAKE_MAX_UNITS = 80_000_000;
    static final double LAKE_EXPONENT = 4;
    /** 0.001 km^2. */
    static final double LAKE_UNIT_SQUARE_METRES = 1000;
    /** Kim's conversion: 10^-5 degrees per metre, on both axes. */
    static final double DEGREES_PER_METRE = 1e-5;
    private static final ZipfSampler LAKE_SIZES = new ZipfSampler(LAKE_MAX_UNITS, LAKE_EXPONENT);

    private final String shapeName;
    private final String description;

    KimSquares(String shapeName, String description) {
        this.shapeName = shapeName;
        this.description = description;
    }

    public String shapeName() {
        return shapeName;
    }

    public String description() {
        return description;
    }

    /** The side of the next square in metres, from the record's own stream. */
    abstract double sideMetres(SplittableRandom random);

    /** The next square around {@code centre}, clipped to the globe. */
    public GeoRect around(GeoPoint centre, SplittableRandom random) {
        return square(centre, sideMetres(random) * DEGREES_PER_METRE / 2);
    }

    /** The square of half-side {@code halfSide} degrees around {@code centre}, clipped to the globe. */
    static GeoRect square(GeoPoint centre, double halfSide) {
        return new GeoRect(Math.max(GeoPoint.MIN_LON, centre.lon() - halfSide),
                Math.max(GeoPoint.MIN_LAT, centre.lat() - halfSide),
                Math.min(GeoPoint.MAX_LON, centre.lon() + halfSide),
                Math.min(GeoPoint.MAX_LAT, centre.lat() + halfSide));
    }
}

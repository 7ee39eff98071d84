package org.spatiallsm.workloads;

import java.util.SplittableRandom;

/** Longitude and latitude independently uniform over the whole globe: the "Random" data set of Mao's study. */
public final class UniformPoints implements PointDistribution {

    @Override
    public GeoPoint sample(SplittableRandom random) {
        return new GeoPoint(random.nextDouble(GeoPoint.MIN_LON, GeoPoint.MAX_LON),
                random.nextDouble(GeoPoint.MIN_LAT, GeoPoint.MAX_LAT));
    }
}

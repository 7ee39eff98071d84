package org.spatiallsm.workloads;

import java.util.SplittableRandom;

/** Draws points from a spatial distribution; all randomness comes from the stream it is given. */
public interface PointDistribution {

    GeoPoint sample(SplittableRandom random);
}

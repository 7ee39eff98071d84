package org.spatiallsm.workloads;

import java.util.SplittableRandom;

/**
 * The eFIND paper's synthetic data: cluster centres uniform over the extent, points Gaussian around a centre chosen
 * uniformly. The paper leaves the spread open; it is a fraction of the extent's side in each dimension.
 */
public final class GaussianClusters implements PointDistribution {

    /** Samples outside the globe are redrawn this often before being clamped, so the loop always ends. */
    private static final int MAX_REDRAWS = 64;

    private final GeoPoint[] centres;
    private final double lonSigma;
    private final double latSigma;

    public GaussianClusters(long seed, int clusters, double sigmaFraction) {
        SplittableRandom setup = Seeds.forSetup(seed, "gaussian-centres");
        UniformPoints uniform = new UniformPoints();
        this.centres = new GeoPoint[clusters];
        for (int i = 0; i < clusters; i++) {
            centres[i] = uniform.sample(setup);
        }
        this.lonSigma = sigmaFraction * GeoRect.GLOBE.width();
        this.latSigma = sigmaFraction * GeoRect.GLOBE.height();
    }

    GeoPoint centre(int cluster) {
        return centres[cluster];
    }

    @Override
    public GeoPoint sample(SplittableRandom random) {
        GeoPoint centre = centres[random.nextInt(centres.length)];
        for (int attempt = 0; attempt < MAX_REDRAWS; attempt++) {
            GeoPoint p = new GeoPoint(centre.lon() + random.nextGaussian() * lonSigma,
                    centre.lat() + random.nextGaussian() * latSigma);
            if (p.lon() >= GeoPoint.MIN_LON && p.lon() < GeoPoint.MAX_LON && GeoRect.GLOBE.contains(p)) {
                return p;
            }
        }
        return GeoPoint.normalized(centre.lon(), centre.lat());
    }
}

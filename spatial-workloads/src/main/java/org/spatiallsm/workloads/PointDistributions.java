package org.spatiallsm.workloads;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The catalogue of point distributions by name, with their parameters and defaults. */
public final class PointDistributions {

    /** One distribution: its name, what it is, and its parameters as "name=default: meaning". */
    public record Descriptor(String name, String description, List<String> parameters) {
    }

    public static final List<Descriptor> ALL = List.of(
            new Descriptor("uniform", "longitude and latitude uniform over the globe (Mao's Random data)", List.of()),
            new Descriptor("osm-like", "clustered around real cities weighted by population (stand-in for OSM)",
                    List.of("gamma=0.8: city weight is max(population, 1000)^gamma",
                            "spread=2: Gaussian spread in km around a city of 10,000 people, grows with sqrt(size)",
                            "min-spread=0.5: smallest spread in km",
                            "max-spread=50: largest spread in km",
                            "background=0.02: fraction of points uniform over the globe")),
            new Descriptor("gaussian", "Gaussian clusters with uniform centres (eFIND's synthetic data)",
                    List.of("clusters=125: number of clusters",
                            "sigma=0.01: standard deviation as a fraction of the globe's width and height")),
            new Descriptor("geospark", "grid cells get points in proportion to the real cities in them "
                    + "(GeoSpark study's RealDist, Normal, Exponential)",
                    List.of("grid=30: cells per side of the grid over the cities' extent",
                            "cell=uniform: placement inside a cell: uniform, normal or exponential")));

    private PointDistributions() {
    }

    /**
     * @throws IllegalArgumentException for an unknown name, parameter or value, with a one-line message
     */
    public static PointDistribution create(String name, Map<String, String> parameters, long seed) {
        Parameters p = new Parameters("distribution " + name, parameters);
        PointDistribution distribution = switch (name) {
            case "uniform" -> new UniformPoints();
            case "osm-like" -> new OsmLikePoints(CityCatalog.packaged(), p.number("gamma", 0.8, 0, 4),
                    p.number("spread", 2, 0, 1000), p.number("min-spread", 0.5, 0, 1000),
                    p.number("max-spread", 50, 0, 1000), p.number("background", 0.02, 0, 1));
            case "gaussian" -> new GaussianClusters(seed, p.integer("clusters", 125, 1, 10_000_000),
                    p.number("sigma", 0.01, 0, 1));
            case "geospark" -> new GridProportionalPoints(CityCatalog.packaged(), p.integer("grid", 30, 1, 3600),
                    GridProportionalPoints.CellShape.valueOf(
                            p.choice("cell", "uniform", "uniform", "normal", "exponential").toUpperCase(Locale.ROOT)));
            default -> throw new IllegalArgumentException("unknown distribution '" + name + "' (known: "
                    + String.join(", ", names()) + ")");
        };
        p.rejectUnknown();
        return distribution;
    }

    public static List<String> names() {
        return ALL.stream().map(Descriptor::name).toList();
    }
}

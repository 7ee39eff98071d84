package org.spatiallsm.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PointDistributionsTest {

    private static List<GeoPoint> sample(PointDistribution distribution, long seed, int n) {
        List<GeoPoint> points = new ArrayList<>();
        for (int id = 0; id < n; id++) {
            points.add(distribution.sample(Seeds.forItem(seed, id)));
        }
        return points;
    }

    private static List<GeoPoint> sample(String name, Map<String, String> parameters, long seed, int n) {
        return sample(PointDistributions.create(name, parameters, seed), seed, n);
    }

    private static double fractionIn(List<GeoPoint> points, GeoRect box) {
        return points.stream().filter(box::contains).count() / (double) points.size();
    }

    @ParameterizedTest
    @ValueSource(strings = { "uniform", "osm-like", "gaussian", "geospark" })
    void sameSeedSamePointsOtherSeedOtherPoints(String name) {
        assertThat(sample(name, Map.of(), 7, 2000)).isEqualTo(sample(name, Map.of(), 7, 2000));
        assertThat(sample(name, Map.of(), 7, 2000)).isNotEqualTo(sample(name, Map.of(), 8, 2000));
    }

    @ParameterizedTest
    @ValueSource(strings = { "uniform", "osm-like", "gaussian", "geospark" })
    void everyPointLiesOnTheGlobe(String name) {
        assertThat(sample(name, Map.of(), 3, 20_000)).allSatisfy(p -> {
            assertThat(p.lon()).isBetween(-180.0, 180.0);
            assertThat(p.lat()).isBetween(-90.0, 90.0);
        });
    }

    @Test
    void uniformCoversTheGlobeEvenly() {
        List<GeoPoint> points = sample("uniform", Map.of(), 1, 100_000);
        assertThat(points.stream().mapToDouble(GeoPoint::lon).average().orElseThrow()).isCloseTo(0, offset(2.0));
        assertThat(points.stream().mapToDouble(GeoPoint::lat).average().orElseThrow()).isCloseTo(0, offset(1.0));
        // Europe's box is 40 x 25 degrees: 1.54 % of the lon/lat plane.
        assertThat(fractionIn(points, CityCatalogTest.EUROPE)).isCloseTo(1000.0 / 64800, offset(0.002));
    }

    @Test
    void osmLikeClustersWhereTheCitiesAre() {
        List<GeoPoint> points = sample("osm-like", Map.of(), 1, 50_000);
        // Uniform data puts 1.5 % there; OSM (and the cities) are heavily European.
        assertThat(fractionIn(points, CityCatalogTest.EUROPE)).isGreaterThan(0.15);
        // ... and the open oceans stay nearly empty: the middle of the South Pacific.
        assertThat(fractionIn(points, new GeoRect(-140, -50, -100, -20))).isLessThan(0.002);
    }

    @Test
    void osmLikeWithOnlyBackgroundIsUniform() {
        List<GeoPoint> points = sample("osm-like", Map.of("background", "1"), 1, 50_000);
        assertThat(fractionIn(points, CityCatalogTest.EUROPE)).isCloseTo(1000.0 / 64800, offset(0.003));
    }

    @Test
    void osmLikeSpreadGrowsWithCitySizeWithinItsBounds() {
        assertThat(OsmLikePoints.spread(10_000, 2, 0.5, 50)).isEqualTo(2.0);
        assertThat(OsmLikePoints.spread(1_000_000, 2, 0.5, 50)).isEqualTo(20.0);
        assertThat(OsmLikePoints.spread(100_000_000, 2, 0.5, 50)).isEqualTo(50.0);
        assertThat(OsmLikePoints.spread(0, 0.1, 0.5, 50)).isEqualTo(0.5);
    }

    @Test
    void gaussianClustersSpreadByTheirSigma() {
        // A centre at least 5 sigma from the globe's edges, where redrawing would truncate the spread.
        long seed = 0;
        GaussianClusters one;
        do {
            one = new GaussianClusters(++seed, 1, 0.01);
        } while (!new GeoRect(-162, -81, 162, 81).contains(one.centre(0)));
        List<GeoPoint> points = sample(one, seed, 50_000);
        GeoPoint centre = one.centre(0);
        double lonSd = Math.sqrt(points.stream().mapToDouble(p -> Math.pow(p.lon() - centre.lon(), 2)).average()
                .orElseThrow());
        double latSd = Math.sqrt(points.stream().mapToDouble(p -> Math.pow(p.lat() - centre.lat(), 2)).average()
                .orElseThrow());
        assertThat(lonSd).isCloseTo(3.6, offset(0.1));
        assertThat(latSd).isCloseTo(1.8, offset(0.05));
    }

    @Test
    void geosparkGivesEachCellItsShareOfTheRealPoints() {
        CityCatalog cities = CityCatalog.packaged();
        GridProportionalPoints grid = new GridProportionalPoints(cities, 30, GridProportionalPoints.CellShape.UNIFORM);
        int[] real = new int[900];
        for (int i = 0; i < cities.size(); i++) {
            real[grid.cellOf(cities.location(i))]++;
        }
        int n = 200_000;
        int[] generated = new int[900];
        for (GeoPoint p : sample(grid, 11, n)) {
            generated[grid.cellOf(p)]++;
        }
        for (int cell = 0; cell < 900; cell++) {
            double expected = (double) real[cell] / cities.size() * n;
            if (expected == 0) {
                assertThat(generated[cell]).as("cell %d has no city", cell).isZero();
            } else if (expected > 1000) {
                assertThat((double) generated[cell]).as("cell %d", cell).isCloseTo(expected, offset(
                        5 * Math.sqrt(expected)));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "NORMAL", "EXPONENTIAL" })
    void geosparkShapedCellsKeepTheirPointsInside(String shape) {
        GridProportionalPoints uniform = new GridProportionalPoints(CityCatalog.packaged(), 30,
                GridProportionalPoints.CellShape.UNIFORM);
        GridProportionalPoints shaped = new GridProportionalPoints(CityCatalog.packaged(), 30,
                GridProportionalPoints.CellShape.valueOf(shape));
        // The cell is chosen from the same draw in both, so each shaped point must stay in the uniform one's cell.
        for (int id = 0; id < 20_000; id++) {
            GeoPoint u = uniform.sample(Seeds.forItem(2, id));
            GeoPoint s = shaped.sample(Seeds.forItem(2, id));
            assertThat(shaped.cellBounds(uniform.cellOf(u)).contains(s)).isTrue();
        }
    }

    @Test
    void badNamesParametersAndValuesAreOneLineErrors() {
        assertThatThrownBy(() -> PointDistributions.create("zipf", Map.of(), 1))
                .hasMessage("unknown distribution 'zipf' (known: uniform, osm-like, gaussian, geospark)");
        assertThatThrownBy(() -> PointDistributions.create("gaussian", Map.of("sigmaa", "1"), 1))
                .hasMessage("distribution gaussian has no parameter 'sigmaa' (known: clusters, sigma)");
        assertThatThrownBy(() -> PointDistributions.create("uniform", Map.of("x", "1"), 1))
                .hasMessage("distribution uniform has no parameter 'x' (it takes none)");
        assertThatThrownBy(() -> PointDistributions.create("gaussian", Map.of("clusters", "0"), 1))
                .hasMessage("distribution gaussian: clusters must be in [1, 10000000], got 0");
        assertThatThrownBy(() -> PointDistributions.create("osm-like", Map.of("gamma", "high"), 1))
                .hasMessage("distribution osm-like: gamma must be a number, got 'high'");
        assertThatThrownBy(() -> PointDistributions.create("geospark", Map.of("cell", "zipf"), 1))
                .hasMessage("distribution geospark: cell must be one of uniform, normal, exponential, got 'zipf'");
        assertThatThrownBy(() -> PointDistributions.create("osm-like", Map.of("min-spread", "9", "max-spread", "1"),
                1)).hasMessage("osm-like: min-spread 9.0 exceeds max-spread 1.0");
    }
}

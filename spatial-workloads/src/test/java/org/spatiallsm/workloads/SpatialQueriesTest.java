package org.spatiallsm.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SpatialQueriesTest {

    private static final int DATA = 200_000;

    private static RecordGenerator data(String distribution) {
        return new RecordGenerator(PointDistributions.create(distribution, Map.of(), 1), RecordShapes.named("point"),
                1);
    }

    private static GeoPoint[] points(RecordGenerator data) {
        GeoPoint[] points = new GeoPoint[DATA];
        for (int id = 0; id < DATA; id++) {
            points[id] = data.point(id);
        }
        return points;
    }

    @Test
    void windowIs360By180TimesTenToMinusSigma() {
        GeoRect w = SpatialQueries.window(new GeoPoint(10, 20), 3);
        assertThat(w.width()).isCloseTo(0.36, offset(1e-12));
        assertThat(w.height()).isCloseTo(0.18, offset(1e-12));
        assertThat((w.minLon() + w.maxLon()) / 2).isCloseTo(10, offset(1e-12));
        assertThat((w.minLat() + w.maxLat()) / 2).isCloseTo(20, offset(1e-12));
    }

    @Test
    void windowsAtTheEdgeOfTheGlobeAreShiftedInsideKeepingTheirSizeAndCentre() {
        GeoPoint corner = new GeoPoint(179.99, -89.99);
        GeoRect w = SpatialQueries.window(corner, 1);
        assertThat(w.maxLon()).isEqualTo(180);
        assertThat(w.minLat()).isEqualTo(-90);
        assertThat(w.width()).isCloseTo(36, offset(1e-9));
        assertThat(w.height()).isCloseTo(18, offset(1e-9));
        assertThat(w.contains(corner)).isTrue();
    }

    /**
     * On uniform data a window of selectivity 10^-sigma holds a fraction 10^-sigma of the points in each dimension,
     * 10^-2sigma of them in all.
     */
    @ParameterizedTest
    @ValueSource(doubles = { 0.5, 1, 1.5 })
    void measuredSelectivityOnUniformDataIsTenToMinusSigma(double sigma) {
        RecordGenerator data = data("uniform");
        GeoPoint[] points = points(data);
        SpatialQueries queries = new SpatialQueries(data, 0, DATA, 99);
        int n = 200;
        double inWindow = 0;
        double inLonRange = 0;
        for (int q = 0; q < n; q++) {
            GeoRect w = queries.rectangle(q, List.of(sigma)).window();
            for (GeoPoint p : points) {
                inWindow += w.contains(p) ? 1 : 0;
                inLonRange += p.lon() >= w.minLon() && p.lon() <= w.maxLon() ? 1 : 0;
            }
        }
        double areaSelectivity = inWindow / n / DATA;
        double lonSelectivity = inLonRange / n / DATA;
        assertThat(areaSelectivity / Math.pow(10, -2 * sigma)).isCloseTo(1, offset(0.05));
        assertThat(lonSelectivity / Math.pow(10, -sigma)).isCloseTo(1, offset(0.05));
    }

    @Test
    void everyQueryContainsTheInsertedPointItIsCentredOn() {
        RecordGenerator data = data("osm-like");
        SpatialQueries queries = new SpatialQueries(data, 1_000, 5_000, 3);
        for (int q = 0; q < 2000; q++) {
            SpatialQueries.Rectangle r = queries.rectangle(q, List.of(3.0, 4.0, 5.0));
            assertThat(r.centreId()).isBetween(1_000L, 5_999L);
            assertThat(r.centre()).isEqualTo(data.point(r.centreId()));
            assertThat(r.window().contains(r.centre())).isTrue();
        }
    }

    @Test
    void sigmasAreDrawnFromTheListAndRadiiCycle() {
        SpatialQueries queries = new SpatialQueries(data("uniform"), 0, 100, 3);
        List<Double> sigmas = List.of(3.0, 4.0, 5.0);
        assertThat(java.util.stream.LongStream.range(0, 300).mapToObj(q -> queries.rectangle(q, sigmas).sigma())
                .distinct()).containsExactlyInAnyOrder(3.0, 4.0, 5.0);
        List<Double> radii = List.of(0.00001, 0.0001, 0.001);
        assertThat(java.util.stream.LongStream.range(0, 6).mapToObj(q -> queries.circle(q, radii).radius()))
                .containsExactly(0.00001, 0.0001, 0.001, 0.00001, 0.0001, 0.001);
    }

    @Test
    void queriesAreDeterministicForASeed() {
        SpatialQueries a = new SpatialQueries(data("gaussian"), 0, 1000, 5);
        SpatialQueries b = new SpatialQueries(data("gaussian"), 0, 1000, 5);
        SpatialQueries c = new SpatialQueries(data("gaussian"), 0, 1000, 6);
        assertThat(a.rectangle(17, List.of(3.0))).isEqualTo(b.rectangle(17, List.of(3.0)));
        assertThat(a.rectangle(17, List.of(3.0))).isNotEqualTo(c.rectangle(17, List.of(3.0)));
    }

    @Test
    void sqlppFormCountsIntersectingRecords() {
        SpatialQueries.Rectangle r = new SpatialQueries.Rectangle(1, new GeoPoint(0, 0), 1,
                new GeoRect(-18, -9, 18, 9));
        assertThat(QueryFormat.SQLPP.rectangle(0, r, "Geo.Points", "loc")).isEqualTo("SELECT VALUE COUNT(*) FROM "
                + "Geo.Points AS t WHERE spatial_intersect(t.`loc`, create_rectangle(create_point(-18.0, -9.0), "
                + "create_point(18.0, 9.0)));");
        SpatialQueries.Circle c = new SpatialQueries.Circle(1, new GeoPoint(1.5, 2), 0.001);
        assertThat(QueryFormat.SQLPP.circle(0, c, "Tweets", "sender-location")).isEqualTo("SELECT VALUE COUNT(*) "
                + "FROM Tweets AS t WHERE spatial_intersect(t.`sender-location`, create_circle(create_point(1.5, "
                + "2.0), 0.001));");
        assertThat(QueryFormat.ADM.rectangle(7, r, "", "")).isEqualTo("{\"qid\": 7, \"centre-id\": 1, "
                + "\"centre\": point(\"0.0,0.0\"), \"sigma\": 1.0, \"window\": rectangle(\"-18.0,-9.0 18.0,9.0\")}");
    }

    @Test
    void queriesNeedInsertedData() {
        assertThatThrownBy(() -> new SpatialQueries(data("uniform"), 0, 0, 1))
                .hasMessageContaining("at least one inserted record");
    }
}

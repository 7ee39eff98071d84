package org.spatiallsm.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class KimSquaresTest {

    private static final int SAMPLES = 200_000;
    private static final GeoPoint ROME = new GeoPoint(12.4964, 41.9028);

    /** The area a square stands for, back from its side in degrees (Kim's 10^-5 degrees per metre). */
    private static double squareMetres(GeoRect square) {
        double side = square.width() / KimSquares.DEGREES_PER_METRE;
        return side * side;
    }

    @Test
    void housesHaveKimsTruncatedGaussianAreasWithAThirdOfTheSmallOnesReflected() {
        SplittableRandom random = new SplittableRandom(11);
        double squareFeetPerSquareMetre = 1 / (KimSquares.METRES_PER_FOOT * KimSquares.METRES_PER_FOOT);
        long small = 0;
        long reflected = 0;
        for (int i = 0; i < SAMPLES; i++) {
            double squareFeet = squareMetres(KimSquares.HOUSE.around(ROME, random)) * squareFeetPerSquareMetre;
            assertThat(squareFeet).isBetween(500 - 1e-6, 4000 + 1e-6);
            small += squareFeet < 1000 ? 1 : 0;
            reflected += squareFeet > 3000 && squareFeet <= 3500 ? 1 : 0;
        }
        // N(2000, 1000) kept on [500, 4000]: P(< 1000) = (Phi(-1) - Phi(-1.5)) / (Phi(2) - Phi(-1.5))
        // = (0.158655 - 0.066807) / (0.977250 - 0.066807) = 0.100884; two thirds of those stay small.
        double truncatedSmall = 0.100884;
        assertThat(small / (double) SAMPLES).isCloseTo(truncatedSmall * 2 / 3, within(0.004));
        // (3000, 3500]: the Gaussian's own mass there, (Phi(1.5) - Phi(1)) / 0.910443 = 0.100884, plus the third
        // reflected from [500, 1000)
        assertThat(reflected / (double) SAMPLES).isCloseTo(0.100884 + truncatedSmall / 3, within(0.004));
    }

    @Test
    void lakesAreMostlyTheSmallestUnitWithARareHugeTail() {
        SplittableRandom random = new SplittableRandom(5);
        long smallest = 0;
        double largest = 0;
        for (int i = 0; i < SAMPLES; i++) {
            double units = squareMetres(KimSquares.LAKE.around(ROME, random)) / KimSquares.LAKE_UNIT_SQUARE_METRES;
            assertThat(units).isBetween(1 - 1e-6, KimSquares.LAKE_MAX_UNITS + 1e-6);
            assertThat(Math.abs(units - Math.rint(units))).isLessThan(1e-4); // a whole number of 0.001 km^2
            smallest += Math.rint(units) == 1 ? 1 : 0;
            largest = Math.max(largest, units);
        }
        assertThat(smallest / (double) SAMPLES).isCloseTo(0.92394, within(0.004)); // 1 / zeta(4)
        assertThat(largest).isGreaterThan(10); // P(k > 10) is about 3e-4: some of 200,000 get there
    }

    @Test
    void squaresAreCentredOnTheirPointAndClippedToTheGlobe() {
        GeoRect inside = KimSquares.square(ROME, 0.5);
        assertThat(inside).isEqualTo(new GeoRect(ROME.lon() - 0.5, ROME.lat() - 0.5, ROME.lon() + 0.5,
                ROME.lat() + 0.5));
        GeoRect corner = KimSquares.square(new GeoPoint(179.9, -89.8), 0.5);
        assertThat(corner).isEqualTo(new GeoRect(179.4, -90, 180, -89.3));
        assertThat(corner.contains(new GeoPoint(179.9, -89.8))).isTrue();
    }

    @Test
    void houseAndLakeRecordsAreTweetsWithASquareAreaAndDeterministicBySeed() {
        for (String shape : new String[] { "house", "lake" }) {
            RecordShape tweet = RecordShapes.named(shape);
            assertThat(tweet.pointField()).isEqualTo("area");
            assertThat(tweet.typeDefinition()).contains("`area`: rectangle").doesNotContain("sender-location");
            RecordGenerator g = new RecordGenerator(PointDistributions.create("osm-like", Map.of(), 3), tweet, 3);
            RecordGenerator again = new RecordGenerator(PointDistributions.create("osm-like", Map.of(), 3), tweet, 3);
            for (long id = 0; id < 200; id++) {
                Value.Obj record = g.record(id);
                assertThat(record).isEqualTo(again.record(id));
                assertThat(RecordFormat.ADM.format(record)).hasSize(TweetRecordShape.TARGET_ADM_LENGTH)
                        .contains("\"area\": rectangle(\"");
                GeoRect area = ((Value.Rectangle) record.get("area")).value();
                assertThat(area.contains(g.point(id))).isTrue();
                assertThat(GeoRect.GLOBE.contains(new GeoPoint(area.minLon(), area.minLat()))).isTrue();
                assertThat(GeoRect.GLOBE.contains(new GeoPoint(area.maxLon(), area.maxLat()))).isTrue();
            }
        }
    }
}

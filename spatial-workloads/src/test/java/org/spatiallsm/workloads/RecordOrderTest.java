package org.spatiallsm.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

class RecordOrderTest {

    /** Six points: two share the longitude -170, so latitude decides between them. */
    private static final List<GeoPoint> SIX = List.of(new GeoPoint(10, 0), new GeoPoint(-170, 0),
            new GeoPoint(100, 50), new GeoPoint(-50, -10), new GeoPoint(0, 80), new GeoPoint(-170, -5));

    /**
     * One point in each quadrant of the globe, and id 4 on id 2's point. The order-1 Hilbert curve visits
     * lower-left, upper-left, upper-right, lower-right.
     */
    private static final List<GeoPoint> QUADRANTS = List.of(new GeoPoint(100, -45), new GeoPoint(-100, 45),
            new GeoPoint(-100, -45), new GeoPoint(100, 45), new GeoPoint(-100, -45));

    private static long[] ids(String name, List<GeoPoint> points, int cycles, long regionSize) {
        RecordOrder order = RecordOrder.create(name, id -> points.get((int) id), points.size(), cycles, regionSize);
        return LongStream.range(0, points.size()).map(order::id).toArray();
    }

    @Test
    void randomIsIdOrder() {
        assertThat(ids("random", SIX, 1, 1)).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(RecordOrder.random().id(1_000_000_000_000L)).isEqualTo(1_000_000_000_000L);
    }

    @Test
    void sortedXSortsByLongitudeThenLatitude() {
        assertThat(ids("sorted-x", SIX, 1, 1)).containsExactly(5, 1, 3, 4, 0, 2);
    }

    @Test
    void hilbertSortsByTheCurveAndBreaksTiesById() {
        assertThat(ids("hilbert", QUADRANTS, 1, 1)).containsExactly(2, 4, 1, 3, 0);
    }

    @Test
    void cyclesSortConsecutiveRunsOfIdsOnTheirOwn() {
        // Ids 0..2 and 3..5, each sorted by longitude.
        assertThat(ids("sorted-x", SIX, 2, 1)).containsExactly(1, 0, 2, 5, 3, 4);
        // Five ids in two cycles: 0..1 (floor(5 / 2) = 2) and 2..4.
        assertThat(ids("hilbert", QUADRANTS, 2, 1)).containsExactly(1, 0, 2, 4, 3);
    }

    @Test
    void regionsKeepTheSortedRunsButPutEachRegionBackInIdOrder() {
        // Sorted 5 1 | 3 4 | 0 2, each region in id order.
        assertThat(ids("sorted-x", SIX, 1, 2)).containsExactly(1, 5, 3, 4, 0, 2);
        // A last region may hold fewer: 5 1 3 4 | 0 2.
        assertThat(ids("sorted-x", SIX, 1, 4)).containsExactly(1, 3, 4, 5, 0, 2);
    }

    @Test
    void badValuesAreOneLineErrors() {
        assertThatThrownBy(() -> ids("by-time", SIX, 1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown record order 'by-time' (known: random, hilbert, sorted-x)");
        assertThatThrownBy(() -> ids("hilbert", SIX, 0, 1)).hasMessageContaining("at least 1, got 0 and 1");
        assertThatThrownBy(() -> ids("random", SIX, 2, 1))
                .hasMessage("cycles and regions apply to a spatial record order (hilbert, sorted-x), not to random");
    }
}

package org.spatiallsm.curves;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

class HilbertRangesTest {

    private final SplittableRandom random = new SplittableRandom(14);

    @Test
    void theCoverOfRandomRectanglesIsExactlyTheirCellsMerged() {
        for (int order = 1; order <= 5; order++) {
            for (int i = 0; i < 200; i++) {
                GridRect rect = randomRect(order);
                List<HilbertInterval> cover = HilbertRanges.cover(order, rect);
                assertThat(valuesOf(cover)).as("order %d %s", order, rect).isEqualTo(bruteForceValues(order, rect));
                assertSortedAndMerged(cover);
            }
        }
    }

    @Test
    void knownCovers() {
        // Order 2: the lower-left 2x2 block is the first quadrant (0..3); the row y = 0 reads 0, 1, 14, 15.
        assertThat(HilbertRanges.cover(2, new GridRect(0, 0, 1, 1))).containsExactly(new HilbertInterval(0, 3));
        assertThat(HilbertRanges.cover(2, new GridRect(0, 0, 3, 0)))
                .containsExactly(new HilbertInterval(0, 1), new HilbertInterval(14, 15));
        assertThat(HilbertRanges.cover(2, new GridRect(0, 0, 3, 3))).containsExactly(new HilbertInterval(0, 15));
        assertThat(HilbertRanges.cover(31, new GridRect(0, 0, (1L << 31) - 1, (1L << 31) - 1)))
                .containsExactly(new HilbertInterval(0, HilbertCurve.maxValue(31)));
        assertThat(HilbertRanges.cover(31, new GridRect(5, 7, 5, 7)))
                .containsExactly(new HilbertInterval(HilbertCurve.index(31, 5, 7), HilbertCurve.index(31, 5, 7)));
    }

    @Test
    void aCappedCoverKeepsEveryCellAndAtMostTheCap() {
        for (int order = 2; order <= 6; order++) {
            for (int i = 0; i < 200; i++) {
                GridRect rect = randomRect(order);
                List<HilbertInterval> exact = HilbertRanges.cover(order, rect);
                int cap = 1 + random.nextInt(6);
                List<HilbertInterval> capped = HilbertRanges.cover(order, rect, cap);
                assertSortedAndMerged(capped);
                assertThat(capped.size()).isLessThanOrEqualTo(cap);
                assertThat(valuesOf(capped)).containsAll(bruteForceValues(order, rect));
                if (exact.size() <= cap) {
                    assertThat(capped).isEqualTo(exact);
                }
            }
        }
    }

    @Test
    void aCapBoundsTheWorkAtOrder31() {
        GridRect rect = new GridRect(123_456_789, 987_654, 1_987_654_321, 1_000_000_001);
        List<HilbertInterval> capped = HilbertRanges.cover(31, rect, 64);
        assertThat(capped).hasSizeLessThanOrEqualTo(64);
        assertSortedAndMerged(capped);
        for (int i = 0; i < 10_000; i++) {
            long x = rect.x1() + random.nextLong(rect.x2() - rect.x1() + 1);
            long y = rect.y1() + random.nextLong(rect.y2() - rect.y1() + 1);
            long value = HilbertCurve.index(31, x, y);
            assertThat(capped).anyMatch(interval -> interval.contains(value));
        }
    }

    @Test
    void nextMatchIsTheSmallestValueInTheRectangleAtOrAfterTheStart() {
        for (int order = 1; order <= 5; order++) {
            for (int i = 0; i < 300; i++) {
                GridRect rect = randomRect(order);
                TreeSet<Long> values = bruteForceValues(order, rect);
                long from = random.nextLong(-2, HilbertCurve.maxValue(order) + 3);
                Long expected = values.ceiling(Math.max(0, from));
                assertThat(HilbertRanges.nextMatch(order, rect, from)).as("order %d %s from %d", order, rect, from)
                        .isEqualTo(expected == null ? HilbertRanges.NO_MATCH : expected);
            }
        }
    }

    @Test
    void theSpanIsTheFirstAndLastValueOfTheCells() {
        for (int order = 1; order <= 5; order++) {
            for (int i = 0; i < 300; i++) {
                GridRect rect = randomRect(order);
                TreeSet<Long> values = bruteForceValues(order, rect);
                assertThat(HilbertRanges.span(order, rect)).as("order %d %s", order, rect)
                        .isEqualTo(new HilbertInterval(values.first(), values.last()));
            }
        }
    }

    @Test
    void refusesRectanglesOutsideTheGridAndBadCaps() {
        assertThatThrownBy(() -> new GridRect(3, 0, 2, 0)).hasMessageContaining("x1 3 > x2 2");
        assertThatThrownBy(() -> HilbertRanges.cover(2, new GridRect(0, 0, 4, 1)))
                .hasMessage("x2 = 4 is outside [0, 3] for order 2");
        assertThatThrownBy(() -> HilbertRanges.cover(2, new GridRect(0, 0, 1, 1), 0))
                .hasMessage("the interval cap must be at least 1, was 0");
    }

    private GridRect randomRect(int order) {
        long size = 1L << order;
        long xa = random.nextLong(size);
        long xb = random.nextLong(size);
        long ya = random.nextLong(size);
        long yb = random.nextLong(size);
        return new GridRect(Math.min(xa, xb), Math.min(ya, yb), Math.max(xa, xb), Math.max(ya, yb));
    }

    private static TreeSet<Long> bruteForceValues(int order, GridRect rect) {
        TreeSet<Long> values = new TreeSet<>();
        for (long x = rect.x1(); x <= rect.x2(); x++) {
            for (long y = rect.y1(); y <= rect.y2(); y++) {
                values.add(CurveReference.xy2d(order, x, y));
            }
        }
        return values;
    }

    private static TreeSet<Long> valuesOf(List<HilbertInterval> intervals) {
        TreeSet<Long> values = new TreeSet<>();
        intervals.forEach(interval -> {
            for (long value = interval.low(); value <= interval.high(); value++) {
                values.add(value);
            }
        });
        return values;
    }

    private static void assertSortedAndMerged(List<HilbertInterval> intervals) {
        for (int i = 1; i < intervals.size(); i++) {
            assertThat(intervals.get(i).low()).isGreaterThan(intervals.get(i - 1).high() + 1);
        }
    }
}

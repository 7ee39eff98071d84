package org.spatiallsm.curves;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class RelativeHilbertOrderTest {

    private static final RelativeHilbertOrder ORDER = RelativeHilbertOrder.GEOGRAPHIC_SQUARE;
    private final SplittableRandom random = new SplittableRandom(3);

    @Test
    void agreesWithHighOrderHilbertValuesOfRandomPoints() {
        int order = 24;
        double cellsPerDegree = (1 << order) / 360.0;
        for (int i = 0; i < 20_000; i++) {
            double ax = random.nextDouble(-180, 180);
            double ay = random.nextDouble(-180, 180);
            double bx = random.nextDouble(-180, 180);
            double by = random.nextDouble(-180, 180);
            long a = CurveReference.xy2d(order, (long) ((ax + 180) * cellsPerDegree),
                    (long) ((ay + 180) * cellsPerDegree));
            long b = CurveReference.xy2d(order, (long) ((bx + 180) * cellsPerDegree),
                    (long) ((by + 180) * cellsPerDegree));
            if (a != b) {
                assertThat(Integer.signum(ORDER.compare(ax, ay, bx, by))).as("(%s, %s) vs (%s, %s)", ax, ay, bx, by)
                        .isEqualTo(Long.signum(a - b));
            }
        }
    }

    @Test
    void theCellOfTheWalkIsAKeyPrefixOfTheOrderIncludingBoundaries() {
        List<double[]> points = pointsWithBoundariesAndDuplicates();
        for (double[] a : points) {
            long cellA = value(6, a);
            for (double[] b : points) {
                long cellB = value(6, b);
                if (cellA != cellB) {
                    assertThat(Integer.signum(ORDER.compare(a[0], a[1], b[0], b[1])))
                            .isEqualTo(Long.signum(cellA - cellB));
                }
            }
        }
    }

    @Test
    void cellsOnTheCentreLinesBelongToTheUpperHalf() {
        assertThat(ORDER.cell(1, 0, 0)).isEqualTo(new GridCell(1, 1));
        assertThat(ORDER.cell(1, -0.0, -1e-300)).isEqualTo(new GridCell(1, 0));
        assertThat(ORDER.cell(2, -90, 90)).isEqualTo(new GridCell(1, 3));
        assertThat(ORDER.cell(3, 180, 180)).isEqualTo(new GridCell(7, 7));
        assertThat(ORDER.cell(3, -180, -180)).isEqualTo(new GridCell(0, 0));
        assertThat(ORDER.cell(3, -500, 1e9)).as("clamped onto the edge").isEqualTo(new GridCell(0, 7));
    }

    @Test
    void isATotalOrderIncludingBoundariesAndEqualPoints() {
        List<double[]> points = pointsWithBoundariesAndDuplicates();
        Comparator<double[]> comparator = (a, b) -> ORDER.compare(a[0], a[1], b[0], b[1]);
        for (double[] a : points) {
            for (double[] b : points) {
                int ab = comparator.compare(a, b);
                assertThat(Integer.signum(ab)).isEqualTo(-Integer.signum(comparator.compare(b, a)));
                assertThat(ab == 0).isEqualTo(Double.compare(a[0], b[0]) == 0 && Double.compare(a[1], b[1]) == 0);
            }
        }
        List<double[]> sorted = new ArrayList<>(points);
        sorted.sort(comparator);
        // Transitivity: after sorting, every earlier point compares at most equal to every later one.
        for (int i = 0; i < sorted.size(); i++) {
            for (int j = i + 1; j < sorted.size(); j++) {
                assertThat(comparator.compare(sorted.get(i), sorted.get(j))).isLessThanOrEqualTo(0);
            }
        }
    }

    @Test
    void pointsCloserThanTheLastLevelAreOrderedByCoordinates() {
        double x = 1e-30;
        assertThat(ORDER.compare(x, 0, Math.nextUp(x), 0)).isNegative();
        assertThat(ORDER.compare(Math.nextUp(x), 0, x, 0)).isPositive();
        assertThat(ORDER.compare(0, x, 0, Math.nextUp(x))).isNegative();
    }

    @Test
    void refusesAnEmptyDomain() {
        assertThatThrownBy(() -> new RelativeHilbertOrder(0, 0, 0, 1)).hasMessageContaining("min < max");
        assertThatThrownBy(() -> new RelativeHilbertOrder(0, 0, Double.NaN, 1)).hasMessageContaining("min < max");
    }

    private static long value(int order, double[] point) {
        GridCell cell = ORDER.cell(order, point[0], point[1]);
        return HilbertCurve.index(order, cell.x(), cell.y());
    }

    /** Random points, points on the centre lines of levels 1..6, the domain's corners, and duplicates. */
    private List<double[]> pointsWithBoundariesAndDuplicates() {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            points.add(new double[] { random.nextDouble(-180, 180), random.nextDouble(-180, 180) });
        }
        for (int i = 0; i < 120; i++) {
            int level = 1 + random.nextInt(6);
            double step = 360.0 / (1 << level);
            points.add(new double[] { -180 + step * random.nextInt((1 << level) + 1),
                -180 + step * random.nextInt((1 << level) + 1) });
        }
        for (double x : new double[] { -180, 180, 0, -0.0 }) {
            for (double y : new double[] { -180, 180, 0, -0.0 }) {
                points.add(new double[] { x, y });
            }
        }
        for (int i = 0; i < 40; i++) {
            points.add(points.get(random.nextInt(points.size())).clone());
        }
        return points;
    }
}

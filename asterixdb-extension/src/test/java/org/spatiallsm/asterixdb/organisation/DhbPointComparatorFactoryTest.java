package org.spatiallsm.asterixdb.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.api.dataflow.value.IBinaryComparator;
import org.junit.jupiter.api.Test;
import org.spatiallsm.curves.HilbertCurve;

/**
 * The DHB key order on stored bytes against a brute-force reference: the Hilbert values ({@link HilbertCurve}, itself
 * checked against the classic {@code xy2d} formula) of order-31 cells computed in exact decimal arithmetic, not by
 * the relative walk. Points in different cells must compare as their cells' curve
 * values; a seek key (a tagged int64 position) must sort after every point of earlier cells and before every point
 * of its own and later cells.
 */
class DhbPointComparatorFactoryTest {

    private static final int ORDER = 31;
    private static final long LAST_CELL = (1L << ORDER) - 1;
    private final IBinaryComparator comparator = DhbPointComparatorFactory.INSTANCE.createBinaryComparator();
    private final SplittableRandom random = new SplittableRandom(14);

    @Test
    void pointsInDifferentCellsCompareAsTheirHilbertValues() throws Exception {
        List<double[]> points = points();
        for (double[] a : points) {
            byte[] keyA = point(a[0], a[1]);
            long valueA = bruteForceValue(a[0], a[1]);
            for (double[] b : points) {
                long valueB = bruteForceValue(b[0], b[1]);
                int compared = Integer.signum(comparator.compare(keyA, 0, keyA.length, point(b[0], b[1]), 0, 18));
                if (valueA != valueB) {
                    assertThat(compared).as("(%s, %s) vs (%s, %s)", a[0], a[1], b[0], b[1])
                            .isEqualTo(Long.signum(valueA - valueB));
                } else if (Double.compare(a[0], b[0]) == 0 && Double.compare(a[1], b[1]) == 0) {
                    assertThat(compared).as("identical points").isZero();
                } else {
                    assertThat(compared).as("same cell, different points (-0.0 and 0.0 too): a strict order")
                            .isNotZero();
                }
            }
        }
    }

    @Test
    void aSeekKeySortsJustBeforeTheFirstPointOfItsCell() throws Exception {
        List<double[]> points = points();
        List<Long> positions = new ArrayList<>(List.of(0L, LAST_CELL * LAST_CELL + 2 * LAST_CELL));
        for (double[] p : points) {
            long value = bruteForceValue(p[0], p[1]);
            positions.add(value);
            positions.add(value + 1);
            positions.add(Math.max(0, value - 1));
        }
        for (long position : positions) {
            byte[] seek = position(position);
            for (double[] p : points) {
                byte[] key = point(p[0], p[1]);
                int expected = position <= bruteForceValue(p[0], p[1]) ? -1 : 1;
                assertThat(Integer.signum(comparator.compare(seek, 0, seek.length, key, 0, key.length)))
                        .as("position %d vs (%s, %s)", position, p[0], p[1]).isEqualTo(expected);
                assertThat(Integer.signum(comparator.compare(key, 0, key.length, seek, 0, seek.length)))
                        .isEqualTo(-expected);
            }
        }
        byte[] low = position(5);
        byte[] high = position(6);
        assertThat(comparator.compare(low, 0, 9, high, 0, 9)).isNegative();
        assertThat(comparator.compare(high, 0, 9, high, 0, 9)).isZero();
    }

    /** Random points, points on grid lines of several orders (cell boundaries), duplicates, the domain's edges. */
    private List<double[]> points() {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            points.add(new double[] { random.nextDouble(-180, 180), random.nextDouble(-90, 90) });
        }
        for (int i = 0; i < 100; i++) {
            int level = 1 + random.nextInt(ORDER);
            double step = 360.0 / (1L << level);
            points.add(new double[] { -180 + step * random.nextLong(1L << level),
                -180 + step * random.nextLong(1L << (level - 1)) });
        }
        for (double[] corner : new double[][] { { -180, -90 }, { 180, 90 }, { -180, 90 }, { 180, -90 }, { 0, 0 },
            { -0.0, -0.0 }, { 180, 180 }, { -180, -180 } }) {
            points.add(corner);
            points.add(corner.clone());
        }
        points.add(points.get(0).clone());
        return points;
    }

    /** The order-31 Hilbert value of the cell holding (x, y), cells clamped onto the ±180 square's edge. */
    private static long bruteForceValue(double x, double y) {
        return HilbertCurve.index(ORDER, cell(x), cell(y));
    }

    private static long cell(double coordinate) {
        BigDecimal scaled = new BigDecimal(coordinate).add(BigDecimal.valueOf(180))
                .multiply(BigDecimal.valueOf(1L << ORDER)).divide(BigDecimal.valueOf(360), 40, RoundingMode.FLOOR);
        long cell = scaled.setScale(0, RoundingMode.FLOOR).longValueExact();
        return Math.max(0, Math.min(LAST_CELL, cell));
    }

    private static byte[] point(double x, double y) {
        return ByteBuffer.allocate(18).put(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG).putDouble(x)
                .put(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG).putDouble(y).array();
    }

    private static byte[] position(long position) {
        return ByteBuffer.allocate(9).put(ATypeTag.SERIALIZED_INT64_TYPE_TAG).putLong(position).array();
    }
}

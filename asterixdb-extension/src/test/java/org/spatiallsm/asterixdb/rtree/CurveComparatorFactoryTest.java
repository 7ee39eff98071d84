package org.spatiallsm.asterixdb.rtree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.apache.hyracks.api.dataflow.value.ILinearizeComparator;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.curves.CurveOrder;

/** The Hyracks adapter reads every coordinate from where 0.9.8 stores it, whichever entry point it calls. */
class CurveComparatorFactoryTest {

    /** A tag byte before each coordinate, as the R-tree passes keys (the comparator is given the bytes after it). */
    private static final int FIELD_LENGTH = 1 + Double.BYTES;

    @ParameterizedTest(name = "{0}-D")
    @ValueSource(ints = { 1, 2, 3, 4, 5 })
    void zOrderComparesKeysAsCurveOrderComparesTheirCoordinates(int dimensions) throws HyracksDataException {
        ILinearizeComparator comparator = new CurveComparatorFactory.ZOrder(dimensions).createBinaryComparator();
        CurveOrder order = CurveOrder.zOrder(dimensions);
        SplittableRandom random = new SplittableRandom(dimensions);
        for (int p = 0; p < 20_000; p++) {
            double[] a = randomPoint(random, dimensions);
            // Close points too, so that the later axes decide as often as the first.
            double[] b = random.nextBoolean() ? randomPoint(random, dimensions) : nudged(random, a);
            int expected = order.compare(a, b);
            assertThat(Integer.signum(comparator.compare(key(a), 1, FIELD_LENGTH, key(b), 1, FIELD_LENGTH)))
                    .as("%s vs %s", Arrays.toString(a), Arrays.toString(b))
                    .isEqualTo(expected);
        }
    }

    private static double[] randomPoint(SplittableRandom random, int dimensions) {
        double[] point = new double[dimensions];
        for (int i = 0; i < dimensions; i++) {
            point[i] = random.nextDouble(-180, 180);
        }
        return point;
    }

    private static double[] nudged(SplittableRandom random, double[] point) {
        double[] nudged = point.clone();
        nudged[random.nextInt(point.length)] += random.nextDouble(-1e-3, 1e-3);
        return nudged;
    }

    private static byte[] key(double[] point) {
        byte[] key = new byte[point.length * FIELD_LENGTH];
        for (int i = 0; i < point.length; i++) {
            DoublePointable.setDouble(key, i * FIELD_LENGTH + 1, point[i]);
        }
        return key;
    }
}

package org.spatiallsm.asterixdb.rtree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.apache.asterix.formats.nontagged.BinaryComparatorFactoryProvider;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.hyracks.api.dataflow.value.IBinaryComparator;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.data.std.primitive.LongPointable;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.junit.jupiter.api.Test;

/** The frames' direct comparison answers as AsterixDB's comparator of the R-tree's keys does. */
class DoubleKeysTest {

    @Test
    void comparesEveryPairAsTheGenericComparator() throws Exception {
        IBinaryComparator generic = BinaryComparatorFactoryProvider.INSTANCE
                .getBinaryComparatorFactory(BuiltinType.ADOUBLE, true).createBinaryComparator();
        List<ArrayTupleReference> values = new ArrayList<>();
        for (double value : new double[] { -0.0, 0.0, 1.5, -1.5, 180, Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY, Double.NaN, Double.MIN_VALUE, -Double.MAX_VALUE }) {
            byte[] bytes = new byte[9];
            bytes[0] = ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG;
            DoublePointable.setDouble(bytes, 1, value);
            values.add(field(bytes));
        }
        byte[] bigint = new byte[9];
        bigint[0] = ATypeTag.SERIALIZED_INT64_TYPE_TAG;
        LongPointable.setLong(bigint, 1, 2);
        values.add(field(bigint));
        values.add(field(new byte[] { ATypeTag.SERIALIZED_NULL_TYPE_TAG }));
        values.add(field(new byte[] { ATypeTag.SERIALIZED_MISSING_TYPE_TAG }));
        for (ArrayTupleReference a : values) {
            for (ArrayTupleReference b : values) {
                int expected = generic.compare(a.getFieldData(0), 0, a.getFieldLength(0), b.getFieldData(0), 0,
                        b.getFieldLength(0));
                assertThat(Integer.signum(DoubleKeys.compare(generic, a, 0, b, 0)))
                        .isEqualTo(Integer.signum(expected));
            }
        }
    }

    private static ArrayTupleReference field(byte[] bytes) {
        ArrayTupleReference tuple = new ArrayTupleReference();
        tuple.reset(new int[] { bytes.length }, bytes);
        return tuple;
    }
}

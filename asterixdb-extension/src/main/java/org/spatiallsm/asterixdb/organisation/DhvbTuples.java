package org.spatiallsm.asterixdb.organisation;

import java.io.DataOutput;
import java.io.IOException;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.data.std.primitive.LongPointable;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.PermutingTupleReference;
import org.spatiallsm.curves.DhvbValue;

/**
 * The two tuple layouts of a DHVB index that stands behind an R-tree on points. AsterixDB hands the index, and
 * expects back from it, R-tree tuples: the point's MBR as four tagged doubles (x, y, x, y), then the primary key
 * fields. The LSM B-tree stores ⟨hv, x, y, pk...⟩, hv being the tagged int64 DHVB value of the point.
 */
final class DhvbTuples {

    /** An R-tree tuple of a 2-D point starts with its MBR: x, y, x, y. */
    static final int RTREE_KEY_FIELDS = 4;
    /** A B-tree tuple starts with hv, x, y. */
    static final int BTREE_KEY_FIELDS = 3;

    private final ArrayTupleBuilder builder;
    private final ArrayTupleReference btreeTuple = new ArrayTupleReference();

    DhvbTuples(int btreeFieldCount) {
        this.builder = new ArrayTupleBuilder(btreeFieldCount);
    }

    /** The B-tree tuple of an R-tree tuple; valid until the next call. */
    ITupleReference toBTree(ITupleReference rtreeTuple) throws HyracksDataException {
        double x = coordinate(rtreeTuple, 0);
        double y = coordinate(rtreeTuple, 1);
        builder.reset();
        try {
            DataOutput out = builder.getDataOutput();
            out.writeByte(ATypeTag.SERIALIZED_INT64_TYPE_TAG);
            out.writeLong(hilbertValue(x, y));
            builder.addFieldEndOffset();
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
        builder.addField(rtreeTuple, 0);
        builder.addField(rtreeTuple, 1);
        for (int field = RTREE_KEY_FIELDS; field < rtreeTuple.getFieldCount(); field++) {
            builder.addField(rtreeTuple, field);
        }
        btreeTuple.reset(builder.getFieldEndOffsets(), builder.getByteArray());
        return btreeTuple;
    }

    /** A view of a B-tree tuple (reset it on one) in the R-tree layout: x, y, x, y, pk... */
    static PermutingTupleReference rtreeView(int btreeFieldCount) {
        int[] fields = new int[btreeFieldCount + 1];
        fields[0] = 1;
        fields[1] = 2;
        fields[2] = 1;
        fields[3] = 2;
        for (int field = BTREE_KEY_FIELDS; field < btreeFieldCount; field++) {
            fields[field + 1] = field;
        }
        return new PermutingTupleReference(fields);
    }

    /** A tagged double field. */
    static double coordinate(ITupleReference tuple, int field) {
        return DoublePointable.getDouble(tuple.getFieldData(field), tuple.getFieldStart(field) + 1);
    }

    /** The tagged int64 field 0 of a B-tree tuple. */
    static long storedHilbertValue(ITupleReference btreeTuple) {
        return LongPointable.getLong(btreeTuple.getFieldData(0),
                btreeTuple.getFieldStart(0) + 1);
    }

    static long hilbertValue(double x, double y) throws HyracksDataException {
        if (!DhvbValue.inDomain(x, y)) {
            throw HyracksDataException.create(new IllegalArgumentException("a DHVB index holds points in "
                    + "[-180, 180] x [-90, 90]; (" + x + ", " + y + ") is outside"));
        }
        return DhvbValue.of(x, y);
    }
}

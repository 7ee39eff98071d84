package org.spatiallsm.asterixdb.rtree;

import org.apache.asterix.dataflow.data.nontagged.serde.ADoubleSerializerDeserializer;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.api.dataflow.value.IBinaryComparator;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;

/**
 * The R-tree frames' direct reading and comparison of AsterixDB doubles, the keys of every spatial-lsm R-tree on
 * points and rectangles. AsterixDB's generic comparator (type tags, type hierarchy and number promotion on every call)
 * returns {@code Double.compare} of two doubles; any other pair goes to it.
 */
final class DoubleKeys {

    /** A tagged double: its type tag, then its 8 bytes. */
    private static final int TAGGED_DOUBLE_LENGTH = 9;

    private DoubleKeys() {
    }

    /** Reads a key's low corner (fields 0 .. d-1) and high corner (d .. 2d-1); false if one is not a double. */
    static boolean readBox(ITupleReference key, int dimensions, double[] low, double[] high) {
        for (int d = 0; d < dimensions; d++) {
            if (!isDouble(key, d) || !isDouble(key, dimensions + d)) {
                return false;
            }
            low[d] = value(key, d);
            high[d] = value(key, dimensions + d);
        }
        return true;
    }

    /** Answers of {@link #meets}. */
    static final int MISSES = 0;
    static final int MEETS = 1;
    static final int NOT_DOUBLES = 2;

    /**
     * Whether the box of {@code entry} (low corner in fields 0 .. d-1, high corner in d .. 2d-1) meets the query box
     * {@code low .. high}: query low <= entry high and query high >= entry low on every axis, axis by axis as the
     * stock test goes, by {@code Double.compare}. {@link #NOT_DOUBLES} if a coordinate it reaches is not a double,
     * for the caller to ask the generic comparator instead. The query's box is read once per search page, not once
     * per entry: reading a join's query key goes through its input frame's field slots, which cost more than the
     * test itself.
     */
    static int meets(ITupleReference entry, double[] low, double[] high) {
        int dimensions = low.length;
        for (int d = 0; d < dimensions; d++) {
            int h = dimensions + d;
            if (!isDouble(entry, d) || !isDouble(entry, h)) {
                return NOT_DOUBLES;
            }
            if (Double.compare(low[d], value(entry, h)) > 0 || Double.compare(high[d], value(entry, d)) < 0) {
                return MISSES;
            }
        }
        return MEETS;
    }

    private static double value(ITupleReference key, int field) {
        return ADoubleSerializerDeserializer.getDouble(key.getFieldData(field), key.getFieldStart(field) + 1);
    }

    private static boolean isDouble(ITupleReference key, int field) {
        return key.getFieldLength(field) == TAGGED_DOUBLE_LENGTH
                && key.getFieldData(field)[key.getFieldStart(field)] == ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG;
    }

    /** Field {@code fa} of {@code a} against field {@code fb} of {@code b}, as {@code generic} would answer. */
    static int compare(IBinaryComparator generic, ITupleReference a, int fa, ITupleReference b, int fb)
            throws HyracksDataException {
        byte[] aBytes = a.getFieldData(fa);
        int aStart = a.getFieldStart(fa);
        byte[] bBytes = b.getFieldData(fb);
        int bStart = b.getFieldStart(fb);
        if (isDouble(a, fa) && isDouble(b, fb)) {
            return Double.compare(ADoubleSerializerDeserializer.getDouble(aBytes, aStart + 1),
                    ADoubleSerializerDeserializer.getDouble(bBytes, bStart + 1));
        }
        return generic.compare(aBytes, aStart, a.getFieldLength(fa), bBytes, bStart, b.getFieldLength(fb));
    }
}

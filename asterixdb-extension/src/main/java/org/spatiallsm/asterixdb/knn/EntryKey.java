package org.spatiallsm.asterixdb.knn;

import java.util.Arrays;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;

/**
 * A copy of one R-tree entry (its MBR fields, then its primary key): the key the kNN search reconciles versions by,
 * and the tuple it outputs. Equal bytes are equal keys: an anti-matter entry is written from the same serialized
 * values as the entry it deletes.
 */
final class EntryKey {

    private final byte[] bytes;
    private final int[] fieldEnds;
    private final int hash;

    private EntryKey(byte[] bytes, int[] fieldEnds) {
        this.bytes = bytes;
        this.fieldEnds = fieldEnds;
        this.hash = 31 * Arrays.hashCode(bytes) + Arrays.hashCode(fieldEnds);
    }

    /** Copies {@code tuple}'s fields, through {@code builder} (reused; reset here). */
    static EntryKey copy(ITupleReference tuple, ArrayTupleBuilder builder) throws HyracksDataException {
        builder.reset();
        for (int f = 0; f < tuple.getFieldCount(); f++) {
            builder.addField(tuple.getFieldData(f), tuple.getFieldStart(f), tuple.getFieldLength(f));
        }
        return new EntryKey(Arrays.copyOf(builder.getByteArray(), builder.getSize()),
                builder.getFieldEndOffsets().clone());
    }

    /** The entry as a tuple (a new view of the copy). */
    ITupleReference tuple() {
        ArrayTupleReference tuple = new ArrayTupleReference();
        tuple.reset(fieldEnds, bytes);
        return tuple;
    }

    byte[] bytes() {
        return bytes;
    }

    int[] fieldEnds() {
        return fieldEnds;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EntryKey other && hash == other.hash && Arrays.equals(bytes, other.bytes)
                && Arrays.equals(fieldEnds, other.fieldEnds);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}

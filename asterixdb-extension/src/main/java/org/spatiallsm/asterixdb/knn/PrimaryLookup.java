package org.spatiallsm.asterixdb.knn;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.btree.impls.RangePredicate;
import org.apache.hyracks.storage.am.common.api.ITreeIndex;
import org.apache.hyracks.storage.am.common.api.ITupleFilter;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.common.tuples.ReferenceFrameTupleReference;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.common.IIndex;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.MultiComparator;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Refinement;

/**
 * The refinement of a kNN search whose query has a WHERE: each live entry, when the search reaches it, is looked up
 * in the primary index by its primary key, and the query's condition is applied to the tuple the search would output
 * (the entry's MBR, its primary key, the record); an entry whose record fails it is no answer, and the search goes on.
 * The records that pass are kept for the output, so no primary lookup follows the search.
 */
final class PrimaryLookup implements Refinement<EntryKey> {

    private final ILSMIndexAccessor accessor;
    private final IIndexCursor cursor;
    private final RangePredicate exactKey;
    private final ITupleFilter condition;
    private final int keyFields;
    private final ArrayTupleBuilder key;
    private final ArrayTupleReference keyTuple = new ArrayTupleReference();
    private final ArrayTupleBuilder candidate;
    private final ArrayTupleReference candidateTuple = new ArrayTupleReference();
    private final ReferenceFrameTupleReference evaluated = new ReferenceFrameTupleReference();
    private final Map<EntryKey, byte[]> records = new HashMap<>();

    /** @param primary the dataset's primary index, open; {@code keyFields} its primary key's fields */
    PrimaryLookup(IIndex primary, int keyFields, ITupleFilter condition) throws HyracksDataException {
        this.accessor = (ILSMIndexAccessor) primary.createAccessor(NoOpIndexAccessParameters.INSTANCE);
        this.cursor = accessor.createSearchCursor(false);
        MultiComparator cmp = MultiComparator.create(((ITreeIndex) primary).getComparatorFactories());
        this.exactKey = new RangePredicate(null, null, true, true, cmp, cmp);
        this.condition = condition;
        this.keyFields = keyFields;
        this.key = new ArrayTupleBuilder(keyFields);
        this.candidate = new ArrayTupleBuilder(KnnSearchCall.MBR_FIELDS + keyFields + 1);
    }

    @Override
    public OptionalDouble distance(EntryKey entry, double lowerBound) throws HyracksDataException {
        ITupleReference fields = entry.tuple();
        key.reset();
        for (int f = KnnSearchCall.MBR_FIELDS; f < KnnSearchCall.MBR_FIELDS + keyFields; f++) {
            key.addField(fields.getFieldData(f), fields.getFieldStart(f), fields.getFieldLength(f));
        }
        keyTuple.reset(key.getFieldEndOffsets(), key.getByteArray());
        exactKey.setLowKey(keyTuple, true);
        exactKey.setHighKey(keyTuple, true);
        accessor.search(cursor, exactKey);
        try {
            if (!cursor.hasNext()) {
                return OptionalDouble.empty(); // not in the primary index: no record to answer with
            }
            cursor.next();
            ITupleReference record = cursor.getTuple();
            candidate.reset();
            for (int f = 0; f < fields.getFieldCount(); f++) {
                candidate.addField(fields.getFieldData(f), fields.getFieldStart(f), fields.getFieldLength(f));
            }
            candidate.addField(record.getFieldData(keyFields), record.getFieldStart(keyFields),
                    record.getFieldLength(keyFields));
            candidateTuple.reset(candidate.getFieldEndOffsets(), candidate.getByteArray());
            evaluated.reset(candidateTuple);
            if (!condition.accept(evaluated)) {
                return OptionalDouble.empty();
            }
            int last = candidateTuple.getFieldCount() - 1;
            byte[] copy = new byte[candidateTuple.getFieldLength(last)];
            System.arraycopy(candidateTuple.getFieldData(last), candidateTuple.getFieldStart(last), copy, 0,
                    copy.length);
            records.put(entry, copy);
            return OptionalDouble.of(lowerBound); // a point's entry is queued at its exact distance
        } finally {
            cursor.close();
        }
    }

    /** The record of an entry this lookup let through. */
    byte[] record(EntryKey entry) {
        return records.get(entry);
    }

    /** Forgets the last search's records. */
    void clear() {
        records.clear();
    }

    void destroy() throws HyracksDataException {
        try {
            cursor.destroy();
        } finally {
            accessor.destroy();
        }
    }
}

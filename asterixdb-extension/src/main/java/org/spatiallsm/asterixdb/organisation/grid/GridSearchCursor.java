package org.spatiallsm.asterixdb.organisation.grid;

import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.api.dataflow.value.IBinaryComparator;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.PermutingTupleReference;
import org.apache.hyracks.storage.am.btree.impls.RangePredicate;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.ICursorInitialState;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.ISearchOperationCallback;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.apache.hyracks.storage.common.MultiComparator;
import org.spatiallsm.asterixdb.organisation.EveryEntryPredicate;
import org.spatiallsm.asterixdb.organisation.OrganisationCursor;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.grid.GridOrganisation;
import org.spatiallsm.organisations.grid.GridOrganisation.Kind;

/**
 * Answers an R-tree search (an MBR) on a {@link GridBTree}: one LSM B-tree range search per range or token of the
 * query's plan (the LSM cursor merges the components and drops annihilated entries), each entry refined with its
 * stored point or MBR, and for MBRs stored under several cells each primary key returned once. Results stream out
 * in R-tree layout, each first offered to AsterixDB's search callback as the R-tree cursor does.
 */
final class GridSearchCursor extends OrganisationCursor {

    private final GridBTree index;
    private final GridLayout layout;
    private final GridSearchCounters counters;
    private final PermutingTupleReference rtreeView;
    private final MultiComparator keyOrder;
    private final int primaryKeyStart;
    private final ArrayTupleBuilder low = new ArrayTupleBuilder(1);
    private final ArrayTupleBuilder high = new ArrayTupleBuilder(1);
    private final ArrayTupleReference lowTuple = new ArrayTupleReference();
    private final ArrayTupleReference highTuple = new ArrayTupleReference();
    /** The primary keys returned by this search; only MBRs have several entries. */
    private final Set<ByteBuffer> returned = new HashSet<>();
    private ILSMIndexAccessor btree;
    private IIndexCursor btreeCursor;
    private boolean btreeCursorOpen;
    private Rect query;
    /** Whether this search returns every entry of its ranges, NaN coordinates too ({@link EveryEntryPredicate}). */
    private boolean everyEntry;
    private List<GridOrganisation.Range> ranges = List.of();
    private int nextRange;
    private boolean pending;

    GridSearchCursor(GridBTree index, ISearchOperationCallback searchCallback) {
        super(searchCallback);
        this.index = index;
        this.layout = index.layout();
        this.counters = index.searchCounters();
        this.rtreeView = layout.rtreeView(index.btreeFieldCount());
        this.keyOrder = new MultiComparator(
                new IBinaryComparator[] { index.btreeComparatorFactories()[0].createBinaryComparator() });
        this.primaryKeyStart = 1 + GridLayout.coordinates(layout.organisation().kind());
    }

    @Override
    public void open(ICursorInitialState initialState, ISearchPredicate searchPred) throws HyracksDataException {
        close();
        query = GridLayout.mbr(((SearchPredicate) searchPred).getLowKey());
        everyEntry = searchPred instanceof EveryEntryPredicate;
        ranges = layout.organisation().search(query);
        counters.search(ranges.size());
        if (btree == null) {
            btree = index.btreeAccessor();
            btreeCursor = btree.createSearchCursor(false);
        }
    }

    @Override
    public boolean hasNext() throws HyracksDataException {
        while (!pending) {
            if (btreeCursorOpen && btreeCursor.hasNext()) {
                btreeCursor.next();
                counters.candidate();
                ITupleReference entry = btreeCursor.getTuple();
                pending = (everyEntry || layout.matches(entry, query)) && firstTime(entry);
            } else if (nextRange < ranges.size()) {
                searchRange(ranges.get(nextRange++));
            } else {
                closeBTreeCursor();
                return false;
            }
        }
        return true;
    }

    private boolean firstTime(ITupleReference entry) {
        if (layout.organisation().kind() != Kind.SHB_OBJECTS) {
            return true;
        }
        int start = entry.getFieldStart(primaryKeyStart);
        int last = entry.getFieldCount() - 1;
        int end = entry.getFieldStart(last) + entry.getFieldLength(last);
        return returned.add(ByteBuffer.wrap(Arrays.copyOfRange(entry.getFieldData(primaryKeyStart), start, end)));
    }

    private void searchRange(GridOrganisation.Range range) throws HyracksDataException {
        closeBTreeCursor();
        RangePredicate predicate = range.equals(GridOrganisation.Range.ALL) ? new RangePredicate(null, null, true,
                true, null, null)
                : new RangePredicate(key(low, lowTuple, range.low()), key(high, highTuple, range.high()), true, true,
                        keyOrder, keyOrder);
        btree.search(btreeCursor, predicate);
        btreeCursorOpen = true;
    }

    private static ITupleReference key(ArrayTupleBuilder builder, ArrayTupleReference tuple, long value)
            throws HyracksDataException {
        builder.reset();
        try {
            DataOutput out = builder.getDataOutput();
            out.writeByte(ATypeTag.SERIALIZED_INT64_TYPE_TAG);
            out.writeLong(value);
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
        builder.addFieldEndOffset();
        tuple.reset(builder.getFieldEndOffsets(), builder.getByteArray());
        return tuple;
    }

    @Override
    public void next() throws HyracksDataException {
        pending = false;
        counters.result();
        rtreeView.reset(btreeCursor.getTuple());
        offer(rtreeView);
    }

    @Override
    public ITupleReference getTuple() {
        return rtreeView;
    }

    private void closeBTreeCursor() throws HyracksDataException {
        if (btreeCursorOpen) {
            btreeCursorOpen = false;
            btreeCursor.close();
        }
    }

    @Override
    public void close() throws HyracksDataException {
        closeBTreeCursor();
        returned.clear();
        ranges = List.of();
        nextRange = 0;
        pending = false;
    }

    @Override
    public void destroy() throws HyracksDataException {
        close();
        if (btree != null) {
            btreeCursor.destroy();
            btree.destroy();
            btree = null;
        }
    }
}

package org.spatiallsm.asterixdb.organisation;

import java.io.DataOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.api.dataflow.value.IBinaryComparator;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.dataflow.common.utils.TupleUtils;
import org.apache.hyracks.storage.am.btree.impls.RangePredicate;
import org.apache.hyracks.dataflow.common.data.accessors.PermutingTupleReference;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.am.common.api.ILSMIndexCursor;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.ICursorInitialState;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.ISearchOperationCallback;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.apache.hyracks.storage.common.MultiComparator;
import org.spatiallsm.curves.GridRect;
import org.spatiallsm.organizations.CurveIndex;
import org.spatiallsm.organizations.HilbertOrganisation;
import org.spatiallsm.organizations.QueryRegion;
import org.spatiallsm.organizations.SkipScan;

/**
 * Answers an R-tree search (an MBR) on a {@link DhvbBTree} with the skip-scan of {@link SkipScan}: each seek is a
 * range search of the LSM B-tree from a Hilbert value on, which merges the components and drops annihilated
 * entries. The candidates (points inside the MBR) are returned in R-tree layout, each first offered to AsterixDB's
 * search callback as the R-tree cursor does (index-only plans read its answer).
 *
 * <p>Proof-of-route simplifications: the candidates of one search are collected before the first is returned, and
 * a "page" is a run of {@link #ENTRIES_PER_PAGE} entries, since the LSM cursor does not tell leaf-page boundaries.
 */
final class SkipScanCursor implements ILSMIndexCursor {

    static final int ENTRIES_PER_PAGE = 64;

    private final DhvbBTree index;
    private final ISearchOperationCallback searchCallback;
    private final PermutingTupleReference rtreeView;
    private final ArrayTupleBuilder copy;
    private final ArrayTupleBuilder lowKey = new ArrayTupleBuilder(1);
    private final ArrayTupleReference lowKeyTuple = new ArrayTupleReference();
    private final MultiComparator hilbertValueOrder;
    private final List<byte[]> candidateBytes = new ArrayList<>();
    private final List<int[]> candidateFields = new ArrayList<>();
    private final ArrayTupleReference current = new ArrayTupleReference();
    private ILSMIndexAccessor btree;
    private IIndexCursor btreeCursor;
    private int next;
    private boolean proceeded;

    SkipScanCursor(DhvbBTree index, ISearchOperationCallback searchCallback) {
        this.index = index;
        this.searchCallback = searchCallback;
        this.rtreeView = DhvbTuples.rtreeView(index.btreeFieldCount());
        this.copy = new ArrayTupleBuilder(index.btreeFieldCount() + 1);
        this.hilbertValueOrder = new MultiComparator(
                new IBinaryComparator[] { index.getComparatorFactories()[0].createBinaryComparator() });
    }

    @Override
    public void open(ICursorInitialState initialState, ISearchPredicate searchPred) throws HyracksDataException {
        candidateBytes.clear();
        candidateFields.clear();
        next = 0;
        ITupleReference key = ((SearchPredicate) searchPred).getLowKey();
        QueryRegion.Rectangle mbr = new QueryRegion.Rectangle(DhvbTuples.coordinate(key, 0),
                DhvbTuples.coordinate(key, 1), DhvbTuples.coordinate(key, 2), DhvbTuples.coordinate(key, 3));
        Optional<GridRect> cells = HilbertOrganisation.DHVB.cells(mbr);
        if (cells.isEmpty()) {
            return;
        }
        if (btree == null) {
            btree = index.btreeAccessor();
            btreeCursor = btree.createSearchCursor(false);
        }
        try {
            SkipScan.scan(this::seek, HilbertOrganisation.ORDER, cells.get(), DhvbTuples::storedHilbertValue,
                    entry -> mbr.contains(DhvbTuples.coordinate(entry, 1), DhvbTuples.coordinate(entry, 2)),
                    this::keep);
        } catch (UncheckedIOException e) {
            throw HyracksDataException.create(e.getCause());
        } finally {
            btreeCursor.close();
        }
    }

    private CurveIndex.LeafCursor<ITupleReference> seek(long hilbertValue) {
        try {
            btreeCursor.close();
            lowKey.reset();
            DataOutput out = lowKey.getDataOutput();
            out.writeByte(ATypeTag.SERIALIZED_INT64_TYPE_TAG);
            out.writeLong(hilbertValue);
            lowKey.addFieldEndOffset();
            lowKeyTuple.reset(lowKey.getFieldEndOffsets(), lowKey.getByteArray());
            btree.search(btreeCursor, new RangePredicate(lowKeyTuple, null, true, true, hilbertValueOrder, null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new CurveIndex.LeafCursor<>() {
            private long read;

            @Override
            public boolean hasNext() {
                try {
                    return btreeCursor.hasNext();
                } catch (HyracksDataException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public ITupleReference next() {
                try {
                    btreeCursor.next();
                } catch (HyracksDataException e) {
                    throw new UncheckedIOException(e);
                }
                read++;
                return btreeCursor.getTuple();
            }

            @Override
            public boolean atPageStart() {
                return read % ENTRIES_PER_PAGE == 1;
            }
        };
    }

    private void keep(ITupleReference btreeTuple) {
        rtreeView.reset(btreeTuple);
        try {
            TupleUtils.copyTuple(copy, rtreeView, rtreeView.getFieldCount());
        } catch (HyracksDataException e) {
            throw new UncheckedIOException(e);
        }
        candidateBytes.add(Arrays.copyOf(copy.getByteArray(), copy.getSize()));
        candidateFields.add(copy.getFieldEndOffsets().clone());
    }

    @Override
    public boolean hasNext() {
        return next < candidateBytes.size();
    }

    @Override
    public void next() throws HyracksDataException {
        current.reset(candidateFields.get(next), candidateBytes.get(next));
        next++;
        proceeded = searchCallback.proceed(current);
    }

    @Override
    public ITupleReference getTuple() {
        return current;
    }

    @Override
    public boolean getSearchOperationCallbackProceedResult() {
        return proceeded;
    }

    @Override
    public ITupleReference getFilterMinTuple() {
        return null;
    }

    @Override
    public ITupleReference getFilterMaxTuple() {
        return null;
    }

    @Override
    public void close() {
        candidateBytes.clear();
        candidateFields.clear();
        next = 0;
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

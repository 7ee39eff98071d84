package org.spatiallsm.asterixdb.rtree.leveled;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.btree.impls.RangePredicate;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeCursorInitialState;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeSearchCursor;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.common.ICursorInitialState;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.spatiallsm.partitioning.pruning.BloomFilterProbes;

/**
 * 0.9.8's search cursor of an LSM B-tree with Bloom filters, whose point lookups go through a
 * {@link ProbedPointCursor}; range searches and component scans are 0.9.8's. A subclass, because 0.9.8's
 * {@code LSMBTree.search} requires its own cursor type.
 */
final class ProbedSearchCursor extends LSMBTreeSearchCursor {

    private final ProbedPointCursor pointLookup;
    private boolean pointLookupOpen;

    ProbedSearchCursor(ILSMIndexOperationContext opCtx, BloomFilterProbes probes) {
        super(opCtx);
        pointLookup = new ProbedPointCursor(opCtx, probes);
    }

    @Override
    public void doOpen(ICursorInitialState initialState, ISearchPredicate searchPred) throws HyracksDataException {
        LSMBTreeCursorInitialState state = (LSMBTreeCursorInitialState) initialState;
        pointLookupOpen = !state.isDiskComponentScan()
                && ((RangePredicate) searchPred).isPointPredicate(state.getOriginalKeyComparator());
        if (pointLookupOpen) {
            pointLookup.open(initialState, searchPred);
        } else {
            super.doOpen(initialState, searchPred);
        }
    }

    @Override
    public boolean doHasNext() throws HyracksDataException {
        return pointLookupOpen ? pointLookup.hasNext() : super.doHasNext();
    }

    @Override
    public void doNext() throws HyracksDataException {
        if (pointLookupOpen) {
            pointLookup.next();
        } else {
            super.doNext();
        }
    }

    @Override
    public ITupleReference doGetTuple() {
        return pointLookupOpen ? pointLookup.getTuple() : super.doGetTuple();
    }

    @Override
    public ITupleReference getFilterMinTuple() {
        return pointLookupOpen ? pointLookup.getFilterMinTuple() : super.getFilterMinTuple();
    }

    @Override
    public ITupleReference getFilterMaxTuple() {
        return pointLookupOpen ? pointLookup.getFilterMaxTuple() : super.getFilterMaxTuple();
    }

    @Override
    public boolean getSearchOperationCallbackProceedResult() {
        return pointLookupOpen ? pointLookup.getSearchOperationCallbackProceedResult()
                : super.getSearchOperationCallbackProceedResult();
    }

    @Override
    public void doClose() throws HyracksDataException {
        if (pointLookupOpen) {
            pointLookupOpen = false;
            pointLookup.close();
        } else {
            super.doClose();
        }
    }

    @Override
    public void doDestroy() throws HyracksDataException {
        try {
            pointLookup.destroy();
        } finally {
            super.doDestroy();
        }
    }
}

package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.common.IIndexCursor;

/** The accessor of a {@link HilbertBTree}: one entry per point, in the layout's order; searches are skip-scans. */
final class HilbertBTreeAccessor extends OrganisationAccessor {

    private final HilbertBTree index;
    private final HilbertLayout.Translator tuples;

    HilbertBTreeAccessor(HilbertBTree index, ILSMIndexOperationContext ctx) {
        super(index, ctx);
        this.index = index;
        this.tuples = index.layout().translator(index.btreeFieldCount());
    }

    @Override
    protected void forEachEntry(ITupleReference rtreeTuple, EntryOperation operation) throws HyracksDataException {
        operation.apply(tuples.toBTree(rtreeTuple));
    }

    @Override
    public IIndexCursor createSearchCursor(boolean exclusive) {
        return new SkipScanCursor(index, getOpContext().getSearchOperationCallback());
    }

    @Override
    protected boolean answersRTreeSearches(IIndexCursor cursor) {
        return cursor instanceof SkipScanCursor;
    }
}

package org.spatiallsm.asterixdb.organisation.grid;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeSearchCursor;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMTreeIndexAccessor;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.ISearchPredicate;

/**
 * The accessor of a {@link GridBTree} as AsterixDB's R-tree operators use it: each modification of an R-tree tuple
 * (from DML, feeds and log replay alike) is applied to every entry of its object, whose keys are recomputed from
 * the tuple, so a delete leaves anti-matter for exactly the insert's entries; an R-tree search is answered by a
 * {@link GridSearchCursor}.
 */
final class GridAccessor extends LSMTreeIndexAccessor {

    private final GridBTree index;
    private final GridLayout layout;

    GridAccessor(GridBTree index, ILSMIndexOperationContext ctx) {
        super(index.getHarness(), ctx, LSMBTreeSearchCursor::new);
        this.index = index;
        this.layout = new GridLayout(index.layout().organisation(), index.btreeFieldCount());
    }

    @FunctionalInterface
    private interface EntryOperation {
        void apply(ITupleReference btreeTuple) throws HyracksDataException;
    }

    private void forEachEntry(ITupleReference rtreeTuple, EntryOperation operation) throws HyracksDataException {
        if (getOpContext().getModificationCallback() instanceof OneLogPerObjectCallback callback) {
            callback.nextObject();
        }
        int entries = layout.entries(rtreeTuple);
        for (int entry = 0; entry < entries; entry++) {
            operation.apply(layout.entry(rtreeTuple, entry));
        }
    }

    @Override
    public void insert(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::insert);
    }

    @Override
    public void delete(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::delete);
    }

    @Override
    public void upsert(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::upsert);
    }

    @Override
    public void forceInsert(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::forceInsert);
    }

    @Override
    public void forceDelete(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::forceDelete);
    }

    @Override
    public void forceUpsert(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::forceUpsert);
    }

    @Override
    public IIndexCursor createSearchCursor(boolean exclusive) {
        return new GridSearchCursor(index, getOpContext().getSearchOperationCallback());
    }

    @Override
    public void search(IIndexCursor cursor, ISearchPredicate searchPred) throws HyracksDataException {
        if (searchPred instanceof SearchPredicate && cursor instanceof GridSearchCursor grid) {
            grid.open(null, searchPred);
        } else {
            super.search(cursor, searchPred);
        }
    }
}

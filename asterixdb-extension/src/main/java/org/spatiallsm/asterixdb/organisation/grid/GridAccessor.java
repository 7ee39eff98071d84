package org.spatiallsm.asterixdb.organisation.grid;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.spatiallsm.asterixdb.organisation.OrganisationAccessor;

/**
 * The accessor of a {@link GridBTree}: each modification of an R-tree tuple is applied to every entry of its object,
 * whose keys are recomputed from the tuple, so a delete leaves anti-matter for exactly the insert's entries; an
 * R-tree search is answered by a {@link GridSearchCursor}.
 */
final class GridAccessor extends OrganisationAccessor {

    private final GridBTree index;
    private final GridLayout layout;

    GridAccessor(GridBTree index, ILSMIndexOperationContext ctx) {
        super(index, ctx);
        this.index = index;
        this.layout = new GridLayout(index.layout().organisation(), index.btreeFieldCount());
    }

    @Override
    protected void forEachEntry(ITupleReference rtreeTuple, EntryOperation operation) throws HyracksDataException {
        if (getOpContext().getModificationCallback() instanceof OneLogPerObjectCallback callback) {
            callback.nextObject();
        }
        int entries = layout.entries(rtreeTuple);
        for (int entry = 0; entry < entries; entry++) {
            operation.apply(layout.entry(rtreeTuple, entry));
        }
    }

    @Override
    public IIndexCursor createSearchCursor(boolean exclusive) {
        return new GridSearchCursor(index, getOpContext().getSearchOperationCallback());
    }

    @Override
    protected boolean answersRTreeSearches(IIndexCursor cursor) {
        return cursor instanceof GridSearchCursor;
    }
}

package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.ILSMIndexCursor;
import org.apache.hyracks.storage.common.ISearchOperationCallback;

/**
 * An organisation's R-tree search cursor: it returns R-tree tuples and offers each to AsterixDB's search callback, as
 * the R-tree cursor does (index-only plans read the callback's answer); the B-tree has no component filters.
 */
public abstract class OrganisationCursor implements ILSMIndexCursor {

    private final ISearchOperationCallback searchCallback;
    private boolean proceeded;

    protected OrganisationCursor(ISearchOperationCallback searchCallback) {
        this.searchCallback = searchCallback;
    }

    /** Offers the tuple about to be returned to the search callback. */
    protected final void offer(ITupleReference rtreeTuple) throws HyracksDataException {
        proceeded = searchCallback.proceed(rtreeTuple);
    }

    @Override
    public final boolean getSearchOperationCallbackProceedResult() {
        return proceeded;
    }

    @Override
    public final ITupleReference getFilterMinTuple() {
        return null;
    }

    @Override
    public final ITupleReference getFilterMaxTuple() {
        return null;
    }
}

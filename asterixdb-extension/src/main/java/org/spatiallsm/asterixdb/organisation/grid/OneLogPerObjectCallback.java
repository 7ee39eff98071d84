package org.spatiallsm.asterixdb.organisation.grid;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.IExtendedModificationOperationCallback;

/**
 * AsterixDB's secondary-index callback writes one log record per {@code found}, i.e. per B-tree entry. An object
 * with several entries is one R-tree operation, and its log record (in R-tree layout) replays all of its entries,
 * so only the first entry of each object is passed on.
 */
final class OneLogPerObjectCallback implements IExtendedModificationOperationCallback {

    private final IExtendedModificationOperationCallback callback;
    private boolean logged;

    OneLogPerObjectCallback(IExtendedModificationOperationCallback callback) {
        this.callback = callback;
    }

    /** The next entries belong to a new object. */
    void nextObject() {
        logged = false;
    }

    @Override
    public void before(ITupleReference tuple) throws HyracksDataException {
        callback.before(tuple);
    }

    @Override
    public void found(ITupleReference before, ITupleReference after) throws HyracksDataException {
        if (!logged) {
            logged = true;
            callback.found(before, after);
        }
    }

    @Override
    public void after(ITupleReference tuple) throws HyracksDataException {
        callback.after(tuple);
    }
}

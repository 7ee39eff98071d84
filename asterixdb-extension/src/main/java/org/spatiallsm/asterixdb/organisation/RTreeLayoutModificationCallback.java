package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.IExtendedModificationOperationCallback;

/**
 * Hands AsterixDB's modification callback (which logs the change and locks its primary key, reading the key at its
 * R-tree positions) the stored B-tree tuple in R-tree layout; the log, and so its replay, stays in R-tree layout.
 */
final class RTreeLayoutModificationCallback implements IExtendedModificationOperationCallback {

    private final IExtendedModificationOperationCallback callback;
    private final HilbertLayout.RTreeView before;
    private final HilbertLayout.RTreeView after;

    RTreeLayoutModificationCallback(IExtendedModificationOperationCallback callback, HilbertLayout layout) {
        this.callback = callback;
        this.before = layout.rtreeView();
        this.after = layout.rtreeView();
    }

    @Override
    public void before(ITupleReference tuple) throws HyracksDataException {
        callback.before(view(after, tuple));
    }

    @Override
    public void found(ITupleReference beforeTuple, ITupleReference afterTuple) throws HyracksDataException {
        callback.found(view(before, beforeTuple), view(after, afterTuple));
    }

    @Override
    public void after(ITupleReference tuple) throws HyracksDataException {
        callback.after(view(after, tuple));
    }

    private static ITupleReference view(HilbertLayout.RTreeView view, ITupleReference btreeTuple) {
        return btreeTuple == null ? null : view.reset(btreeTuple);
    }
}

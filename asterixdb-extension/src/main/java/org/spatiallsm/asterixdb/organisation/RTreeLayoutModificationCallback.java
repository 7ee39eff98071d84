package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.IExtendedModificationOperationCallback;

/**
 * Hands AsterixDB's modification callback (which logs the change and locks its primary key, reading the key at its
 * R-tree positions) the stored B-tree tuple in R-tree layout; the log, and so its replay, stays in R-tree layout.
 */
public final class RTreeLayoutModificationCallback implements IExtendedModificationOperationCallback {

    /** Shows a stored B-tree tuple in R-tree layout; the view is valid until the next call. */
    @FunctionalInterface
    public interface RTreeView {
        ITupleReference of(ITupleReference btreeTuple);
    }

    private final IExtendedModificationOperationCallback callback;
    private final RTreeView before;
    private final RTreeView after;

    /** @param before and {@code after}: two independent views, since {@code found} shows two tuples at once */
    public RTreeLayoutModificationCallback(IExtendedModificationOperationCallback callback, RTreeView before,
            RTreeView after) {
        this.callback = callback;
        this.before = before;
        this.after = after;
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

    private static ITupleReference view(RTreeView view, ITupleReference btreeTuple) {
        return btreeTuple == null ? null : view.of(btreeTuple);
    }
}

package org.spatiallsm.asterixdb.rtree;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.ITreeIndexTupleReference;
import org.apache.hyracks.storage.am.rtree.api.IRTreeInteriorFrame;
import org.apache.hyracks.storage.am.rtree.impls.RTreeSearchCursor;
import org.apache.hyracks.storage.common.ICursorInitialState;
import org.apache.hyracks.storage.common.IIndexCursorStats;
import org.apache.hyracks.storage.common.ISearchPredicate;

/**
 * The stock R-tree search cursor, except that on a leaf with {@link LeafRuns run boxes} it steps over the runs whose
 * box misses the query instead of asking the leaf frame about each of their entries. The stock cursor calls the frame
 * once per entry of every leaf it visits (about 3,700 on a 128 KB leaf of points), and a small window search of a
 * bulk-loaded R-tree visits several leaves whose MBRs meet it while a few of their runs do: most of a probe's time in
 * an index nested-loop join went to those calls (see docs/index-organisations.md). The same leaves are visited in the
 * same order, and every entry of a run that may meet the query is tested as before, so the cursor returns the same
 * entries in the same order. Searches without a query (scans of flushes and merges) are the stock cursor's.
 */
final class RunSkippingSearchCursor extends RTreeSearchCursor {

    private final DoubleKeyLeafFrameFactory.Frame leaf;
    private final ITreeIndexTupleReference tuple;
    /** Whether a leaf is latched for this search; false once the search has visited its last leaf. */
    private boolean onLeaf;
    /** The entry of the current leaf that the next test starts from. */
    private int next;
    /** The entry {@link #doHasNext} found last. */
    private int found;

    RunSkippingSearchCursor(IRTreeInteriorFrame interiorFrame, DoubleKeyLeafFrameFactory.Frame leafFrame,
            IIndexCursorStats stats) {
        super(interiorFrame, leafFrame, stats);
        this.leaf = leafFrame;
        this.tuple = leafFrame.createTupleReference();
    }

    @Override
    public void doOpen(ICursorInitialState initialState, ISearchPredicate searchPred) throws HyracksDataException {
        onLeaf = false;
        super.doOpen(initialState, searchPred);
    }

    @Override
    protected boolean fetchNextLeafPage() throws HyracksDataException {
        onLeaf = super.fetchNextLeafPage();
        next = 0;
        return onLeaf;
    }

    @Override
    public boolean doHasNext() throws HyracksDataException {
        if (searchKey == null) {
            return super.doHasNext();
        }
        while (onLeaf) {
            int entries = leaf.getTupleCount();
            for (int i = leaf.nextCandidate(searchKey, next, cmp); i < entries;
                    i = leaf.nextCandidate(searchKey, i + 1, cmp)) {
                if (leaf.intersect(searchKey, i, cmp)) {
                    tuple.resetByTupleIndex(leaf, i);
                    found = i;
                    next = i;
                    return true;
                }
            }
            fetchNextLeafPage();
        }
        return false;
    }

    @Override
    public void doNext() throws HyracksDataException {
        if (searchKey == null) {
            super.doNext();
        } else {
            next = found + 1;
        }
    }

    @Override
    public ITupleReference doGetTuple() {
        return searchKey == null ? super.doGetTuple() : tuple;
    }

    @Override
    public void doClose() throws HyracksDataException {
        super.doClose();
        onLeaf = false;
    }
}

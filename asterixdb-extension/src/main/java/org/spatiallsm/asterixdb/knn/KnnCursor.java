package org.spatiallsm.asterixdb.knn;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMHarness;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeCursorInitialState;
import org.apache.hyracks.storage.common.EnforcedIndexCursor;
import org.apache.hyracks.storage.common.ICursorInitialState;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.spatiallsm.asterixdb.rtree.pruning.PruningRTree;
import org.spatiallsm.partitioning.knn.BestFirstKnn;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Component;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Hit;

/**
 * The cursor of a kNN search of an LSM R-tree with anti-matter: given to the index's accessor with a
 * {@link KnnPredicate}, it is opened by the index's own search once the LSM harness has entered every component,
 * runs {@link BestFirstKnn} over them, and returns the answer nearest first. Closing it lets the harness exit the
 * components, as the stock search cursors do. What the search did is counted in the index's
 * {@link PruningRTree#knnCounters}.
 */
final class KnnCursor extends EnforcedIndexCursor {

    private final ILSMIndex index;
    private final ILSMIndexOperationContext opCtx;
    private final int fieldCount;
    private final PrimaryLookup lookup;
    private final ArrayTupleReference tuple = new ArrayTupleReference();
    private ILSMHarness harness;
    private Iterator<Hit<EntryKey>> hits;
    private EntryKey current;

    /**
     * @param fieldCount the R-tree's fields (its MBR's, then the primary key's)
     * @param lookup     where a query with a WHERE checks each entry's record; null without one
     */
    KnnCursor(ILSMIndex index, ILSMIndexOperationContext opCtx, int fieldCount, PrimaryLookup lookup) {
        this.index = index;
        this.opCtx = opCtx;
        this.fieldCount = fieldCount;
        this.lookup = lookup;
    }

    @Override
    protected void doOpen(ICursorInitialState initialState, ISearchPredicate searchPred)
            throws HyracksDataException {
        LSMRTreeCursorInitialState state = (LSMRTreeCursorInitialState) initialState;
        KnnPredicate knn = (KnnPredicate) searchPred;
        List<Component<EntryKey>> components = new ArrayList<>();
        RTreeComponents view = RTreeComponents.of(index, state.getOperationalComponents(), knn.x(), knn.y(),
                fieldCount, lookup != null, components);
        try {
            BestFirstKnn.Result<EntryKey> result = lookup == null ? BestFirstKnn.nearest(components, knn.wanted())
                    : BestFirstKnn.nearest(components, knn.wanted(), lookup);
            hits = result.hits().iterator();
            if (index instanceof PruningRTree counted) {
                counted.knnCounters().record(result.stats());
            }
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        } finally {
            view.close();
        }
        // Only now is the search this cursor's to end: had it failed, the harness would have exited the components.
        harness = state.getLSMHarness();
    }

    @Override
    protected boolean doHasNext() {
        return hits.hasNext();
    }

    @Override
    protected void doNext() {
        current = hits.next().key();
        tuple.reset(current.fieldEnds(), current.bytes());
    }

    /** The entry {@link #getTuple} returns. */
    EntryKey key() {
        return current;
    }

    @Override
    protected ITupleReference doGetTuple() {
        return tuple;
    }

    @Override
    protected void doClose() throws HyracksDataException {
        hits = null;
        current = null;
        if (harness != null) {
            ILSMHarness entered = harness;
            harness = null;
            entered.endSearch(opCtx);
        }
    }

    @Override
    protected void doDestroy() {
        // Holds nothing beyond the answer, which close dropped.
    }
}

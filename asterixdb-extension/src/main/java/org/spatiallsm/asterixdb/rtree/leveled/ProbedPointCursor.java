package org.spatiallsm.asterixdb.rtree.leveled;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.btree.impls.BTree;
import org.apache.hyracks.storage.am.common.api.ITreeIndexCursor;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreePointSearchCursor;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.common.ICursorInitialState;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;
import org.spatiallsm.partitioning.pruning.BloomFilterProbes;

/**
 * 0.9.8's point lookup of an LSM B-tree, recording in {@link BloomFilterProbes} which disk components' Bloom filters
 * it tested, which of them ruled the key out, and whether the last B-tree it searched held the key. The lookup itself
 * is 0.9.8's, unchanged.
 */
final class ProbedPointCursor extends LSMBTreePointSearchCursor {

    private final BloomFilterProbes probes;
    /** Whether the next {@link #doHasNext} runs the lookup (later calls answer from its result). */
    private boolean lookupPending;
    private int tested;
    private int rejected;
    /** The last component whose B-tree the lookup searched after a passed test; -1 for none. */
    private int lastSearched;
    /** The last component the lookup reached, memory components included; -1 for none. */
    private int lastReached;

    ProbedPointCursor(ILSMIndexOperationContext opCtx, BloomFilterProbes probes) {
        super(opCtx);
        this.probes = probes;
    }

    @Override
    public void doOpen(ICursorInitialState initialState, ISearchPredicate searchPred) throws HyracksDataException {
        super.doOpen(initialState, searchPred);
        lookupPending = true;
    }

    @Override
    public boolean doHasNext() throws HyracksDataException {
        if (!lookupPending) {
            return super.doHasNext();
        }
        lookupPending = false;
        tested = 0;
        rejected = 0;
        lastSearched = -1;
        lastReached = -1;
        boolean found = super.doHasNext();
        probes.recordLookup(tested, rejected, lastSearched >= 0 && lastSearchedHeldTheKey(found));
        return found;
    }

    @Override
    protected boolean isSearchCandidate(int componentIndex) throws HyracksDataException {
        boolean candidate = super.isSearchCandidate(componentIndex);
        lastReached = componentIndex;
        if (bloomFilters[componentIndex] != null) { // a disk component: memory components have no filter
            tested++;
            if (candidate) {
                lastSearched = componentIndex;
            } else {
                rejected++;
            }
        }
        return candidate;
    }

    /**
     * The lookup stops at the first component holding the key: with its record ({@code found}), or with an
     * anti-matter entry (not found, and no component reached after it). Only when that component is the last one
     * can running out look the same; then its B-tree is asked again, its pages not counted as the search's.
     */
    private boolean lastSearchedHeldTheKey(boolean found) throws HyracksDataException {
        if (found) {
            return foundIn == lastSearched;
        }
        if (lastReached > lastSearched) {
            return false;
        }
        return lastSearched < numBTrees - 1 || SearchPageReads.outsideSearches(() -> holdsAnEntry(lastSearched));
    }

    private boolean holdsAnEntry(int componentIndex) throws HyracksDataException {
        BTree btree = (BTree) operationalComponents.get(componentIndex).getIndex();
        BTree.BTreeAccessor accessor = btree.createAccessor(NoOpIndexAccessParameters.INSTANCE);
        ITreeIndexCursor cursor = accessor.createPointCursor(false, false);
        try {
            accessor.search(cursor, predicate);
            return cursor.hasNext();
        } finally {
            try {
                cursor.close();
                cursor.destroy();
            } finally {
                accessor.destroy();
            }
        }
    }
}

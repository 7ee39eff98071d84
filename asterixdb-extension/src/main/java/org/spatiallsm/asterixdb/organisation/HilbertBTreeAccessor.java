package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeSearchCursor;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMTreeIndexAccessor;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.ISearchPredicate;

/**
 * The accessor of a {@link HilbertBTree} as AsterixDB's R-tree operators use it: modifications arrive in R-tree layout
 * (from DML, feeds and log replay alike) and are stored in B-tree layout; an R-tree search (an MBR) is a skip-scan.
 */
final class HilbertBTreeAccessor extends LSMTreeIndexAccessor {

    private final HilbertBTree index;
    private final HilbertLayout.Translator tuples;

    HilbertBTreeAccessor(HilbertBTree index, ILSMIndexOperationContext ctx) {
        super(index.getHarness(), ctx, LSMBTreeSearchCursor::new);
        this.index = index;
        this.tuples = index.layout().translator(index.btreeFieldCount());
    }

    @Override
    public void insert(ITupleReference tuple) throws HyracksDataException {
        super.insert(tuples.toBTree(tuple));
    }

    @Override
    public void delete(ITupleReference tuple) throws HyracksDataException {
        super.delete(tuples.toBTree(tuple));
    }

    @Override
    public void upsert(ITupleReference tuple) throws HyracksDataException {
        super.upsert(tuples.toBTree(tuple));
    }

    @Override
    public void forceInsert(ITupleReference tuple) throws HyracksDataException {
        super.forceInsert(tuples.toBTree(tuple));
    }

    @Override
    public void forceDelete(ITupleReference tuple) throws HyracksDataException {
        super.forceDelete(tuples.toBTree(tuple));
    }

    @Override
    public void forceUpsert(ITupleReference tuple) throws HyracksDataException {
        super.forceUpsert(tuples.toBTree(tuple));
    }

    @Override
    public IIndexCursor createSearchCursor(boolean exclusive) {
        return new SkipScanCursor(index, getOpContext().getSearchOperationCallback());
    }

    @Override
    public void search(IIndexCursor cursor, ISearchPredicate searchPred) throws HyracksDataException {
        if (searchPred instanceof SearchPredicate && cursor instanceof SkipScanCursor skipScan) {
            skipScan.open(null, searchPred);
        } else {
            super.search(cursor, searchPred);
        }
    }
}

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
 * The accessor of an {@link OrganisationBTree} as AsterixDB's R-tree operators, flush scheduling and recovery use it:
 * every modification arrives as an R-tree tuple (from DML, feeds and log replay alike) and is applied to the B-tree
 * entries the organisation stores for it; an R-tree search (an MBR) is answered by the organisation's cursor.
 */
public abstract class OrganisationAccessor extends LSMTreeIndexAccessor {

    /** One LSM B-tree operation on a stored entry. */
    @FunctionalInterface
    protected interface EntryOperation {
        void apply(ITupleReference btreeTuple) throws HyracksDataException;
    }

    protected OrganisationAccessor(OrganisationBTree index, ILSMIndexOperationContext ctx) {
        super(index.getHarness(), ctx, LSMBTreeSearchCursor::new);
    }

    /** Applies {@code operation} to each B-tree entry of the R-tree tuple, computed afresh from it. */
    protected abstract void forEachEntry(ITupleReference rtreeTuple, EntryOperation operation)
            throws HyracksDataException;

    /** Whether {@code cursor} is this organisation's R-tree search cursor (from {@link #createSearchCursor}). */
    protected abstract boolean answersRTreeSearches(IIndexCursor cursor);

    @Override
    public final void insert(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::insert);
    }

    @Override
    public final void delete(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::delete);
    }

    @Override
    public final void upsert(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::upsert);
    }

    @Override
    public final void forceInsert(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::forceInsert);
    }

    @Override
    public final void forceDelete(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::forceDelete);
    }

    @Override
    public final void forceUpsert(ITupleReference tuple) throws HyracksDataException {
        forEachEntry(tuple, super::forceUpsert);
    }

    @Override
    public final void search(IIndexCursor cursor, ISearchPredicate searchPred) throws HyracksDataException {
        if (searchPred instanceof SearchPredicate && answersRTreeSearches(cursor)) {
            cursor.open(null, searchPred);
        } else {
            super.search(cursor, searchPred);
        }
    }
}

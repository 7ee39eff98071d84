package org.spatiallsm.asterixdb.organisation;

import java.io.UncheckedIOException;
import java.util.Optional;

import org.apache.hyracks.api.dataflow.value.IBinaryComparator;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.btree.impls.RangePredicate;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.ICursorInitialState;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.ISearchOperationCallback;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.apache.hyracks.storage.common.MultiComparator;
import org.spatiallsm.curves.GridRect;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.CurveIndex;
import org.spatiallsm.organisations.HilbertOrganisation;
import org.spatiallsm.organisations.SkipScan;

/**
 * Answers an R-tree search (an MBR) on a {@link HilbertBTree} with the skip-scan of {@link SkipScan.Stream}, one
 * candidate at a time: each {@link #hasNext} reads the LSM B-tree range cursor on to the next entry inside the MBR
 * (re-seeking through the pure next-match when the scan leaves the query's cells at a page start), and that entry is
 * returned in place, seen in R-tree layout, so memory stays one cursor whatever the result size. Each seek is a range
 * search of the LSM B-tree from a curve position, which merges the components and drops annihilated entries. Every
 * returned tuple is first offered to AsterixDB's search callback, as the R-tree cursor does (index-only plans read
 * its answer). The search's counters go to the index's {@link SearchCounters} when it ends or is closed.
 *
 * <p>A "page" is a run of {@link #ENTRIES_PER_PAGE} entries: the LSM cursor does not tell leaf-page boundaries.
 */
final class SkipScanCursor extends OrganisationCursor {

    static final int ENTRIES_PER_PAGE = 64;

    private final HilbertBTree index;
    private final HilbertLayout layout;
    private final HilbertLayout.RTreeView current;
    private final ArrayTupleBuilder lowKey = new ArrayTupleBuilder(1);
    private final ArrayTupleReference lowKeyTuple = new ArrayTupleReference();
    private final ArrayTupleBuilder highKey = new ArrayTupleBuilder(1);
    private final ArrayTupleReference highKeyTuple = new ArrayTupleReference();
    private final MultiComparator seekOrder;
    private ILSMIndexAccessor btree;
    private IIndexCursor btreeCursor;
    private SkipScan.Stream<ITupleReference> scan;
    private ITupleReference pending;
    private long returned;

    SkipScanCursor(HilbertBTree index, ISearchOperationCallback searchCallback) {
        super(searchCallback);
        this.index = index;
        this.layout = index.layout();
        this.current = layout.rtreeView();
        this.seekOrder = new MultiComparator(
                new IBinaryComparator[] { index.btreeComparatorFactories()[0].createBinaryComparator() });
    }

    @Override
    public void open(ICursorInitialState initialState, ISearchPredicate searchPred) throws HyracksDataException {
        endSearch();
        ITupleReference key = ((SearchPredicate) searchPred).getLowKey();
        Rect mbr = new Rect(HilbertLayout.coordinate(key, 0), HilbertLayout.coordinate(key, 1),
                HilbertLayout.coordinate(key, 2), HilbertLayout.coordinate(key, 3));
        Optional<GridRect> cells = layout.organisation().cells(mbr);
        if (cells.isEmpty()) {
            index.searchCounters().record(0, 0, 0);
            return;
        }
        if (btree == null) {
            btree = index.btreeAccessor();
            btreeCursor = btree.createSearchCursor(false);
        }
        boolean everyEntry = searchPred instanceof EveryEntryPredicate;
        scan = new SkipScan.Stream<>(this::seek, HilbertOrganisation.ORDER, cells.get(), layout::position,
                entry -> everyEntry || mbr.contains(layout.x(entry), layout.y(entry)));
    }

    /**
     * A range search of the LSM B-tree over the positions [position, last], bounded above by last + 1 exclusive: a
     * position key sorts just before the first entry of its cell (DHB compares it with points), so that bound keeps
     * every entry of cell {@code last}. A leveled organisation skips the components whose key range misses it.
     */
    private CurveIndex.LeafCursor<ITupleReference> seek(long position, long last) {
        try {
            btreeCursor.close();
            lowKey.reset();
            HilbertLayout.writePosition(lowKey, position);
            lowKeyTuple.reset(lowKey.getFieldEndOffsets(), lowKey.getByteArray());
            highKey.reset();
            HilbertLayout.writePosition(highKey, last + 1);
            highKeyTuple.reset(highKey.getFieldEndOffsets(), highKey.getByteArray());
            btree.search(btreeCursor,
                    new RangePredicate(lowKeyTuple, highKeyTuple, true, false, seekOrder, seekOrder));
        } catch (HyracksDataException e) {
            throw new UncheckedIOException(e);
        }
        return new CurveIndex.LeafCursor<>() {
            private long read;

            @Override
            public boolean hasNext() {
                try {
                    return btreeCursor.hasNext();
                } catch (HyracksDataException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public ITupleReference next() {
                try {
                    btreeCursor.next();
                } catch (HyracksDataException e) {
                    throw new UncheckedIOException(e);
                }
                read++;
                return btreeCursor.getTuple();
            }

            @Override
            public boolean atPageStart() {
                return read % ENTRIES_PER_PAGE == 1;
            }
        };
    }

    /** Reads on to the next candidate; it stays valid until the B-tree cursor moves, i.e. the next call. */
    @Override
    public boolean hasNext() throws HyracksDataException {
        if (pending == null && scan != null) {
            try {
                pending = scan.next();
            } catch (UncheckedIOException e) {
                throw HyracksDataException.create(e.getCause());
            }
            if (pending == null) {
                endSearch();
            }
        }
        return pending != null;
    }

    @Override
    public void next() throws HyracksDataException {
        if (!hasNext()) {
            throw Refusal.of("the skip-scan cursor has no next entry");
        }
        current.reset(pending);
        pending = null;
        returned++;
        offer(current);
    }

    @Override
    public ITupleReference getTuple() {
        return current;
    }

    /** Counts the search (once, however it ends) and releases the LSM components its B-tree cursor holds. */
    private void endSearch() throws HyracksDataException {
        if (scan != null) {
            SkipScan.Statistics statistics = scan.statistics();
            index.searchCounters().record(statistics.entriesRead(), returned, statistics.reseeks());
            scan = null;
            btreeCursor.close();
        }
        pending = null;
        returned = 0;
    }

    @Override
    public void close() throws HyracksDataException {
        endSearch();
    }

    @Override
    public void destroy() throws HyracksDataException {
        close();
        if (btree != null) {
            btreeCursor.destroy();
            btree.destroy();
            btree = null;
        }
    }
}

package org.spatiallsm.asterixdb.organisation;

import java.util.Map;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.common.api.IExtendedModificationOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.common.IIndexAccessParameters;
import org.apache.hyracks.storage.common.IIndexBulkLoader;
import org.spatiallsm.geometry.Rect;

/**
 * An {@link OrganisationBTree} of Hilbert entries (DHB ⟨p, pk...⟩ or DHVB ⟨hv, x, y, pk...⟩, see
 * {@link HilbertLayout}) behind an R-tree on a point field: the tuples AsterixDB's R-tree operators insert, delete
 * and bulk-load are translated into the layout, and an R-tree search is answered by the skip-scan in R-tree layout.
 */
public final class HilbertBTree extends OrganisationBTree {

    private final HilbertLayout layout;
    private final SearchCounters searchCounters;

    HilbertBTree(HilbertLayout layout, Parts parts) throws HyracksDataException {
        super(parts, layout.keyFields());
        this.layout = layout;
        this.searchCounters = new SearchCounters(layout.kind());
    }

    HilbertLayout layout() {
        return layout;
    }

    /** What this index's R-tree searches did since it was opened. */
    public SearchCounters searchCounters() {
        return searchCounters;
    }

    @Override
    public Rect space() {
        return layout.organisation().domain();
    }

    @Override
    public boolean holdsPoints() {
        return true;
    }

    @Override
    protected IExtendedModificationOperationCallback inRTreeLayout(IExtendedModificationOperationCallback callback) {
        HilbertLayout.RTreeView before = layout.rtreeView();
        HilbertLayout.RTreeView after = layout.rtreeView();
        return new RTreeLayoutModificationCallback(callback, before::reset, after::reset);
    }

    /** The accessor AsterixDB's operators, flush scheduling and recovery use: it speaks the R-tree layout. */
    @Override
    public ILSMIndexAccessor createAccessor(IIndexAccessParameters iap) {
        return new HilbertBTreeAccessor(this, createOpContext(iap));
    }

    /**
     * What the bulk loader of the Hilbert B-tree {@code kind} ({@code dhb}, {@code dhvb}) makes of an R-tree tuple:
     * its one entry (public for benchmarks).
     */
    public static SortingBulkLoader.EntryFunction bulkLoadEntries(String kind, int btreeFieldCount) {
        HilbertLayout layout = HilbertLayout.of(kind)
                .orElseThrow(() -> new IllegalArgumentException("no Hilbert B-tree organisation '" + kind + "'"));
        return HilbertBulkLoader.entries(layout, btreeFieldCount);
    }

    @Override
    public IIndexBulkLoader createBulkLoader(float fillLevel, boolean verifyInput, long numElementsHint,
            Map<String, Object> parameters) throws HyracksDataException {
        return new HilbertBulkLoader(btreeBulkLoader(fillLevel, verifyInput, numElementsHint, parameters), layout,
                btreeComparatorFactories(), btreeFieldCount(), getIndexIdentifier());
    }
}

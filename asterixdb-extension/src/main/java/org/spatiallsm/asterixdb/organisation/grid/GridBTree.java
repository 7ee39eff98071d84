package org.spatiallsm.asterixdb.organisation.grid;

import java.util.Map;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.PermutingTupleReference;
import org.apache.hyracks.storage.am.common.api.IExtendedModificationOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.common.IIndexAccessParameters;
import org.apache.hyracks.storage.common.IIndexBulkLoader;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;
import org.spatiallsm.asterixdb.organisation.RTreeLayoutModificationCallback;
import org.spatiallsm.asterixdb.organisation.SortingBulkLoader;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.grid.GridOrganisation;
import org.spatiallsm.organisations.grid.GridParameters;
import org.spatiallsm.organisations.grid.GridSpace;

/**
 * An SHB-tree or SIF index (Kim's dissertation, Ch. 4-5) that AsterixDB drives as an R-tree: an
 * {@link OrganisationBTree} with int64 cell keys and one entry per key of an object (see {@link GridLayout}). SIF's
 * inverted file is this B-tree too: the token is the leading key field and a token's postings are its consecutive
 * entries, looked up by an exact-key range search.
 */
public final class GridBTree extends OrganisationBTree {

    private final GridSettings settings;
    private final GridLayout layout;
    private final GridSearchCounters searchCounters;

    GridBTree(Parts parts, GridSettings settings) throws HyracksDataException {
        super(parts, settings.keyFields());
        this.settings = settings;
        this.layout = new GridLayout(settings.organisation(), parts.fieldCount());
        this.searchCounters = new GridSearchCounters(settings.kind());
    }

    GridLayout layout() {
        return layout;
    }

    /** What this index's R-tree searches did since it was opened. */
    public GridSearchCounters searchCounters() {
        return searchCounters;
    }

    @Override
    public Rect space() {
        GridSpace space = GridParameters.parseSpace(settings.space());
        return new Rect(space.x1(), space.y1(), space.x2(), space.y2());
    }

    @Override
    public boolean holdsPoints() {
        return settings.kind() != GridOrganisation.Kind.SHB_OBJECTS;
    }

    @Override
    protected IExtendedModificationOperationCallback inRTreeLayout(IExtendedModificationOperationCallback callback) {
        PermutingTupleReference before = layout.rtreeView(btreeFieldCount());
        PermutingTupleReference after = layout.rtreeView(btreeFieldCount());
        return new OneLogPerObjectCallback(new RTreeLayoutModificationCallback(callback, stored -> {
            before.reset(stored);
            return before;
        }, stored -> {
            after.reset(stored);
            return after;
        }));
    }

    @Override
    public ILSMIndexAccessor createAccessor(IIndexAccessParameters iap) {
        return new GridAccessor(this, createOpContext(iap));
    }

    /**
     * Each R-tree tuple becomes its object's entries, sorted in the B-tree's order with bounded memory, on the cell
     * key and coordinates as longs.
     */
    @Override
    public IIndexBulkLoader createBulkLoader(float fillLevel, boolean verifyInput, long numElementsHint,
            Map<String, Object> parameters) throws HyracksDataException {
        return new SortingBulkLoader(btreeBulkLoader(fillLevel, verifyInput, numElementsHint, parameters),
                btreeComparatorFactories(), settings.numericKeys(),
                bulkLoadEntries(settings.organisation(), btreeFieldCount()), getIndexIdentifier());
    }

    /** What the bulk loader makes of an R-tree tuple: one entry per key of its object (public for benchmarks). */
    public static SortingBulkLoader.EntryFunction bulkLoadEntries(GridOrganisation organisation,
            int btreeFieldCount) {
        GridLayout entries = new GridLayout(organisation, btreeFieldCount);
        return (rtreeTuple, sink) -> {
            int count = entries.entries(rtreeTuple);
            for (int entry = 0; entry < count; entry++) {
                sink.add(entries.entry(rtreeTuple, entry));
            }
        };
    }
}

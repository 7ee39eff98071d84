package org.spatiallsm.asterixdb.organisation.grid;

import java.util.Map;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.common.api.IExtendedModificationOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.common.IIndexAccessParameters;
import org.apache.hyracks.storage.common.IIndexBulkLoader;
import org.spatiallsm.asterixdb.organisation.DhvbBTree;
import org.spatiallsm.asterixdb.organisation.RTreeLayoutModificationCallback;
import org.spatiallsm.organizations.grid.GridOrganisation;

/**
 * An SHB-tree or SIF index (notes §6-§8) that AsterixDB drives as an R-tree: the same LSM B-tree behind an R-tree
 * as DHVB (flushes, merges, anti-matter, recovery are the B-tree's own), with int64 cell keys and one entry per
 * key of an object (see {@link GridLayout}). SIF's inverted file is this B-tree too: the token is the leading key
 * field and a token's postings are its consecutive entries, looked up by an exact-key range search.
 */
public final class GridBTree extends DhvbBTree {

    private final GridLayout layout;

    GridBTree(Parts parts, GridOrganisation organisation) throws HyracksDataException {
        super(parts);
        this.layout = new GridLayout(organisation, parts.fieldCount());
    }

    GridLayout layout() {
        return layout;
    }

    /** Opened to this package (the accessor and cursor). */
    @Override
    protected int btreeFieldCount() {
        return super.btreeFieldCount();
    }

    @Override
    public int getFieldCount() {
        return GridLayout.rtreeFieldCount(layout.organisation().kind(), btreeFieldCount());
    }

    @Override
    protected IExtendedModificationOperationCallback inRTreeLayout(IExtendedModificationOperationCallback callback) {
        return new OneLogPerObjectCallback(new RTreeLayoutModificationCallback(callback,
                layout.rtreeView(btreeFieldCount()), layout.rtreeView(btreeFieldCount())));
    }

    @Override
    public ILSMIndexAccessor createAccessor(IIndexAccessParameters iap) {
        return new GridAccessor(this, createOpContext(iap));
    }

    /** Opened to this package (the cursor). */
    @Override
    protected ILSMIndexAccessor btreeAccessor() {
        return super.btreeAccessor();
    }

    @Override
    public IIndexBulkLoader createBulkLoader(float fillLevel, boolean verifyInput, long numElementsHint,
            Map<String, Object> parameters) throws HyracksDataException {
        return new GridBulkLoader(btreeBulkLoader(fillLevel, verifyInput, numElementsHint, parameters),
                new GridLayout(layout.organisation(), btreeFieldCount()), getComparatorFactories());
    }
}

package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.common.IIndexBulkLoader;
import org.apache.hyracks.storage.common.buffercache.ICachedPage;

/**
 * A bulk loader with no index behind it: it counts the entries it is given and drops them, and never writes a page.
 * It stands where the B-tree would behind a {@link SortingBulkLoader} when only the sort is of interest: timed (the
 * bench module's {@code bulk-load}) or checked (a subclass that records what arrives).
 */
public class CountingBulkLoader implements IIndexBulkLoader {

    private long entries;

    @Override
    public void add(ITupleReference tuple) {
        entries++;
    }

    /** The entries added so far. */
    public long entries() {
        return entries;
    }

    @Override
    public void end() {
        // Nothing was written, so nothing to finish.
    }

    @Override
    public void abort() {
        // Nothing was written, so nothing to undo.
    }

    @Override
    public void force() {
        // No page to force.
    }

    @Override
    public void writeFailed(ICachedPage page, Throwable failure) {
        // No page is written, so none can fail.
    }

    @Override
    public boolean hasFailed() {
        return false;
    }

    @Override
    public Throwable getFailure() {
        return null;
    }
}

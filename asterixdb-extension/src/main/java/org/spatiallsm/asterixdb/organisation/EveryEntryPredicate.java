package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;

/**
 * An R-tree search of an organisation that returns every live entry, those with a NaN coordinate too, which a
 * window search never returns (a NaN lies in no window). The last window of a kNN search is this one, so that it sees
 * every entry a full scan sorts: the scan orders a NaN distance after every other, and returns it when fewer entries
 * are nearer than it wants.
 */
public final class EveryEntryPredicate extends SearchPredicate {

    private static final long serialVersionUID = 1L;

    /** @param wholePlaneKey the search key of the whole plane (infinite corners), which reads every cell or range */
    public EveryEntryPredicate(ITupleReference wholePlaneKey) {
        super(wholePlaneKey, null);
    }
}

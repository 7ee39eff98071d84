package org.spatiallsm.asterixdb.organisation.grid;

import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.spatiallsm.introspection.GridListing;
import org.spatiallsm.organisations.grid.GridOrganisation;


/**
 * What the R-tree searches of one SHB-tree or SIF index partition did since it was opened (a restart starts from 0):
 * searches, B-tree ranges (SHB) or tokens (SIF) searched, candidates read from them and results returned after
 * refinement against the query MBR (false-positive ratio = 1 - results / candidates).
 */
public final class GridSearchCounters {

    private final GridOrganisation.Kind kind;
    private final LongAdder searches = new LongAdder();
    private final LongAdder ranges = new LongAdder();
    private final LongAdder candidates = new LongAdder();
    private final LongAdder results = new LongAdder();

    GridSearchCounters(GridOrganisation.Kind kind) {
        this.kind = kind;
    }

    /** The counters of {@code index}, if it is an SHB-tree or SIF index. */
    public static Optional<GridSearchCounters> of(ILSMIndex index) {
        return index instanceof GridBTree grid ? Optional.of(grid.searchCounters()) : Optional.empty();
    }

    void search(int rangesSearched) {
        searches.increment();
        ranges.add(rangesSearched);
    }

    void candidate() {
        candidates.increment();
    }

    void result() {
        results.increment();
    }

    /** A reading of the counters, as the components listing shows it. */
    public GridListing toListing() {
        return new GridListing(kind == GridOrganisation.Kind.SIF ? "sif" : "shb", kind.name(), searches.sum(),
                ranges.sum(), candidates.sum(), results.sum());
    }
}

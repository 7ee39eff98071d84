package org.spatiallsm.asterixdb.organisation;

import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.spatiallsm.introspection.SkipScanListing;


/**
 * What the R-tree searches of one Hilbert B-tree index partition did since it was opened (a restart starts from 0):
 * searches, the candidates the B-tree scans returned (entries read, in the query's curve cells or scanned past
 * within a page), the results left after refinement against the query MBR (what the index hands the query plan), and
 * the re-seeks. A query's own refinement against its region (a circle, a polygon) runs after the index, in the plan.
 */
public final class SearchCounters {

    private final String organisation;
    private final LongAdder searches = new LongAdder();
    private final LongAdder candidates = new LongAdder();
    private final LongAdder results = new LongAdder();
    private final LongAdder reseeks = new LongAdder();

    SearchCounters(String organisation) {
        this.organisation = organisation;
    }

    /** The counters of {@code index}, if it is a Hilbert B-tree. */
    public static Optional<SearchCounters> of(ILSMIndex index) {
        return index instanceof HilbertBTree hilbert ? Optional.of(hilbert.searchCounters()) : Optional.empty();
    }

    void record(long candidatesRead, long resultsReturned, long reseeksDone) {
        searches.increment();
        candidates.add(candidatesRead);
        results.add(resultsReturned);
        reseeks.add(reseeksDone);
    }

    /** A reading of the counters, as the components listing shows it. */
    public SkipScanListing toListing() {
        return new SkipScanListing(organisation, searches.sum(), candidates.sum(), results.sum(), reseeks.sum());
    }
}

package org.spatiallsm.client.lsm;

import org.spatiallsm.introspection.SkipScanListing;

/**
 * What the R-tree searches of a DHB or DHVB index partition did since the node opened it (see docs/introspection.md).
 *
 * @param organisation {@code dhb} or {@code dhvb}
 * @param searches     searches run
 * @param candidates   entries the skip-scan read from the B-tree
 * @param results      candidates inside the query MBR, handed to the query plan
 * @param reseeks      B-tree searches after each search's first
 */
public record SkipScanCounters(String organisation, long searches, long candidates, long results, long reseeks) {

    static SkipScanCounters of(SkipScanListing counters) {
        return new SkipScanCounters(counters.organisation(), counters.searches(), counters.candidates(),
                counters.results(), counters.reseeks());
    }

    /** Candidates refinement against the MBR discarded, per candidate (0 when there were none). */
    public double falsePositiveRatio() {
        return candidates == 0 ? 0 : (double) (candidates - results) / candidates;
    }
}

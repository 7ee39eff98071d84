package org.spatiallsm.client.lsm;

import org.spatiallsm.introspection.GridListing;

/**
 * What the R-tree searches of an SHB-tree or SIF index partition did since the node opened it (see
 * docs/introspection.md).
 *
 * @param organisation {@code shb} or {@code sif}
 * @param layout       {@code SHB_POINTS}, {@code SHB_OBJECTS} (MBRs, one entry per cell) or {@code SIF}
 * @param searches     searches run
 * @param ranges       B-tree range searches run: merged cell ranges (SHB) or exact tokens (SIF)
 * @param candidates   entries read from those ranges
 * @param results      candidates inside the query MBR, each primary key once, handed to the query plan
 */
public record GridCounters(String organisation, String layout, long searches, long ranges, long candidates,
        long results) {

    static GridCounters of(GridListing counters) {
        return new GridCounters(counters.organisation(), counters.layout(), counters.searches(), counters.ranges(),
                counters.candidates(), counters.results());
    }

    /** Candidates refinement discarded, per candidate (0 when there were none). */
    public double falsePositiveRatio() {
        return candidates == 0 ? 0 : (double) (candidates - results) / candidates;
    }
}

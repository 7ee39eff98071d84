package org.spatiallsm.introspection;

/**
 * What the R-tree searches of an SHB-tree or SIF index partition did.
 *
 * @param organisation {@code shb} or {@code sif}
 * @param layout       {@code SHB_POINTS}, {@code SHB_OBJECTS} or {@code SIF}
 * @param ranges       B-tree range searches run: merged cell ranges (SHB) or exact tokens (SIF)
 * @param candidates   entries read from those ranges
 * @param results      candidates inside the query MBR, each primary key once
 */
public record GridListing(String organisation, String layout, long searches, long ranges, long candidates,
        long results) {
}

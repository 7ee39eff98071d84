package org.spatiallsm.introspection;

/**
 * What the R-tree searches of a DHB or DHVB index partition did.
 *
 * @param organisation {@code dhb} or {@code dhvb}
 * @param candidates   entries the skip-scan read from the B-tree
 * @param results      candidates inside the query MBR
 * @param reseeks      B-tree searches after each search's first
 */
public record SkipScanListing(String organisation, long searches, long candidates, long results, long reseeks) {
}

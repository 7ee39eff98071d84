package org.spatiallsm.introspection;

import java.util.List;

/**
 * One node controller's answer to {@code /spatial-lsm/components} (and to {@code /spatial-lsm/flush}): every index
 * partition of one dataset that the node stores, primary indexes first.
 */
public record ComponentsListing(String node, String dataverse, String dataset, List<IndexListing> indexes) {

    public ComponentsListing {
        indexes = List.copyOf(indexes);
    }
}

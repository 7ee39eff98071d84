package org.spatiallsm.asterixdb.rtree.partitioned;

import org.spatiallsm.storage.IndexStorageOptions;

/**
 * The internal switch of the multi-output-merge spike (issue 13), not a user option: when the CC runs with
 * {@code -Dspatiallsm.spike.partitionedMergeOutputs=K} (K >= 2), an R-tree created with the merge policy
 * {@code constant-all} gets a {@link PartitionedMergeRTree} whose merges write K components. The choice is
 * persisted with the index, so the property matters only when an index is created.
 */
public final class PartitionedMergeSpike {

    public static final String OUTPUTS_PROPERTY = "spatiallsm.spike.partitionedMergeOutputs";
    /** The policy that always merges whole stacks, hence always all outputs of earlier merges together. */
    private static final String POLICY = "constant-all";

    private PartitionedMergeSpike() {
    }

    /** How many components a merge of an R-tree with {@code options} writes: 1 unless the spike applies. */
    public static int mergeOutputs(IndexStorageOptions options) {
        String outputs = System.getProperty(OUTPUTS_PROPERTY);
        if (outputs == null || options.mergePolicy().filter(p -> p.name().equals(POLICY)).isEmpty()) {
            return 1;
        }
        return Math.max(1, Integer.parseInt(outputs.trim()));
    }
}

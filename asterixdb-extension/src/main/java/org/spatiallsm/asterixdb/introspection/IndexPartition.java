package org.spatiallsm.asterixdb.introspection;

import org.apache.asterix.common.storage.ResourceReference;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;

/**
 * Which index partition an LSM index is, read from its storage path {@code .../partition_P/dataverse/dataset/N/index}.
 */
public record IndexPartition(String dataverse, String dataset, String index, int partition) {

    public static IndexPartition of(ILSMIndex index) {
        ResourceReference reference = ResourceReference.ofIndex(index.getIndexIdentifier());
        return new IndexPartition(reference.getDataverse().getCanonicalForm(), reference.getDataset(),
                reference.getIndex(), reference.getPartitionNum());
    }

    public boolean belongsTo(String dataverseName, String datasetName) {
        return dataverse.equals(dataverseName) && dataset.equals(datasetName);
    }
}

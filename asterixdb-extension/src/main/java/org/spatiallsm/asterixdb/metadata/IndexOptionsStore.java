package org.spatiallsm.asterixdb.metadata;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.asterix.common.metadata.DataverseName;
import org.apache.asterix.metadata.MetadataManager;
import org.apache.asterix.metadata.MetadataTransactionContext;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Index;
import org.spatiallsm.storage.IndexStorageOptions;

/**
 * Keeps each secondary index's storage options on the CC, as namespaced entries of its dataset's hints
 * ({@code Metadata.Dataset.Hints}): they live and die with the dataset entity (DROP DATASET / DATAVERSE), survive
 * restarts with the metadata, and can be queried like any metadata. Writes are serialized on the CC, where all DDL
 * runs, so that two index statements on one dataset cannot overwrite each other's entries.
 */
public final class IndexOptionsStore {

    private static final Object WRITE_LOCK = new Object();

    private IndexOptionsStore() {
    }

    public static IndexStorageOptions read(Dataset dataset, String indexName) {
        return IndexStorageOptions.fromHints(indexName, dataset.getHints());
    }

    /** The names of the dataset's existing indexes that have options of their own, in name order. */
    public static List<String> indexesWithOptions(Dataset dataset) throws Exception {
        MetadataTransactionContext tx = MetadataManager.INSTANCE.beginTransaction();
        try {
            List<String> names = new ArrayList<>();
            for (Index index : MetadataManager.INSTANCE.getDatasetIndexes(tx, dataset.getDataverseName(),
                    dataset.getDatasetName())) {
                if (!read(dataset, index.getIndexName()).isEmpty()) {
                    names.add(index.getIndexName());
                }
            }
            Collections.sort(names);
            return names;
        } finally {
            MetadataManager.INSTANCE.commitTransaction(tx);
        }
    }

    /** Replaces the index's entries with {@code options} (none, for {@link IndexStorageOptions#NONE}). */
    public static void write(DataverseName dataverse, String datasetName, String indexName,
            IndexStorageOptions options) throws Exception {
        synchronized (WRITE_LOCK) {
            MetadataTransactionContext tx = MetadataManager.INSTANCE.beginTransaction();
            try {
                Dataset dataset = MetadataManager.INSTANCE.getDataset(tx, dataverse, datasetName);
                if (dataset != null) {
                    Map<String, String> hints = IndexStorageOptions.withoutIndex(indexName, dataset.getHints());
                    hints.putAll(options.toHints(indexName));
                    if (!hints.equals(dataset.getHints())) {
                        MetadataManager.INSTANCE.updateDataset(tx, withHints(dataset, hints));
                    }
                }
                MetadataManager.INSTANCE.commitTransaction(tx);
            } catch (Exception e) {
                MetadataManager.INSTANCE.abortTransaction(tx);
                throw e;
            }
        }
    }

    private static Dataset withHints(Dataset d, Map<String, String> hints) {
        return new Dataset(d.getDataverseName(), d.getDatasetName(), d.getItemTypeDataverseName(), d.getItemTypeName(),
                d.getMetaItemTypeDataverseName(), d.getMetaItemTypeName(), d.getNodeGroupName(),
                d.getCompactionPolicy(), d.getCompactionPolicyProperties(), d.getDatasetDetails(), new HashMap<>(hints),
                d.getDatasetType(), d.getDatasetId(), d.getPendingOp(), d.getRebalanceCount(),
                d.getCompressionScheme());
    }
}

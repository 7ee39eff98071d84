package org.spatiallsm.asterixdb.metadata;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import org.apache.asterix.common.config.DatasetConfig.DatasetType;
import org.apache.asterix.common.utils.StorageConstants;
import org.apache.asterix.common.metadata.DataverseName;
import org.apache.asterix.metadata.MetadataManager;
import org.apache.asterix.metadata.MetadataTransactionContext;
import org.apache.asterix.metadata.bootstrap.MetadataBuiltinEntities;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Dataverse;
import org.apache.asterix.metadata.entities.ViewDetails;
import org.apache.asterix.metadata.utils.MetadataConstants;
import org.apache.asterix.metadata.utils.MetadataUtil;
import org.apache.asterix.runtime.formats.NonTaggedDataFormat;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.algebricks.common.utils.Triple;

/**
 * {@code SpatialLsm.IndexStorage}: a view with one row per index of every internal dataset, showing the storage
 * choices in force (merge policy and parameters, where it was set, the R-tree comparator, for a leveled R-tree its
 * partitioning and output cap, the organisation behind an R-tree and its parameters). It reads
 * {@code Metadata.Index} and {@code Metadata.Dataset}, including the hints that hold per-index options, so it is
 * always current. Installed (or refreshed to this version's definition) at every boot of the metadata node.
 */
final class IndexStorageView {

    // A name known to be valid, like AsterixDB's own Metadata dataverse.
    static final DataverseName DATAVERSE = DataverseName.createBuiltinDataverseName("SpatialLsm");
    static final String NAME = "IndexStorage";

    private IndexStorageView() {
    }

    static void install(MetadataTransactionContext tx) throws AlgebricksException {
        if (MetadataManager.INSTANCE.getDataverse(tx, DATAVERSE) == null) {
            MetadataManager.INSTANCE.addDataverse(tx,
                    new Dataverse(DATAVERSE, NonTaggedDataFormat.class.getName(), MetadataUtil.PENDING_NO_OP));
        }
        List<Triple<DataverseName, String, String>> reads = List.of(
                new Triple<>(MetadataConstants.METADATA_DATAVERSE_NAME, "Index", null),
                new Triple<>(MetadataConstants.METADATA_DATAVERSE_NAME, "Dataset", null));
        ViewDetails details = new ViewDetails(body(), ViewDetails.createDependencies(reads, Collections.emptyList(),
                Collections.emptyList(), Collections.emptyList()), null, null, null, null, null, null);
        // Untyped, as CREATE VIEW makes a view without a type.
        Dataset view = new Dataset(DATAVERSE, NAME, MetadataBuiltinEntities.ANY_OBJECT_DATATYPE.getDataverseName(),
                MetadataBuiltinEntities.ANY_OBJECT_DATATYPE.getDatatypeName(),
                MetadataConstants.METADATA_NODEGROUP_NAME, "",
                Collections.emptyMap(), details, Collections.emptyMap(), DatasetType.VIEW, 0,
                MetadataUtil.PENDING_NO_OP);
        if (MetadataManager.INSTANCE.getDataset(tx, DATAVERSE, NAME) == null) {
            MetadataManager.INSTANCE.addDataset(tx, view);
        } else {
            MetadataManager.INSTANCE.updateDataset(tx, view);
        }
    }

    private static String body() {
        try (InputStream in = IndexStorageView.class.getResourceAsStream("index-storage-view.sqlpp")) {
            // An index beside a leveled primary index without a policy of its own runs AsterixDB's default.
            String defaultParameters = StorageConstants.DEFAULT_COMPACTION_POLICY_PROPERTIES.entrySet().stream()
                    .map(p -> "{\"Name\": \"" + p.getKey() + "\", \"Value\": \"" + p.getValue() + "\"}")
                    .collect(Collectors.joining(", ", "[", "]"));
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip()
                    .replace("${DEFAULT_POLICY}", StorageConstants.DEFAULT_COMPACTION_POLICY_NAME)
                    .replace("${DEFAULT_PARAMETERS}", defaultParameters);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package org.spatiallsm.asterixdb.organisation;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.asterix.common.config.DatasetConfig.DatasetType;
import org.apache.asterix.common.config.DatasetConfig.IndexType;
import org.apache.asterix.common.context.IStorageComponentProvider;
import org.apache.asterix.formats.nontagged.NullIntrospector;
import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Index;
import org.apache.asterix.metadata.utils.DatasetUtil;
import org.apache.asterix.om.types.ARecordType;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.asterix.om.types.IAType;
import org.apache.asterix.common.context.AsterixVirtualBufferCacheProvider;
import org.apache.asterix.transaction.management.resource.DatasetLocalResourceFactory;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.apache.hyracks.storage.common.IResourceFactory;
import org.spatiallsm.asterixdb.organisation.grid.GridSwap;
import org.spatiallsm.storage.IndexOrganisation;
import org.spatiallsm.storage.IndexStorageOptions;

/**
 * The physical swap: an R-tree index whose storage options name an {@link IndexOrganisation} is stored as that
 * organisation's LSM index. Its metadata stays an R-tree, so the optimizer, DML, feeds and index-only plans treat it
 * as one. Until the DDL ({@code TYPE DHVBTREE} ...) sets the organisation, the internal switch {@value #PROPERTY}
 * (read on the CC when the index is created; comma-separated {@code index} for DHVB or {@code index:kind}) does.
 */
public final class PhysicalSwap {

    public static final String PROPERTY = "spatiallsm.internal.dhvb-indexes";

    private PhysicalSwap() {
    }

    /** The organisation behind the R-tree {@code index}; empty for an ordinary R-tree or another index type. */
    public static Optional<IndexOrganisation> organisation(Index index, IndexStorageOptions options) {
        if (index.isPrimaryIndex() || index.getIndexType() != IndexType.RTREE) {
            return Optional.empty();
        }
        if (options.organisation().isPresent()) {
            return options.organisation();
        }
        for (String entry : System.getProperty(PROPERTY, "").split(",")) {
            String[] nameAndKind = entry.split(":", 2);
            if (nameAndKind[0].equals(index.getIndexName())) {
                String kind = nameAndKind.length == 2 ? nameAndKind[1] : IndexOrganisation.DHVB;
                return Optional.of(IndexOrganisation.of(kind));
            }
        }
        return Optional.empty();
    }

    /** The resource factory of the {@code organisation} index standing in for the R-tree {@code index}. */
    public static IResourceFactory resourceFactory(IndexOrganisation organisation, Dataset dataset,
            MetadataProvider metadataProvider, Index index, ARecordType recordType, ARecordType metaType,
            ILSMMergePolicyFactory mergePolicyFactory, Map<String, String> mergePolicyProperties)
            throws AlgebricksException {
        if (organisation.kind().equals(IndexOrganisation.SHB) || organisation.kind().equals(IndexOrganisation.SIF)) {
            return GridSwap.resourceFactory(organisation, dataset, metadataProvider, index, recordType, metaType,
                    mergePolicyFactory, mergePolicyProperties);
        }
        if (!organisation.kind().equals(IndexOrganisation.DHVB)) {
            throw new AlgebricksException("index " + index.getIndexName() + ": the " + organisation.kind()
                    + " organisation is not available yet");
        }
        List<List<String>> keyFields = ((Index.ValueIndexDetails) index.getIndexDetails()).getKeyFieldNames();
        IAType keyType = recordType.getSubFieldType(keyFields.get(0));
        if (dataset.getDatasetType() != DatasetType.INTERNAL || dataset.hasMetaPart()
                || DatasetUtil.getFilterField(dataset) != null || keyType == null
                || keyType.getTypeTag() != ATypeTag.POINT) {
            throw new AlgebricksException("index " + index.getIndexName() + ": a DHVB index needs a declared point "
                    + "field of an internal dataset without a filter or meta part");
        }
        IStorageComponentProvider storage = metadataProvider.getStorageComponentProvider();
        ITypeTraits[] primaryTraits = dataset.getPrimaryTypeTraits(metadataProvider, recordType, metaType);
        IBinaryComparatorFactory[] primaryOrder =
                dataset.getPrimaryComparatorFactories(metadataProvider, recordType, metaType);
        int primaryKeys = dataset.getPrimaryKeys().size();
        ITypeTraits[] traits = new ITypeTraits[DhvbTuples.BTREE_KEY_FIELDS + primaryKeys];
        IBinaryComparatorFactory[] order = new IBinaryComparatorFactory[traits.length];
        traits[0] = storage.getTypeTraitProvider().getTypeTrait(BuiltinType.AINT64);
        order[0] = storage.getComparatorFactoryProvider().getBinaryComparatorFactory(BuiltinType.AINT64, true);
        for (int coordinate = 1; coordinate < DhvbTuples.BTREE_KEY_FIELDS; coordinate++) {
            traits[coordinate] = storage.getTypeTraitProvider().getTypeTrait(BuiltinType.ADOUBLE);
            order[coordinate] =
                    storage.getComparatorFactoryProvider().getBinaryComparatorFactory(BuiltinType.ADOUBLE, true);
        }
        for (int key = 0; key < primaryKeys; key++) {
            traits[DhvbTuples.BTREE_KEY_FIELDS + key] = primaryTraits[key];
            order[DhvbTuples.BTREE_KEY_FIELDS + key] = primaryOrder[key];
        }
        DhvbBTreeResourceFactory dhvb = new DhvbBTreeResourceFactory(storage.getStorageManager(), traits, order,
                dataset.getIndexOperationTrackerFactory(index), dataset.getIoOperationCallbackFactory(index),
                dataset.getPageWriteCallbackFactory(), storage.getMetadataPageManagerFactory(),
                new AsterixVirtualBufferCacheProvider(dataset.getDatasetId()),
                storage.getIoOperationSchedulerProvider(), mergePolicyFactory, mergePolicyProperties,
                storage.getTypeTraitProvider().getTypeTrait(BuiltinType.ANULL), NullIntrospector.INSTANCE);
        return new DatasetLocalResourceFactory(dataset.getDatasetId(), dhvb);
    }
}

package org.spatiallsm.asterixdb.organisation;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.asterix.common.config.DatasetConfig.DatasetType;
import org.apache.asterix.common.context.IStorageComponentProvider;
import org.apache.asterix.formats.nontagged.NullIntrospector;
import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Index;
import org.apache.asterix.metadata.utils.DatasetUtil;
import org.apache.asterix.om.types.ARecordType;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.AUnionType;
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
import org.spatiallsm.storage.OrganisationTypes;

/**
 * The physical swap: an R-tree index whose storage options name an {@link IndexOrganisation} ({@code CREATE INDEX
 * ... TYPE DHVBTREE} and the other organisation types) is stored as that organisation's LSM index. Its metadata stays
 * an R-tree, so the optimizer, DML, feeds and index-only plans treat it as one.
 */
public final class PhysicalSwap {

    private PhysicalSwap() {
    }

    /** The resource factory of the {@code organisation} index standing in for the R-tree {@code index}. */
    public static IResourceFactory resourceFactory(IndexOrganisation organisation, Dataset dataset,
            MetadataProvider metadataProvider, Index index, ARecordType recordType, ARecordType metaType,
            ILSMMergePolicyFactory mergePolicyFactory, Map<String, String> mergePolicyProperties)
            throws AlgebricksException {
        String type = OrganisationTypes.typeName(organisation.kind());
        List<String> keyField = ((Index.ValueIndexDetails) index.getIndexDetails()).getKeyFieldNames().get(0);
        IAType keyType = recordType.getSubFieldType(keyField);
        if (keyType instanceof AUnionType optional) {
            keyType = optional.getActualType();
        }
        if (keyType != null && keyType.getTypeTag() != ATypeTag.POINT
                && OrganisationTypes.indexesPointsOnly(organisation.kind())) {
            throw new AlgebricksException("index " + index.getIndexName() + ": TYPE " + type + " indexes points "
                    + "only; field " + String.join(".", keyField) + " is a " + keyType.getTypeName());
        }
        if (dataset.getDatasetType() != DatasetType.INTERNAL || dataset.hasMetaPart()
                || DatasetUtil.getFilterField(dataset) != null || keyType == null) {
            throw new AlgebricksException("index " + index.getIndexName() + ": TYPE " + type + " needs a declared "
                    + "field of an internal dataset without a filter or meta part");
        }
        OrganisationStorage stored = storage(organisation, keyType.getTypeTag(), index.getIndexName());
        IStorageComponentProvider storage = metadataProvider.getStorageComponentProvider();
        ITypeTraits[] primaryTraits = dataset.getPrimaryTypeTraits(metadataProvider, recordType, metaType);
        IBinaryComparatorFactory[] primaryOrder =
                dataset.getPrimaryComparatorFactories(metadataProvider, recordType, metaType);
        int primaryKeys = dataset.getPrimaryKeys().size();
        ITypeTraits[] traits = new ITypeTraits[stored.keyFields() + primaryKeys];
        IBinaryComparatorFactory[] order = new IBinaryComparatorFactory[traits.length];
        stored.keyTypes(storage, traits, order);
        System.arraycopy(primaryTraits, 0, traits, stored.keyFields(), primaryKeys);
        System.arraycopy(primaryOrder, 0, order, stored.keyFields(), primaryKeys);
        OrganisationBTreeResourceFactory factory = new OrganisationBTreeResourceFactory(stored,
                storage.getStorageManager(), traits, order, dataset.getIndexOperationTrackerFactory(index),
                dataset.getIoOperationCallbackFactory(index), dataset.getPageWriteCallbackFactory(),
                storage.getMetadataPageManagerFactory(), new AsterixVirtualBufferCacheProvider(dataset.getDatasetId()),
                storage.getIoOperationSchedulerProvider(), mergePolicyFactory, mergePolicyProperties,
                storage.getTypeTraitProvider().getTypeTrait(BuiltinType.ANULL), NullIntrospector.INSTANCE);
        return new DatasetLocalResourceFactory(dataset.getDatasetId(), factory);
    }

    /** The Hilbert layout of a DHB or DHVB index, the grid of an SHB or SIF one. */
    private static OrganisationStorage storage(IndexOrganisation organisation, ATypeTag field, String indexName)
            throws AlgebricksException {
        Optional<HilbertLayout> hilbert = HilbertLayout.of(organisation.kind());
        if (hilbert.isPresent()) {
            return hilbert.get();
        }
        return GridSwap.storage(organisation, field, indexName);
    }
}

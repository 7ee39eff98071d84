package org.spatiallsm.asterixdb.organisation;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

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

/**
 * The internal switch of the physical-swap proof: an R-tree index on a point field whose name is listed in the
 * system property {@value #PROPERTY} (comma-separated, read on the CC when the index is created) is stored as a
 * {@link DhvbBTree}. Its metadata stays an R-tree, so the optimizer, DML, feeds and index-only plans treat it as one.
 * Not a user-visible option: the DDL ({@code TYPE DHVBTREE}) will replace it.
 */
public final class PhysicalSwap {

    public static final String PROPERTY = "spatiallsm.internal.dhvb-indexes";

    private PhysicalSwap() {
    }

    public static boolean requested(Index index) {
        String names = System.getProperty(PROPERTY, "");
        return !index.isPrimaryIndex() && index.getIndexType() == IndexType.RTREE
                && Arrays.asList(names.split(",")).contains(index.getIndexName());
    }

    /** The resource factory of a DHVB index standing in for the R-tree {@code index}. */
    public static IResourceFactory resourceFactory(Dataset dataset, MetadataProvider metadataProvider, Index index,
            ARecordType recordType, ARecordType metaType, ILSMMergePolicyFactory mergePolicyFactory,
            Map<String, String> mergePolicyProperties) throws AlgebricksException {
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

package org.spatiallsm.asterixdb.metadata;

import java.util.HashMap;
import java.util.Map;

import org.apache.asterix.common.config.DatasetConfig.DatasetType;
import org.apache.asterix.common.config.DatasetConfig.IndexType;
import org.apache.asterix.metadata.MetadataManager;
import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.CompactionPolicy;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Index;
import org.apache.asterix.metadata.utils.DatasetUtil;
import org.apache.asterix.metadata.utils.MetadataConstants;
import org.apache.asterix.metadata.utils.RTreeResourceFactoryProvider;
import org.apache.asterix.transaction.management.resource.DatasetLocalResourceFactory;
import org.apache.asterix.om.types.ARecordType;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResourceFactory;
import org.apache.hyracks.storage.common.IResourceFactory;
import org.spatiallsm.asterixdb.rtree.RTreeLinearizers;
import org.spatiallsm.storage.IndexStorageOptions;
import org.spatiallsm.storage.MergePolicyChoice;

/**
 * A dataset as spatial-lsm's CC sees it: stock, except that a secondary index created with its own storage options
 * gets a resource factory built from them, and every R-tree of an internal dataset gets its curve order computed
 * fast (the same order as AsterixDB's). AsterixDB asks the dataset for an index's resource factory when it
 * creates the index; the factory (and the merge policy in it) is then persisted with the index on every NC.
 */
public class SpatialDataset extends Dataset {
    private static final long serialVersionUID = 1L;

    public SpatialDataset(Dataset dataset) {
        super(dataset);
    }

    @Override
    public IResourceFactory getResourceFactory(MetadataProvider metadataProvider, Index index, ARecordType recordType,
            ARecordType metaType, ILSMMergePolicyFactory mergePolicyFactory, Map<String, String> mergePolicyProperties)
            throws AlgebricksException {
        IndexStorageOptions options = IndexOptionsStore.read(this, index.getIndexName());
        boolean internalRTree = index.getIndexType() == IndexType.RTREE && getDatasetType() == DatasetType.INTERNAL;
        if (index.isPrimaryIndex() || (options.isEmpty() && !internalRTree)) {
            return super.getResourceFactory(metadataProvider, index, recordType, metaType, mergePolicyFactory,
                    mergePolicyProperties);
        }
        ILSMMergePolicyFactory policyFactory = mergePolicyFactory;
        Map<String, String> policyProperties = mergePolicyProperties;
        if (options.mergePolicy().isPresent()) {
            MergePolicyChoice policy = options.mergePolicy().get();
            policyFactory = mergePolicyFactory(metadataProvider, policy.name());
            policyProperties = new HashMap<>(policy.parameters());
        }
        if (options.comparator().isEmpty() && !internalRTree) {
            return super.getResourceFactory(metadataProvider, index, recordType, metaType, policyFactory,
                    policyProperties);
        }
        // The stock R-tree resource, built by AsterixDB's own provider, then given the chosen order, or its own
        // (default) order computed fast.
        ITypeTraits[] filterTypeTraits = DatasetUtil.computeFilterTypeTraits(this, recordType, metaType);
        IBinaryComparatorFactory[] filterComparators = DatasetUtil.computeFilterBinaryComparatorFactories(this,
                recordType, metaType, metadataProvider.getStorageComponentProvider().getComparatorFactoryProvider());
        IResourceFactory rtree = RTreeResourceFactoryProvider.INSTANCE.getResourceFactory(metadataProvider, this, index,
                recordType, metaType, policyFactory, policyProperties, filterTypeTraits, filterComparators);
        if (!(rtree instanceof LSMRTreeWithAntiMatterLocalResourceFactory antiMatterRTree)) {
            throw new AlgebricksException("index " + index.getIndexName() + ": a comparator can be chosen only for "
                    + "R-tree indexes of internal datasets");
        }
        ILinearizeComparatorFactory order = options.comparator().isPresent()
                ? RTreeLinearizers.factory(options.comparator().get(), RTreeLinearizers.dimensions(antiMatterRTree))
                : RTreeLinearizers.fastEquivalent(RTreeLinearizers.order(antiMatterRTree));
        RTreeLinearizers.useOrder(antiMatterRTree, order);
        return new DatasetLocalResourceFactory(getDatasetId(), antiMatterRTree);
    }

    /** Resolves a policy name the way AsterixDB does for datasets: through Metadata.CompactionPolicy. */
    private static ILSMMergePolicyFactory mergePolicyFactory(MetadataProvider metadataProvider, String policyName)
            throws AlgebricksException {
        CompactionPolicy policy = MetadataManager.INSTANCE.getCompactionPolicy(
                metadataProvider.getMetadataTxnContext(), MetadataConstants.METADATA_DATAVERSE_NAME, policyName);
        if (policy == null) {
            throw new AlgebricksException("unknown merge policy " + policyName);
        }
        try {
            return (ILSMMergePolicyFactory) Class.forName(policy.getClassName()).getDeclaredConstructor()
                    .newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AlgebricksException(e);
        }
    }
}

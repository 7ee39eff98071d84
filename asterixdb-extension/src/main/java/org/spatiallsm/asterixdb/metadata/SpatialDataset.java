package org.spatiallsm.asterixdb.metadata;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.asterix.common.config.DatasetConfig.DatasetType;
import org.apache.asterix.common.config.DatasetConfig.IndexType;
import org.apache.asterix.common.utils.StorageConstants;
import org.apache.asterix.metadata.MetadataManager;
import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.CompactionPolicy;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Index;
import org.apache.asterix.metadata.utils.DatasetUtil;
import org.apache.asterix.metadata.utils.MetadataConstants;
import org.apache.asterix.metadata.declared.BTreeResourceFactoryProvider;
import org.apache.asterix.metadata.utils.RTreeResourceFactoryProvider;
import org.apache.asterix.transaction.management.resource.DatasetLocalResourceFactory;
import org.apache.asterix.om.types.ARecordType;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.storage.am.lsm.btree.dataflow.LSMBTreeLocalResourceFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResourceFactory;
import org.apache.hyracks.storage.common.IResourceFactory;
import org.spatiallsm.asterixdb.organisation.PhysicalSwap;
import org.spatiallsm.asterixdb.rtree.RTreeLinearizers;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledBTreeResourceFactory;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledMergePolicyFactory;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledRTreeResourceFactory;
import org.spatiallsm.asterixdb.rtree.pruning.PruningRTreeResourceFactory;
import org.spatiallsm.partitioning.catalog.CatalogPolicy.Family;
import org.spatiallsm.partitioning.catalog.PolicyCatalog;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.storage.IndexStorageOptions;
import org.spatiallsm.storage.MergePolicyChoice;

/**
 * A dataset as spatial-lsm's CC sees it: stock, except that a secondary index created with its own storage options
 * gets a resource factory built from them, and every R-tree of an internal dataset gets its curve order computed
 * fast (the same order as AsterixDB's) and prunes its searches by component MBR ({@code PruningRTree}, or
 * {@code LeveledRTree} under the leveled policy), and a secondary B-tree under the leveled policy is a
 * {@code LeveledBTree}. AsterixDB asks the dataset for an index's resource factory when
 * it creates the index; the factory (and the merge policy in it) is then persisted with the index on every NC.
 */
public class SpatialDataset extends Dataset {
    private static final long serialVersionUID = 1L;

    public SpatialDataset(Dataset dataset) {
        super(dataset);
    }

    /**
     * Resolves the index's options once (its own merge policy replaces the dataset's; a dataset's leveled policy is
     * its primary index's only), then builds one of three kinds: an organisation standing behind an R-tree, an
     * internal dataset's R-tree in its chosen or default order, or the stock resource. StorageOptionsParser has
     * refused a comparator or the leveled policy anywhere else. The primary index is the stock one, or a leveled
     * B-tree under the leveled policy.
     */
    @Override
    public IResourceFactory getResourceFactory(MetadataProvider metadataProvider, Index index, ARecordType recordType,
            ARecordType metaType, ILSMMergePolicyFactory mergePolicyFactory, Map<String, String> mergePolicyProperties)
            throws AlgebricksException {
        if (index.isPrimaryIndex()) {
            return LeveledPrimaryIndex.leveledIfPrimary(super.getResourceFactory(metadataProvider, index, recordType,
                    metaType, mergePolicyFactory, mergePolicyProperties), getDatasetName());
        }
        IndexStorageOptions options = IndexOptionsStore.read(this, index.getIndexName());
        ILSMMergePolicyFactory policyFactory = mergePolicyFactory;
        Map<String, String> policyProperties = mergePolicyProperties;
        if (options.mergePolicy().isPresent()) {
            MergePolicyChoice policy = options.mergePolicy().get();
            policyFactory = mergePolicyFactory(metadataProvider, policy.name());
            policyProperties = new HashMap<>(policy.parameters());
        } else if (mergePolicyFactory instanceof LeveledMergePolicyFactory) {
            // A dataset's leveled policy is its primary index's; an index without a policy of its own (the
            // primary-key index, any secondary index) runs AsterixDB's default, as in a dataset without WITH.
            policyFactory = mergePolicyFactory(metadataProvider, StorageConstants.DEFAULT_COMPACTION_POLICY_NAME);
            policyProperties = new HashMap<>(StorageConstants.DEFAULT_COMPACTION_POLICY_PROPERTIES);
        }
        boolean rtree = index.getIndexType() == IndexType.RTREE;
        if (rtree && options.organisation().isPresent()) {
            return PhysicalSwap.resourceFactory(options.organisation().get(), this, metadataProvider, index,
                    recordType, metaType, policyFactory, policyProperties);
        }
        if (rtree && getDatasetType() == DatasetType.INTERNAL) {
            return spatialRTree(metadataProvider, index, recordType, metaType, options, policyFactory,
                    policyProperties);
        }
        if (index.getIndexType() == IndexType.BTREE && isLeveled(options) && getDatasetType() == DatasetType.INTERNAL
                && options.comparator().isEmpty()) {
            return leveledBTree(metadataProvider, index, recordType, metaType, policyFactory, policyProperties);
        }
        if (options.comparator().isPresent() || isLeveled(options)) {
            throw onlyForInternalRTrees(index);
        }
        return super.getResourceFactory(metadataProvider, index, recordType, metaType, policyFactory,
                policyProperties);
    }

    /**
     * The stock R-tree resource, built by AsterixDB's own provider, then given the chosen order or its own (default)
     * order computed fast; it prunes its searches by component MBR, and keeps levels under the leveled policy.
     */
    private IResourceFactory spatialRTree(MetadataProvider metadataProvider, Index index, ARecordType recordType,
            ARecordType metaType, IndexStorageOptions options, ILSMMergePolicyFactory policyFactory,
            Map<String, String> policyProperties) throws AlgebricksException {
        ITypeTraits[] filterTypeTraits = DatasetUtil.computeFilterTypeTraits(this, recordType, metaType);
        IBinaryComparatorFactory[] filterComparators = DatasetUtil.computeFilterBinaryComparatorFactories(this,
                recordType, metaType, metadataProvider.getStorageComponentProvider().getComparatorFactoryProvider());
        IResourceFactory rtree = RTreeResourceFactoryProvider.INSTANCE.getResourceFactory(metadataProvider, this, index,
                recordType, metaType, policyFactory, policyProperties, filterTypeTraits, filterComparators);
        if (!(rtree instanceof LSMRTreeWithAntiMatterLocalResourceFactory antiMatterRTree)) {
            throw onlyForInternalRTrees(index);
        }
        ILinearizeComparatorFactory order = options.comparator().isPresent()
                ? RTreeLinearizers.factory(options.comparator().get(), RTreeLinearizers.dimensions(antiMatterRTree))
                : RTreeLinearizers.fastEquivalent(RTreeLinearizers.order(antiMatterRTree));
        RTreeLinearizers.useOrder(antiMatterRTree, order);
        IResourceFactory spatial = isLeveled(options) ? new LeveledRTreeResourceFactory(antiMatterRTree)
                : new PruningRTreeResourceFactory(antiMatterRTree);
        return new DatasetLocalResourceFactory(getDatasetId(), spatial);
    }

    /** AsterixDB's own secondary B-tree, whose merges, levels and searches are the leveled engine's. */
    private IResourceFactory leveledBTree(MetadataProvider metadataProvider, Index index, ARecordType recordType,
            ARecordType metaType, ILSMMergePolicyFactory policyFactory, Map<String, String> policyProperties)
            throws AlgebricksException {
        ITypeTraits[] filterTypeTraits = DatasetUtil.computeFilterTypeTraits(this, recordType, metaType);
        IBinaryComparatorFactory[] filterComparators = DatasetUtil.computeFilterBinaryComparatorFactories(this,
                recordType, metaType, metadataProvider.getStorageComponentProvider().getComparatorFactoryProvider());
        IResourceFactory btree = BTreeResourceFactoryProvider.INSTANCE.getResourceFactory(metadataProvider, this,
                index, recordType, metaType, policyFactory, policyProperties, filterTypeTraits, filterComparators);
        if (!(btree instanceof LSMBTreeLocalResourceFactory stock)) {
            throw onlyForInternalRTrees(index);
        }
        return new DatasetLocalResourceFactory(getDatasetId(),
                LeveledBTreeResourceFactory.of(stock, "index " + index.getIndexName()));
    }

    private static AlgebricksException onlyForInternalRTrees(Index index) {
        return new AlgebricksException("index " + index.getIndexName() + ": a comparator can be chosen only for"
                + " R-tree indexes of internal datasets, the leveled merge policy only for R-tree and B-tree (not"
                + " ARRAY) indexes of internal datasets");
    }

    private static boolean isLeveled(IndexStorageOptions options) {
        return options.mergePolicy().flatMap(policy -> PolicyCatalog.find(policy.name()))
                .filter(policy -> policy.family() == Family.LEVELED).isPresent();
    }

    /**
     * REBALANCE asks the dataset for its target and then re-creates and bulk-loads every index with AsterixDB's own
     * code, which would give an index with its own options stock storage while {@code SpatialLsm.IndexStorage} kept
     * showing the options; the target is a plain {@code Dataset}, and the bulk load sorts R-trees in the default order.
     * Such a rebalance is refused before anything is moved. Datasets whose indexes have no options of their own
     * rebalance as in stock AsterixDB (a dataset-level merge policy is carried, as for any dataset).
     */
    @Override
    public Dataset getTargetDatasetForRebalance(String targetNodeGroupName) {
        Optional<String> refusal = rebalanceRefusal();
        if (refusal.isPresent()) {
            throw new RebalanceRefusedException(refusal.get());
        }
        return super.getTargetDatasetForRebalance(targetNodeGroupName);
    }

    /**
     * Why REBALANCE must not move this dataset (see {@link #getTargetDatasetForRebalance}), as one line, or empty.
     * {@code SpatialRebalanceServlet} asks before AsterixDB suspends the active feeds.
     */
    public Optional<String> rebalanceRefusal() {
        if (LeveledPolicy.NAME.equals(getCompactionPolicy())) {
            // AsterixDB re-creates the primary index of the target from a plain Dataset: a stock B-tree.
            return Optional.of("cannot rebalance dataset " + getDataverseName() + "." + getDatasetName()
                    + ": a rebalance would not keep its leveled primary index");
        }
        List<String> withOptions;
        try {
            withOptions = IndexOptionsStore.indexesWithOptions(this);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the indexes of " + getDatasetName(), e);
        }
        if (withOptions.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("cannot rebalance dataset " + getDataverseName() + "." + getDatasetName()
                + ": a rebalance would not keep the spatial-lsm storage options of its indexes "
                + String.join(", ", withOptions) + "; drop those indexes, rebalance, then create them again");
    }

    /**
     * A refused rebalance. AsterixDB's rebalance API answers with the exception's {@code toString()}, so that is the
     * message alone, the one line the user needs.
     */
    static final class RebalanceRefusedException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        RebalanceRefusedException(String message) {
            super(message);
        }

        @Override
        public String toString() {
            return getMessage();
        }
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

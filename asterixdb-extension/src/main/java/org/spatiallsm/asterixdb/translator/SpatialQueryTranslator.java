package org.spatiallsm.asterixdb.translator;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.stream.Collectors;

import org.apache.asterix.app.translator.QueryTranslator;
import org.apache.asterix.common.api.IResponsePrinter;
import org.apache.asterix.common.config.DatasetConfig.IndexType;
import org.apache.asterix.common.dataflow.ICcApplicationContext;
import org.apache.asterix.common.exceptions.CompilationException;
import org.apache.asterix.common.exceptions.ErrorCode;
import org.apache.asterix.common.metadata.DataverseName;
import org.apache.asterix.compiler.provider.ILangCompilationProvider;
import org.apache.asterix.lang.common.base.Statement;
import org.apache.asterix.lang.common.statement.CreateIndexStatement;
import org.apache.asterix.lang.common.statement.DatasetDecl;
import org.apache.asterix.lang.common.statement.IndexDropStatement;
import org.apache.asterix.lang.common.statement.LoadStatement;
import org.apache.asterix.lang.common.statement.SetStatement;
import org.apache.asterix.metadata.MetadataManager;
import org.apache.asterix.metadata.MetadataTransactionContext;
import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Index;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.translator.IRequestParameters;
import org.apache.asterix.translator.SessionOutput;
import org.apache.hyracks.api.client.IHyracksClientConnection;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.exceptions.IError;
import org.apache.hyracks.api.exceptions.SourceLocation;
import org.apache.hyracks.api.exceptions.Warning;
import org.apache.hyracks.api.util.ErrorMessageUtil;
import org.spatiallsm.asterixdb.knn.KnnIndexRule;
import org.spatiallsm.asterixdb.metadata.IndexOptionsStore;
import org.spatiallsm.asterixdb.metadata.LeveledPrimaryIndex;
import org.spatiallsm.asterixdb.rtree.OrderSwitchingConnection;
import org.spatiallsm.asterixdb.rtree.RTreeLinearizers;
import org.spatiallsm.partitioning.catalog.PolicyCatalog;
import org.spatiallsm.sqlpp.SpatialCreateIndexStatement;
import org.spatiallsm.storage.IndexOrganisation;
import org.spatiallsm.storage.IndexStorageOptions;
import org.spatiallsm.storage.OrganisationTypes;
import org.spatiallsm.storage.MergePolicyChoice;
import org.spatiallsm.storage.RTreeComparator;

/**
 * AsterixDB's statement executor plus per-index storage options. {@code CREATE INDEX ... WITH} records the index's
 * options before the stock index creation runs, because that is when AsterixDB builds the index's resource factory
 * (from {@code SpatialDataset}); if the creation fails, the record is taken back. DROP INDEX removes it. A new
 * index's record is always rewritten, so a record left behind by a crash is never inherited.
 */
public class SpatialQueryTranslator extends QueryTranslator {

    private static final String CORRELATED_PREFIX = "correlated-prefix";

    /**
     * A warning in the query service's answer ({@code "warnings": [{"code": 1, "msg": ...}]}): its message as
     * given, without an AsterixDB error code, since it is not an error.
     */
    private static final IError NOTICE = new IError() {
        @Override
        public String component() {
            return ErrorMessageUtil.NONE;
        }

        @Override
        public int intValue() {
            return 1;
        }

        @Override
        public String errorMessage() {
            return "%1$s";
        }
    };

    public SpatialQueryTranslator(ICcApplicationContext appCtx, List<Statement> statements, SessionOutput output,
            ILangCompilationProvider compilationProvider, ExecutorService executorService,
            IResponsePrinter responsePrinter) {
        super(appCtx, statements, output, compilationProvider, executorService, responsePrinter);
    }

    /**
     * {@code SET `spatial-lsm.knn` "true"|"false"} for the statements after it: whether ORDER BY spatial_distance ...
     * LIMIT may use an R-tree index ({@link KnnIndexRule}). AsterixDB accepts only its own settings and those of its
     * internal prefix, so this one is kept under {@link KnnIndexRule#SETTING_KEY}.
     */
    @Override
    protected void handleSetStatement(Statement stmt, Map<String, String> config) throws CompilationException {
        SetStatement set = (SetStatement) stmt;
        if (!KnnIndexRule.SETTING.equals(set.getPropName())) {
            super.handleSetStatement(stmt, config);
            return;
        }
        String value = set.getPropValue().trim().toLowerCase(Locale.ROOT);
        if (!value.equals("true") && !value.equals("false")) {
            throw new CompilationException(ErrorCode.COMPILATION_ERROR, set.getSourceLocation(), "SET "
                    + KnnIndexRule.SETTING + ": expected \"true\" or \"false\", got \"" + set.getPropValue() + "\"");
        }
        config.put(KnnIndexRule.SETTING_KEY, value);
    }

    /**
     * CREATE DATASET: AsterixDB creates the primary index from a plain dataset, whose resource factory would be a
     * stock B-tree's even under the leveled policy; the job is submitted with a leveled B-tree's
     * ({@link LeveledPrimaryIndex}).
     */
    @Override
    public void handleCreateDatasetStatement(MetadataProvider metadataProvider, Statement stmt,
            IHyracksClientConnection hcc, IRequestParameters requestParameters) throws Exception {
        String datasetName = ((DatasetDecl) stmt).getName().getValue();
        super.handleCreateDatasetStatement(metadataProvider, stmt,
                OrderSwitchingConnection.wrap(hcc, job -> LeveledPrimaryIndex.useLeveledPrimary(job, datasetName)),
                requestParameters);
    }

    @Override
    protected void doCreateIndex(MetadataProvider metadataProvider, CreateIndexStatement statement,
            DataverseName dataverseName, String datasetName, IHyracksClientConnection hcc,
            IRequestParameters requestParameters) throws Exception {
        IndexStorageOptions options = statement instanceof SpatialCreateIndexStatement spatial
                ? spatial.storageOptions() : IndexStorageOptions.NONE;
        String indexName = statement.getIndexName().getValue();
        // An existing index keeps its options: IF NOT EXISTS is a no-op, and without it AsterixDB reports the clash.
        Optional<IndexStorageOptions> existing = existingIndexOptions(dataverseName, datasetName, indexName);
        if (existing.isPresent()) {
            if (statement.getIfNotExists() && !existing.get().equals(options) && warningCollector.shouldWarn()) {
                warningCollector.warn(Warning.of(null, NOTICE, "index " + indexName + " exists already, with other "
                        + "storage options than this statement's; IF NOT EXISTS left it as it is (drop it and create "
                        + "it again to change them)"));
            }
            super.doCreateIndex(metadataProvider, statement, dataverseName, datasetName, hcc, requestParameters);
            return;
        }
        if (options.mergePolicy().isPresent()) {
            validateStockPolicyParameters(options.mergePolicy().get(), statement.getSourceLocation());
        }
        if (options.organisation().isPresent()) {
            refuseCorrelatedDataset(dataverseName, datasetName, indexName, options.organisation().get(),
                    statement.getSourceLocation());
        }
        // A new index on existing data is bulk-loaded after a sort, which must use the index's own order.
        IHyracksClientConnection connection = OrderSwitchingConnection.wrap(hcc, options.comparator());
        // Written even when the statement gives no options: that replaces whatever an interrupted earlier statement
        // (a crash before its rollback or its DROP INDEX cleanup) left under this name, so that an index never
        // runs options its own statement did not give.
        IndexOptionsStore.write(dataverseName, datasetName, indexName, options);
        try {
            super.doCreateIndex(metadataProvider, statement, dataverseName, datasetName, connection,
                    requestParameters);
        } catch (Exception e) {
            if (!options.isEmpty()) {
                try {
                    IndexOptionsStore.write(dataverseName, datasetName, indexName, IndexStorageOptions.NONE);
                } catch (Exception rollback) {
                    // The user must see why the index was not created; a left-over entry is harmless (see above).
                    e.addSuppressed(rollback);
                }
            }
            throw e;
        }
    }

    /**
     * LOAD DATASET bulk-loads every index after sorting it. One chosen R-tree order can be applied to all R-tree sorts
     * of the job; R-trees of one dataset that disagree cannot be told apart there, so such a load is refused. 0.9.8
     * sorts an R-tree's keys for LOAD by their coordinates one after the other, whatever the R-tree's order, so that
     * sort is made to use the order too ({@link RTreeLinearizers#useOrderInLoad}).
     */
    @Override
    protected void handleLoadStatement(MetadataProvider metadataProvider, Statement statement,
            IHyracksClientConnection hcc) throws Exception {
        LoadStatement load = (LoadStatement) statement;
        LoadTarget target = loadTarget(getActiveDataverseName(load.getDataverseName()), load.getDatasetName());
        Set<Optional<RTreeComparator>> distinct = new HashSet<>(target.rtreeOrders().values());
        if (distinct.size() > 1) {
            String comparators = target.rtreeOrders().entrySet().stream()
                    .map(index -> index.getKey() + ": "
                            + index.getValue().map(RTreeComparator::optionValue).orElse("default"))
                    .collect(Collectors.joining(", "));
            throw new CompilationException(ErrorCode.COMPILATION_ERROR, load.getSourceLocation(),
                    "LOAD DATASET cannot bulk-load R-tree indexes with different comparators (" + comparators
                            + "); load the data before creating those indexes, or insert it");
        }
        Optional<RTreeComparator> order = distinct.stream().findAny().flatMap(o -> o);
        // Every R-tree type of 0.9.8 has 2-D keys (docs/ddl.md); without a choice, AsterixDB's default order, fast.
        ILinearizeComparatorFactory loadOrder = order.isPresent() ? RTreeLinearizers.factory(order.get(), 2)
                : RTreeLinearizers.fastEquivalent(MetadataProvider.proposeLinearizer(ATypeTag.DOUBLE, 4));
        super.handleLoadStatement(metadataProvider, statement, OrderSwitchingConnection.wrap(hcc, job -> {
            RTreeLinearizers.useOrder(job, order);
            RTreeLinearizers.useOrderInLoad(job, loadOrder, target.storedAsRTrees(), target.primaryKeys());
        }));
    }

    /**
     * The R-tree indexes of a dataset with their chosen orders (empty: AsterixDB's default), those stored as R-trees
     * (not as an organisation's B-tree), and the dataset's primary-key count.
     */
    private record LoadTarget(Map<String, Optional<RTreeComparator>> rtreeOrders, Set<String> storedAsRTrees,
            int primaryKeys) {
    }

    private static LoadTarget loadTarget(DataverseName dataverseName, String datasetName) throws Exception {
        MetadataTransactionContext tx = MetadataManager.INSTANCE.beginTransaction();
        try {
            Map<String, Optional<RTreeComparator>> orders = new TreeMap<>();
            Set<String> rtrees = new HashSet<>();
            Dataset dataset = MetadataManager.INSTANCE.getDataset(tx, dataverseName, datasetName);
            if (dataset == null) {
                return new LoadTarget(orders, rtrees, 0);
            }
            for (Index index : MetadataManager.INSTANCE.getDatasetIndexes(tx, dataverseName, datasetName)) {
                if (index.getIndexType() == IndexType.RTREE) {
                    IndexStorageOptions options = IndexOptionsStore.read(dataset, index.getIndexName());
                    orders.put(index.getIndexName(), options.comparator());
                    if (options.organisation().isEmpty()) {
                        rtrees.add(index.getIndexName());
                    }
                }
            }
            return new LoadTarget(orders, rtrees, dataset.getPrimaryKeys().size());
        } finally {
            MetadataManager.INSTANCE.commitTransaction(tx);
        }
    }

    @Override
    protected boolean doDropIndex(MetadataProvider metadataProvider, IndexDropStatement statement,
            DataverseName dataverseName, String datasetName, IHyracksClientConnection hcc,
            IRequestParameters requestParameters) throws Exception {
        boolean dropped =
                super.doDropIndex(metadataProvider, statement, dataverseName, datasetName, hcc, requestParameters);
        IndexOptionsStore.write(dataverseName, datasetName, statement.getIndexName().getValue(),
                IndexStorageOptions.NONE);
        return dropped;
    }

    /** Our policies were validated by the parser; AsterixDB's own ones get AsterixDB's own check. */
    private static void validateStockPolicyParameters(MergePolicyChoice policy, SourceLocation location)
            throws Exception {
        if (PolicyCatalog.find(policy.name()).isPresent()) {
            return;
        }
        MetadataTransactionContext tx = MetadataManager.INSTANCE.beginTransaction();
        try {
            validateCompactionPolicy(policy.name(), policy.parameters(), tx, false, location);
        } finally {
            MetadataManager.INSTANCE.commitTransaction(tx);
        }
    }

    /**
     * Under {@code correlated-prefix} AsterixDB bulk-loads a new index through a loader that must be the stock LSM
     * disk-component loader, which an organisation's sorting loader is not.
     */
    private static void refuseCorrelatedDataset(DataverseName dataverseName, String datasetName, String indexName,
            IndexOrganisation organisation, SourceLocation location) throws Exception {
        MetadataTransactionContext tx = MetadataManager.INSTANCE.beginTransaction();
        try {
            Dataset dataset = MetadataManager.INSTANCE.getDataset(tx, dataverseName, datasetName);
            if (dataset != null && CORRELATED_PREFIX.equals(dataset.getCompactionPolicy())) {
                throw new CompilationException(ErrorCode.COMPILATION_ERROR, location, "index " + indexName
                        + ": a " + OrganisationTypes.typeName(organisation.kind()) + " index cannot be created on a "
                        + "dataset whose merge policy is " + CORRELATED_PREFIX);
            }
        } finally {
            MetadataManager.INSTANCE.commitTransaction(tx);
        }
    }

    /** The options of an existing index (none of its own: NONE), or empty if there is no such index. */
    private static Optional<IndexStorageOptions> existingIndexOptions(DataverseName dataverseName,
            String datasetName, String indexName) throws Exception {
        MetadataTransactionContext tx = MetadataManager.INSTANCE.beginTransaction();
        try {
            if (MetadataManager.INSTANCE.getIndex(tx, dataverseName, datasetName, indexName) == null) {
                return Optional.empty();
            }
            Dataset dataset = MetadataManager.INSTANCE.getDataset(tx, dataverseName, datasetName);
            return Optional.of(IndexOptionsStore.read(dataset, indexName));
        } finally {
            MetadataManager.INSTANCE.commitTransaction(tx);
        }
    }
}

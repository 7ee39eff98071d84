package org.spatiallsm.asterixdb.knn;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.apache.asterix.algebra.operators.physical.IndexSearchPOperator;
import org.apache.asterix.metadata.declared.DataSourceId;
import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.hyracks.algebricks.common.constraints.AlgebricksPartitionConstraint;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.algebricks.common.utils.Pair;
import org.apache.hyracks.algebricks.core.algebra.base.IHyracksJobBuilder;
import org.apache.hyracks.algebricks.common.utils.ListSet;
import org.apache.hyracks.algebricks.core.algebra.base.ILogicalOperator;
import org.apache.hyracks.algebricks.core.algebra.base.IOptimizationContext;
import org.apache.hyracks.algebricks.core.algebra.base.LogicalVariable;
import org.apache.hyracks.algebricks.core.algebra.base.PhysicalOperatorTag;
import org.apache.hyracks.algebricks.core.algebra.expressions.AbstractFunctionCallExpression;
import org.apache.hyracks.algebricks.core.algebra.metadata.IDataSourceIndex;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.AbstractUnnestMapOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.IOperatorSchema;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.UnnestMapOperator;
import org.apache.hyracks.algebricks.core.algebra.properties.INodeDomain;
import org.apache.hyracks.algebricks.core.algebra.properties.RandomPartitioningProperty;
import org.apache.hyracks.algebricks.core.algebra.properties.StructuralPropertiesVector;
import org.apache.hyracks.algebricks.core.algebra.properties.UnorderedPartitionedProperty;
import org.apache.hyracks.algebricks.core.jobgen.impl.JobGenContext;
import org.apache.hyracks.algebricks.core.jobgen.impl.JobGenHelper;
import org.apache.hyracks.api.dataflow.value.RecordDescriptor;
import org.apache.hyracks.dataflow.std.file.IFileSplitProvider;
import org.apache.hyracks.storage.am.common.dataflow.IndexDataflowHelperFactory;

/**
 * The physical operator of a kNN search's unnest-map ({@link KnnSearchCall}): one {@link KnnSearchOperatorDescriptor}
 * per partition of the index, where the index's partitions are. Shown as {@code KNN_SEARCH} in plans. In a kNN join,
 * every partition needs every outer tuple: its input is broadcast.
 */
final class KnnSearchPOperator extends IndexSearchPOperator {

    /** @param join whether the search's input is a kNN join's outer tuples */
    KnnSearchPOperator(IDataSourceIndex<String, DataSourceId> index, INodeDomain domain, boolean join) {
        super(index, domain, join);
    }

    @Override
    public PhysicalOperatorTag getOperatorTag() {
        return PhysicalOperatorTag.RTREE_SEARCH;
    }

    /**
     * Partitioned by the primary key, like the dataset: a partition's index holds the entries of that partition's
     * records. Unordered: the entries come nearest first. The primary-index lookup above needs no exchange. In a kNN
     * join, each partition outputs every outer tuple: no variable tells the partition.
     */
    @Override
    public void computeDeliveredProperties(ILogicalOperator op, IOptimizationContext context) {
        if (requiresBroadcast) {
            deliveredProperties = new StructuralPropertiesVector(new RandomPartitioningProperty(domain),
                    new ArrayList<>());
            return;
        }
        List<LogicalVariable> entry = ((AbstractUnnestMapOperator) op).getVariables();
        Set<LogicalVariable> primaryKey = new ListSet<>(entry.subList(KnnSearchCall.MBR_FIELDS, entry.size()));
        deliveredProperties = new StructuralPropertiesVector(new UnorderedPartitionedProperty(primaryKey, domain),
                new ArrayList<>());
    }

    @Override
    public String toString() {
        return "KNN_SEARCH";
    }

    @Override
    public String toString(boolean verbose) {
        return verbose ? toString() + " (" + idx.getDataSource().getId() + '.' + idx.getId() + ')' : toString();
    }

    @Override
    public void contributeRuntimeOperator(IHyracksJobBuilder builder, JobGenContext context, ILogicalOperator op,
            IOperatorSchema opSchema, IOperatorSchema[] inputSchemas, IOperatorSchema outerPlanSchema)
            throws AlgebricksException {
        AbstractUnnestMapOperator unnestMap = (AbstractUnnestMapOperator) op;
        KnnSearchCall call = KnnSearchCall.of((AbstractFunctionCallExpression) unnestMap.getExpressionRef().getValue());
        MetadataProvider metadata = (MetadataProvider) context.getMetadataProvider();
        Dataset dataset = metadata.findDataset(call.dataverse(), call.dataset());
        Pair<IFileSplitProvider, AlgebricksPartitionConstraint> splits =
                metadata.getSplitProviderAndConstraints(dataset, call.index());
        RecordDescriptor output = JobGenHelper.mkRecordDescriptor(context.getTypeEnvironment(op), opSchema, context);
        KnnSearchOperatorDescriptor.Condition condition = null;
        if (unnestMap instanceof UnnestMapOperator withRecords && withRecords.getSelectCondition() != null) {
            // Compiled as AsterixDB compiles a condition pushed into an index search: over the operator's output.
            condition = new KnnSearchOperatorDescriptor.Condition(new IndexDataflowHelperFactory(
                    metadata.getStorageComponentProvider().getStorageManager(),
                    metadata.getSplitProviderAndConstraints(dataset).first), dataset.getPrimaryKeys().size(),
                    metadata.createTupleFilterFactory(new IOperatorSchema[] { opSchema },
                            context.getTypeEnvironment(op), withRecords.getSelectCondition().getValue(),
                            context));
        }
        KnnSearchOperatorDescriptor.QueryPoint point = new KnnSearchOperatorDescriptor.QueryPoint(call.x(), call.y(),
                call.point() == null ? -1 : inputSchemas[0].findVariable(call.point()));
        KnnSearchOperatorDescriptor search = new KnnSearchOperatorDescriptor(builder.getJobSpec(), output,
                new IndexDataflowHelperFactory(metadata.getStorageComponentProvider().getStorageManager(),
                        splits.first),
                point, call.wanted(), condition);
        search.setSourceLocation(unnestMap.getSourceLocation());
        builder.contributeHyracksOperator(unnestMap, search);
        builder.contributeAlgebricksPartitionConstraint(search, splits.second);
        builder.contributeGraphEdge(unnestMap.getInputs().get(0).getValue(), 0, unnestMap, 0);
    }
}

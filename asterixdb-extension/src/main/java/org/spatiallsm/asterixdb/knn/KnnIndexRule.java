package org.spatiallsm.asterixdb.knn;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.apache.asterix.common.config.DatasetConfig.DatasetType;
import org.apache.asterix.common.config.DatasetConfig.IndexType;
import org.apache.asterix.lang.common.util.FunctionUtil;
import org.apache.asterix.metadata.declared.DataSource;
import org.apache.asterix.metadata.declared.DataSourceId;
import org.apache.asterix.metadata.declared.DatasetDataSource;
import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Index;
import org.apache.asterix.metadata.utils.DatasetUtil;
import org.apache.asterix.metadata.utils.KeyFieldTypeUtil;
import org.apache.asterix.om.base.AInt32;
import org.apache.asterix.om.base.AInt64;
import org.apache.asterix.om.base.APoint;
import org.apache.asterix.om.base.AString;
import org.apache.asterix.om.base.IAObject;
import org.apache.asterix.om.constants.AsterixConstantValue;
import org.apache.asterix.om.functions.BuiltinFunctions;
import org.apache.asterix.om.types.ARecordType;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.asterix.om.types.IAType;
import org.apache.asterix.optimizer.rules.am.AccessMethodUtils;
import org.apache.asterix.optimizer.rules.am.BTreeJobGenParams;
import org.apache.commons.lang3.mutable.Mutable;
import org.apache.commons.lang3.mutable.MutableObject;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.algebricks.core.algebra.base.ILogicalExpression;
import org.apache.hyracks.algebricks.core.algebra.base.ILogicalOperator;
import org.apache.hyracks.algebricks.core.algebra.base.IOptimizationContext;
import org.apache.hyracks.algebricks.core.algebra.base.LogicalExpressionTag;
import org.apache.hyracks.algebricks.core.algebra.base.LogicalOperatorTag;
import org.apache.hyracks.algebricks.core.algebra.base.LogicalVariable;
import org.apache.hyracks.algebricks.core.algebra.expressions.AbstractFunctionCallExpression;
import org.apache.hyracks.algebricks.core.algebra.expressions.ConstantExpression;
import org.apache.hyracks.algebricks.core.algebra.expressions.ScalarFunctionCallExpression;
import org.apache.hyracks.algebricks.core.algebra.expressions.VariableReferenceExpression;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.AbstractLogicalOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.AbstractLogicalOperator.ExecutionMode;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.AssignOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.DataSourceScanOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.LimitOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.OrderOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.OrderOperator.IOrder.OrderKind;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.SelectOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.UnnestMapOperator;
import org.apache.hyracks.algebricks.core.rewriter.base.IAlgebraicRewriteRule;
import org.spatiallsm.asterixdb.functions.SpatialFunctions;
import org.spatiallsm.asterixdb.metadata.IndexOptionsStore;

/**
 * Answers {@code ORDER BY spatial_distance(d.f, <point>) [, more keys] LIMIT k [OFFSET o]} over a dataset with an
 * R-tree index on {@code f} through that index (or {@code spatial_min_distance}, where {@code f} may be a
 * rectangle too): the dataset's scan is replaced by a kNN search of the index (per
 * partition, the k + o nearest entries and those tied with the last; see {@code BestFirstKnn}) followed by the
 * primary-index lookup of what it found. The ORDER BY and the LIMIT stay on top: they merge the partitions' answers
 * and sort them by the distance recomputed from the records, so the answer is the scan's.
 * <p>
 * It applies only where the index holds every record the scan would order: an internal dataset without filter or
 * meta record, whose closed type declares {@code f} a point that can be neither missing nor null (a record without
 * it would sort first, yet no index holds it), and nothing between the scan and the LIMIT but assignments,
 * projections and one WHERE (a SELECT) of deterministic functions of the record. A WHERE could drop near records, so
 * k index entries would not be enough: with one, the kNN search itself fetches each entry's record from the primary
 * index and counts only those that pass (the condition, with the assignments below it inlined, is the search's
 * select condition), and outputs the records, so no primary lookup follows; the SELECT stays above it. The index is
 * an R-tree in the metadata, stored as an R-tree (any merge policy, leveled included), or as one of the organisations
 * (DHB, DHVB, SHB, SIF) for a point field without a WHERE, which the run time searches through their windows
 * ({@code OrganisationKnn}, which has no primary lookup). {@code SET `spatial-lsm.knn` "false"} turns it off
 * ({@link #SETTING}).
 */
public final class KnnIndexRule implements IAlgebraicRewriteRule {

    /** The statement-level setting, as the user writes it. */
    public static final String SETTING = "spatial-lsm.knn";
    /** Where AsterixDB keeps it in the query's configuration: only names with this prefix pass its validation. */
    public static final String SETTING_KEY = "_internal_spatial-lsm.knn";

    @Override
    public boolean rewritePre(Mutable<ILogicalOperator> opRef, IOptimizationContext context)
            throws AlgebricksException {
        if (opRef.getValue().getOperatorTag() != LogicalOperatorTag.LIMIT) {
            return false;
        }
        MetadataProvider metadata = (MetadataProvider) context.getMetadataProvider();
        if (!metadata.getBooleanProperty(SETTING_KEY, true)) {
            return false;
        }
        LimitOperator limit = (LimitOperator) opRef.getValue();
        Optional<Integer> wanted = wanted(limit);
        Mutable<ILogicalOperator> orderRef = below(limit.getInputs().get(0), new ArrayList<>());
        if (wanted.isEmpty() || orderRef.getValue().getOperatorTag() != LogicalOperatorTag.ORDER) {
            return false;
        }
        OrderOperator order = (OrderOperator) orderRef.getValue();
        if (order.getOrderExpressions().isEmpty()
                || order.getOrderExpressions().get(0).first.getKind() != OrderKind.ASC) {
            return false;
        }
        List<AssignOperator> assigns = new ArrayList<>();
        Mutable<ILogicalOperator> scanRef = below(order.getInputs().get(0), assigns);
        ILogicalExpression where = null;
        if (scanRef.getValue() instanceof SelectOperator select) {
            List<AssignOperator> belowWhere = new ArrayList<>();
            scanRef = below(select.getInputs().get(0), belowWhere);
            where = inline(select.getCondition().getValue().cloneExpression(), belowWhere);
            assigns.addAll(belowWhere);
        }
        if (scanRef.getValue().getOperatorTag() != LogicalOperatorTag.DATASOURCESCAN) {
            return false;
        }
        DataSourceScanOperator scan = (DataSourceScanOperator) scanRef.getValue();
        Optional<Dataset> dataset = plainDataset(scan);
        if (dataset.isEmpty() || where != null && !ofTheRecord(where, scan)) {
            return false;
        }
        LogicalVariable record = scan.getVariables().get(scan.getVariables().size() - 1);
        ILogicalExpression distance = resolve(order.getOrderExpressions().get(0).second.getValue(), assigns);
        Optional<Nearest> nearest = nearest(distance, record, assigns);
        if (nearest.isEmpty()) {
            return false;
        }
        ARecordType recordType = (ARecordType) metadata.findType(dataset.get());
        Optional<Index> index = spatialIndex(metadata, dataset.get(), recordType, nearest.get().field,
                nearest.get().toRectangles, where != null);
        if (index.isEmpty()) {
            return false;
        }
        scanRef.setValue(indexPlan(context, metadata, dataset.get(), recordType, index.get(), scan,
                new KnnSearchCall(dataset.get().getDataverseName(), dataset.get().getDatasetName(),
                        index.get().getIndexName(), nearest.get().point.getX(), nearest.get().point.getY(),
                        wanted.get()), where, null));
        return true;
    }

    /** {@code expr} (a copy the caller owns) with the variables the assignments assign replaced by copies of those. */
    static ILogicalExpression inline(ILogicalExpression expr, List<AssignOperator> assigns) {
        ILogicalExpression resolved = resolve(expr, assigns);
        ILogicalExpression inlined = resolved == expr ? expr : resolved.cloneExpression();
        if (inlined instanceof AbstractFunctionCallExpression call) {
            for (Mutable<ILogicalExpression> arg : call.getArguments()) {
                arg.setValue(inline(arg.getValue(), assigns));
            }
        }
        return inlined;
    }

    /**
     * Whether a condition reads only the scan's variables (its record and primary key) through functions that give
     * one answer per input: it is evaluated twice, in the search and in the SELECT above.
     */
    private static boolean ofTheRecord(ILogicalExpression condition, DataSourceScanOperator scan) {
        Set<LogicalVariable> used = new HashSet<>();
        condition.getUsedVariables(used);
        return scan.getVariables().containsAll(used) && deterministic(condition);
    }

    static boolean deterministic(ILogicalExpression expr) {
        if (!(expr instanceof AbstractFunctionCallExpression call)) {
            return true;
        }
        return call.isFunctional() && call.getArguments().stream().allMatch(arg -> deterministic(arg.getValue()));
    }

    /** {@code k + o} from constant integers, if it fits an int. */
    static Optional<Integer> wanted(LimitOperator limit) {
        Optional<Long> k = integer(limit.getMaxObjects().getValue());
        Optional<Long> offset = limit.getOffset().getValue() == null ? Optional.of(0L)
                : integer(limit.getOffset().getValue());
        if (k.isEmpty() || offset.isEmpty() || k.get() < 0 || offset.get() < 0
                || k.get() + offset.get() > Integer.MAX_VALUE) {
            return Optional.empty();
        }
        return Optional.of((int) (k.get() + offset.get()));
    }

    private static Optional<Long> integer(ILogicalExpression expr) {
        IAObject value = constant(expr);
        if (value instanceof AInt64 int64) {
            return Optional.of(int64.getLongValue());
        }
        return value instanceof AInt32 int32 ? Optional.of((long) int32.getIntegerValue()) : Optional.empty();
    }

    private static IAObject constant(ILogicalExpression expr) {
        if (expr == null || expr.getExpressionTag() != LogicalExpressionTag.CONSTANT
                || !(((ConstantExpression) expr).getValue() instanceof AsterixConstantValue value)) {
            return null;
        }
        return value.getObject();
    }

    /** The first operator below {@code ref} that is not an assignment or projection; collects the assignments. */
    static Mutable<ILogicalOperator> below(Mutable<ILogicalOperator> ref, List<AssignOperator> assigns) {
        Mutable<ILogicalOperator> current = ref;
        while (current.getValue().getOperatorTag() == LogicalOperatorTag.ASSIGN
                || current.getValue().getOperatorTag() == LogicalOperatorTag.PROJECT) {
            if (current.getValue() instanceof AssignOperator assign) {
                assigns.add(assign);
            }
            current = current.getValue().getInputs().get(0);
        }
        return current;
    }

    /** The scanned dataset, if the scan reads it whole and the index can hold all of it (see the class comment). */
    static Optional<Dataset> plainDataset(DataSourceScanOperator scan) {
        if (!(scan.getDataSource() instanceof DatasetDataSource source)
                || source.getDatasourceType() != DataSource.Type.INTERNAL_DATASET || source.hasMeta()
                || scan.getSelectCondition() != null || scan.getOutputLimit() >= 0 || scan.isProjectPushed()
                || scan.getInputs().get(0).getValue().getOperatorTag() != LogicalOperatorTag.EMPTYTUPLESOURCE) {
            return Optional.empty();
        }
        Dataset dataset = source.getDataset();
        if (dataset.getDatasetType() != DatasetType.INTERNAL || DatasetUtil.getFilterField(dataset) != null) {
            return Optional.empty();
        }
        return Optional.of(dataset);
    }

    /** An expression with variables replaced by what the given assignments assign them, where they do. */
    private static ILogicalExpression resolve(ILogicalExpression expr, List<AssignOperator> assigns) {
        if (expr.getExpressionTag() != LogicalExpressionTag.VARIABLE) {
            return expr;
        }
        LogicalVariable variable = ((VariableReferenceExpression) expr).getVariableReference();
        for (AssignOperator assign : assigns) {
            int i = assign.getVariables().indexOf(variable);
            if (i >= 0) {
                return resolve(assign.getExpressions().get(i).getValue(), assigns);
            }
        }
        return expr;
    }

    /** The record's field {@code name}, or the one at {@code position} when read by position (name null). */
    record Field(int position, String name) {
    }

    /**
     * The query point and the record's field of {@code spatial_distance(record.field, point)} or {@code
     * spatial_min_distance(record.field, point)}, either order; {@code toRectangles} for the latter, which measures
     * the distance to a rectangle too.
     */
    private record Nearest(APoint point, Field field, boolean toRectangles) {
    }

    private static Optional<Nearest> nearest(ILogicalExpression distance, LogicalVariable record,
            List<AssignOperator> assigns) {
        Optional<Measured> measured = measured(distance);
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        for (int side = 0; side < 2; side++) {
            IAObject point = constant(resolve(measured.get().arguments().get(side), assigns));
            ILogicalExpression other = resolve(measured.get().arguments().get(1 - side), assigns);
            if (point instanceof APoint queryPoint) {
                return field(other, record).map(f -> new Nearest(queryPoint, f, measured.get().toRectangles()));
            }
        }
        return Optional.empty();
    }

    /** A distance's two arguments; {@code toRectangles} for {@code spatial_min_distance}. */
    record Measured(List<ILogicalExpression> arguments, boolean toRectangles) {
    }

    /** The arguments of {@code spatial_distance(a, b)} or {@code spatial_min_distance(a, b)}. */
    static Optional<Measured> measured(ILogicalExpression distance) {
        if (!(distance instanceof AbstractFunctionCallExpression call)
                || !(call.getFunctionIdentifier().equals(BuiltinFunctions.SPATIAL_DISTANCE)
                        || call.getFunctionIdentifier().equals(SpatialFunctions.SPATIAL_MIN_DISTANCE))) {
            return Optional.empty();
        }
        return Optional.of(new Measured(call.getArguments().stream().map(Mutable::getValue).toList(),
                call.getFunctionIdentifier().equals(SpatialFunctions.SPATIAL_MIN_DISTANCE)));
    }

    /** A field of {@code record} read by name or by position. */
    static Optional<Field> field(ILogicalExpression expr, LogicalVariable record) {
        if (!(expr instanceof AbstractFunctionCallExpression access) || access.getArguments().size() != 2
                || access.getArguments().get(0).getValue().getExpressionTag() != LogicalExpressionTag.VARIABLE
                || !((VariableReferenceExpression) access.getArguments().get(0).getValue()).getVariableReference()
                        .equals(record)) {
            return Optional.empty();
        }
        IAObject which = constant(access.getArguments().get(1).getValue());
        if (access.getFunctionIdentifier().equals(BuiltinFunctions.FIELD_ACCESS_BY_NAME)
                && which instanceof AString name) {
            return Optional.of(new Field(-1, name.getStringValue()));
        }
        if (access.getFunctionIdentifier().equals(BuiltinFunctions.FIELD_ACCESS_BY_INDEX)
                && which instanceof AInt32 position) {
            return Optional.of(new Field(position.getIntegerValue(), null));
        }
        return Optional.empty();
    }

    /**
     * An R-tree index on exactly the field; the field is a non-optional point in the closed type, or a rectangle
     * measured by {@code spatial_min_distance} ({@code spatial_distance} refuses rectangles, so the scan's answer to
     * it is an error, which stays the scan's). An organisation behind the R-tree serves only a point field's
     * {@code spatial_distance} without a WHERE: its window search neither measures rectangles nor fetches records.
     */
    static Optional<Index> spatialIndex(MetadataProvider metadata, Dataset dataset, ARecordType recordType,
            Field field, boolean toRectangles, boolean withWhere) throws AlgebricksException {
        String fieldName = field.name != null ? field.name
                : field.position < recordType.getFieldNames().length ? recordType.getFieldNames()[field.position]
                        : null;
        if (fieldName == null) {
            return Optional.empty();
        }
        IAType fieldType = recordType.getFieldType(fieldName);
        if (fieldType == null || !(fieldType.getTypeTag() == ATypeTag.POINT
                || toRectangles && fieldType.getTypeTag() == ATypeTag.RECTANGLE)) {
            return Optional.empty();
        }
        for (Index index : metadata.getDatasetIndexes(dataset.getDataverseName(), dataset.getDatasetName())) {
            if (index.getIndexType() == IndexType.RTREE && !index.isEnforced()
                    && index.getIndexDetails() instanceof Index.ValueIndexDetails details
                    && details.getKeyFieldNames().equals(List.of(List.of(fieldName)))
                    && (IndexOptionsStore.read(dataset, index.getIndexName()).organisation().isEmpty()
                            || !toRectangles && !withWhere)) {
                return Optional.of(index);
            }
        }
        return Optional.empty();
    }

    /**
     * The kNN search's unnest-map (its MBR and primary-key variables) under a primary-index lookup that produces the
     * scan's own variables, so that everything above the scan stays as it was; with a WHERE, the search's unnest-map
     * alone, which produces the scan's variables after the MBR's and has the WHERE as its select condition. With
     * {@code outer} (a kNN join's outer tuples, each with its query point), both unnest-maps keep the outer tuple's
     * variables.
     */
    @SuppressWarnings("squid:S00107") // the plan's parts, each needed
    static ILogicalOperator indexPlan(IOptimizationContext context, MetadataProvider metadata,
            Dataset dataset, ARecordType recordType, Index index, DataSourceScanOperator scan, KnnSearchCall call,
            ILogicalExpression where, ILogicalOperator outer) throws AlgebricksException {
        List<LogicalVariable> entryVars = new ArrayList<>();
        List<Object> entryTypes = new ArrayList<>();
        for (int i = 0; i < KnnSearchCall.MBR_FIELDS; i++) {
            entryVars.add(context.newVar());
            entryTypes.add(BuiltinType.ADOUBLE);
        }
        if (where != null) {
            entryVars.addAll(scan.getVariables());
            AccessMethodUtils.appendPrimaryIndexTypes(dataset, recordType, null, entryTypes);
            UnnestMapOperator search = searchOperator(context, metadata, dataset, index, scan, call, entryVars,
                    entryTypes, null);
            search.setSelectCondition(new MutableObject<>(where));
            return search;
        }
        List<LogicalVariable> keyVars = new ArrayList<>();
        for (IAType keyType : KeyFieldTypeUtil.getPartitoningKeyTypes(dataset, recordType, null)) {
            LogicalVariable key = context.newVar();
            keyVars.add(key);
            entryVars.add(key);
            entryTypes.add(keyType);
        }
        UnnestMapOperator search = searchOperator(context, metadata, dataset, index, scan, call, entryVars,
                entryTypes, outer);

        BTreeJobGenParams lookup = new BTreeJobGenParams(dataset.getDatasetName(), IndexType.BTREE,
                dataset.getDataverseName(), dataset.getDatasetName(), outer != null, false);
        lookup.setLowKeyInclusive(true);
        lookup.setHighKeyInclusive(true);
        lookup.setLowKeyVarList(keyVars, 0, keyVars.size());
        lookup.setHighKeyVarList(keyVars, 0, keyVars.size());
        lookup.setIsEqCondition(true);
        List<Mutable<ILogicalExpression>> lookupArgs = new ArrayList<>();
        lookup.writeToFuncArgs(lookupArgs);
        List<Object> recordTypes = new ArrayList<>();
        AccessMethodUtils.appendPrimaryIndexTypes(dataset, recordType, null, recordTypes);
        Mutable<ILogicalExpression> lookupCall = new MutableObject<>(
                new ScalarFunctionCallExpression(FunctionUtil.getFunctionInfo(BuiltinFunctions.INDEX_SEARCH),
                        lookupArgs));
        UnnestMapOperator primary = new UnnestMapOperator(scan.getVariables(), lookupCall, recordTypes,
                outer != null);
        primary.setSourceLocation(scan.getSourceLocation());
        primary.getInputs().add(new MutableObject<>(search));
        partitioned(primary, context);
        return primary;
    }

    /**
     * The kNN search's unnest-map, in place of the scan, with its physical operator; over {@code outer} (a kNN
     * join's outer tuples, which it keeps) rather than the scan's input if given.
     */
    @SuppressWarnings("squid:S00107") // the operator's parts, each needed
    private static UnnestMapOperator searchOperator(IOptimizationContext context, MetadataProvider metadata,
            Dataset dataset, Index index, DataSourceScanOperator scan, KnnSearchCall call,
            List<LogicalVariable> vars, List<Object> types, ILogicalOperator outer) throws AlgebricksException {
        UnnestMapOperator search = new UnnestMapOperator(vars, new MutableObject<>(call.toExpression()), types,
                outer != null);
        search.setSourceLocation(scan.getSourceLocation());
        search.getInputs().add(new MutableObject<>(outer == null ? scan.getInputs().get(0).getValue() : outer));
        DataSourceId source = new DataSourceId(dataset.getDataverseName(), dataset.getDatasetName());
        search.setPhysicalOperator(new KnnSearchPOperator(metadata.findDataSourceIndex(index.getIndexName(), source),
                metadata.findNodeDomain(dataset.getNodeGroupName()), outer != null));
        partitioned(search, context);
        return search;
    }

    static void partitioned(AbstractLogicalOperator op, IOptimizationContext context)
            throws AlgebricksException {
        op.setExecutionMode(ExecutionMode.PARTITIONED);
        context.computeAndSetTypeEnvironmentForOperator(op);
    }
}

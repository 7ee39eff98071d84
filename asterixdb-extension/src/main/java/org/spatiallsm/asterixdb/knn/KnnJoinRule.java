package org.spatiallsm.asterixdb.knn;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Index;
import org.apache.asterix.om.types.ARecordType;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.IAType;
import org.apache.commons.lang3.mutable.Mutable;
import org.apache.commons.lang3.mutable.MutableObject;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.algebricks.core.algebra.base.ILogicalExpression;
import org.apache.hyracks.algebricks.core.algebra.base.ILogicalOperator;
import org.apache.hyracks.algebricks.core.algebra.base.IOptimizationContext;
import org.apache.hyracks.algebricks.core.algebra.base.LogicalOperatorTag;
import org.apache.hyracks.algebricks.core.algebra.base.LogicalVariable;
import org.apache.hyracks.algebricks.core.algebra.expressions.ConstantExpression;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.AssignOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.DataSourceScanOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.GroupByOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.InnerJoinOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.LimitOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.OrderOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.OrderOperator.IOrder.OrderKind;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.visitors.VariableUtilities;
import org.apache.hyracks.algebricks.core.algebra.util.OperatorPropertiesUtil;
import org.apache.hyracks.algebricks.core.rewriter.base.IAlgebraicRewriteRule;

/**
 * Answers a kNN join, {@code SELECT s.id, (SELECT VALUE c.id FROM Shops c ORDER BY spatial_distance(c.loc, s.loc)
 * LIMIT k) AS nearest FROM Homes s}, with one kNN search of the index on {@code c.loc} per outer record.
 * <p>
 * AsterixDB unnests such a correlated subquery into a join, on {@code true}, of (a copy of) the outer records with
 * the whole inner dataset, followed by a group-by whose nested plan orders each group by the distance and keeps its
 * first k; a left outer join on the outer key then brings the lists back to the outer records. It computes the
 * distance of every pair and sorts them all. This rule replaces the join's inner branch, the scan of the inner
 * dataset, by a kNN search whose query point is each outer tuple's {@code s.loc}: each index partition receives
 * every outer tuple (broadcast) and outputs it with each of the partition's k + OFFSET nearest entries (those tied
 * with the last included), looked up in the primary index. The group-by and its nested ORDER BY and LIMIT stay as
 * they were and sort what the searches found by the distance computed from the records. That is the join's answer:
 * a pair among a group's first k + OFFSET by distance has fewer than k + OFFSET pairs strictly nearer in its group,
 * so fewer nearer to the same outer point in its partition, so that partition's search output it; the ties with the
 * last pair are all output, so any further ORDER BY keys break them as over the whole join. An outer record without
 * any pair is no group, as before. So every group's list is the one AsterixDB's plan computes; what the plan does
 * with the lists above the group-by stays as it was (in 0.9.8 its outer join back to the outer records loses them,
 * see docs/queries.md).
 * <p>
 * It applies where {@link KnnIndexRule} would answer the subquery with a constant point and no WHERE: a group-by
 * whose nested plan is an aggregate over a LIMIT over an ORDER BY whose first key, ascending, is the distance,
 * over (through assignments) an inner join on {@code true} of the inner dataset's scan and assignments with an outer
 * branch that gives the query point: a deterministic expression of its variables whose type is a point, never null
 * or missing. {@code SET `spatial-lsm.knn` "false"} turns it off too.
 */
public final class KnnJoinRule implements IAlgebraicRewriteRule {

    @Override
    public boolean rewritePre(Mutable<ILogicalOperator> opRef, IOptimizationContext context)
            throws AlgebricksException {
        if (!(opRef.getValue() instanceof GroupByOperator group) || group.getNestedPlans().size() != 1
                || group.getNestedPlans().get(0).getRoots().size() != 1) {
            return false;
        }
        MetadataProvider metadata = (MetadataProvider) context.getMetadataProvider();
        if (!metadata.getBooleanProperty(KnnIndexRule.SETTING_KEY, true)) {
            return false;
        }
        ILogicalOperator aggregate = group.getNestedPlans().get(0).getRoots().get(0).getValue();
        List<AssignOperator> assigns = new ArrayList<>();
        if (aggregate.getOperatorTag() != LogicalOperatorTag.AGGREGATE
                || !(KnnIndexRule.below(aggregate.getInputs().get(0), assigns).getValue()
                        instanceof LimitOperator limit)) {
            return false;
        }
        Optional<Integer> wanted = KnnIndexRule.wanted(limit);
        if (wanted.isEmpty() || !(KnnIndexRule.below(limit.getInputs().get(0), assigns).getValue()
                instanceof OrderOperator order) || order.getOrderExpressions().isEmpty()
                || order.getOrderExpressions().get(0).first.getKind() != OrderKind.ASC
                || KnnIndexRule.below(order.getInputs().get(0), assigns).getValue()
                        .getOperatorTag() != LogicalOperatorTag.NESTEDTUPLESOURCE) {
            return false;
        }
        Mutable<ILogicalOperator> joinRef = belowOrdered(group.getInputs().get(0), assigns);
        if (!(joinRef.getValue() instanceof InnerJoinOperator join)
                || !join.getCondition().getValue().equals(ConstantExpression.TRUE)) {
            return false;
        }
        Set<LogicalVariable> grouping = new HashSet<>();
        group.getGroupByList().forEach(key -> key.second.getValue().getUsedVariables(grouping));
        group.getDecorList().forEach(decor -> decor.second.getValue().getUsedVariables(grouping));
        for (int innerSide = 0; innerSide < 2; innerSide++) {
            Set<LogicalVariable> outerVariables = new HashSet<>();
            VariableUtilities.getLiveVariables(join.getInputs().get(1 - innerSide).getValue(), outerVariables);
            if (grouping.isEmpty() || !outerVariables.containsAll(grouping)) {
                continue; // each group must be one outer tuple's pairs, or the inner side is the other
            }
            Optional<ILogicalOperator> rewritten = rewrite(join.getInputs().get(innerSide),
                    join.getInputs().get(1 - innerSide), order, assigns, wanted.get(), context);
            if (rewritten.isPresent()) {
                joinRef.setValue(rewritten.get());
                OperatorPropertiesUtil.typeOpRec(group.getInputs().get(0), context);
                context.computeAndSetTypeEnvironmentForOperator(group);
                return true;
            }
        }
        return false;
    }

    /**
     * The join's replacement if {@code inner} is assignments over the scan of a dataset with an index that answers
     * the ORDER BY's distance to a point of {@code outer}: {@code inner} with its scan replaced by the kNN search
     * over {@code outer}.
     */
    private static Optional<ILogicalOperator> rewrite(Mutable<ILogicalOperator> inner, Mutable<ILogicalOperator> outer,
            OrderOperator order, List<AssignOperator> aboveJoin, int wanted, IOptimizationContext context)
            throws AlgebricksException {
        List<AssignOperator> assigns = new ArrayList<>(aboveJoin);
        Mutable<ILogicalOperator> scanRef = KnnIndexRule.below(inner, assigns);
        if (!(scanRef.getValue() instanceof DataSourceScanOperator scan) || hasProjection(inner, scanRef)) {
            return Optional.empty();
        }
        Optional<Dataset> dataset = KnnIndexRule.plainDataset(scan);
        if (dataset.isEmpty()) {
            return Optional.empty();
        }
        LogicalVariable record = scan.getVariables().get(scan.getVariables().size() - 1);
        Optional<Correlated> nearest = correlated(
                KnnIndexRule.inline(order.getOrderExpressions().get(0).second.getValue().cloneExpression(), assigns),
                record, outer, context);
        if (nearest.isEmpty()) {
            return Optional.empty();
        }
        MetadataProvider metadata = (MetadataProvider) context.getMetadataProvider();
        ARecordType recordType = (ARecordType) metadata.findType(dataset.get());
        Optional<Index> index = KnnIndexRule.spatialIndex(metadata, dataset.get(), recordType,
                nearest.get().field(), nearest.get().toRectangles(), false);
        if (index.isEmpty()) {
            return Optional.empty();
        }
        LogicalVariable point = context.newVar();
        AssignOperator queryPoint = new AssignOperator(point, new MutableObject<>(nearest.get().point()));
        queryPoint.getInputs().add(new MutableObject<>(outer.getValue()));
        queryPoint.setSourceLocation(scan.getSourceLocation());
        KnnIndexRule.partitioned(queryPoint, context);
        Dataset searched = dataset.get();
        scanRef.setValue(KnnIndexRule.indexPlan(context, metadata, searched, recordType, index.get(), scan,
                new KnnSearchCall(searched.getDataverseName(), searched.getDatasetName(), index.get().getIndexName(),
                        point, wanted), null, queryPoint));
        return Optional.of(inner.getValue());
    }

    /**
     * The first operator below {@code ref} that is not an assignment, projection or ORDER BY (which AsterixDB puts
     * below the group-by to sort its groups: it changes no group's tuples); collects the assignments.
     */
    private static Mutable<ILogicalOperator> belowOrdered(Mutable<ILogicalOperator> ref,
            List<AssignOperator> assigns) {
        Mutable<ILogicalOperator> current = KnnIndexRule.below(ref, assigns);
        while (current.getValue().getOperatorTag() == LogicalOperatorTag.ORDER) {
            current = KnnIndexRule.below(current.getValue().getInputs().get(0), assigns);
        }
        return current;
    }

    /** Whether a projection lies between the inner branch's top and its scan: it would drop the outer variables. */
    private static boolean hasProjection(Mutable<ILogicalOperator> top, Mutable<ILogicalOperator> scan) {
        for (Mutable<ILogicalOperator> at = top; at != scan; at = at.getValue().getInputs().get(0)) {
            if (at.getValue().getOperatorTag() == LogicalOperatorTag.PROJECT) {
                return true;
            }
        }
        return false;
    }

    /** The inner record's field, and the outer point it is measured to. */
    private record Correlated(KnnIndexRule.Field field, ILogicalExpression point, boolean toRectangles) {
    }

    /**
     * {@code spatial_distance(record.field, point)} (or {@code spatial_min_distance}), either order, where the point
     * is a deterministic expression of the outer branch's variables alone whose type is a point, never null or
     * missing.
     */
    private static Optional<Correlated> correlated(ILogicalExpression distance, LogicalVariable record,
            Mutable<ILogicalOperator> outer, IOptimizationContext context) throws AlgebricksException {
        Optional<KnnIndexRule.Measured> measured = KnnIndexRule.measured(distance);
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        Set<LogicalVariable> outerVariables = new HashSet<>();
        VariableUtilities.getLiveVariables(outer.getValue(), outerVariables);
        for (int side = 0; side < 2; side++) {
            ILogicalExpression point = measured.get().arguments().get(side);
            Optional<KnnIndexRule.Field> field = KnnIndexRule.field(measured.get().arguments().get(1 - side), record);
            Set<LogicalVariable> used = new HashSet<>();
            point.getUsedVariables(used);
            if (field.isPresent() && !used.isEmpty() && outerVariables.containsAll(used)
                    && KnnIndexRule.deterministic(point)) {
                IAType type = (IAType) context.getExpressionTypeComputer().getType(point,
                        context.getMetadataProvider(), context.getOutputTypeEnvironment(outer.getValue()));
                return type.getTypeTag() == ATypeTag.POINT
                        ? Optional.of(new Correlated(field.get(), point, measured.get().toRectangles()))
                        : Optional.empty();
            }
        }
        return Optional.empty();
    }
}

package org.spatiallsm.asterixdb.knn;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Index;
import org.apache.asterix.om.functions.BuiltinFunctions;
import org.apache.asterix.om.types.ARecordType;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.IAType;
import org.apache.asterix.om.utils.ConstantExpressionUtil;
import org.apache.commons.lang3.mutable.Mutable;
import org.apache.commons.lang3.mutable.MutableObject;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.algebricks.common.utils.Pair;
import org.apache.hyracks.algebricks.core.algebra.base.ILogicalExpression;
import org.apache.hyracks.algebricks.core.algebra.base.ILogicalOperator;
import org.apache.hyracks.algebricks.core.algebra.base.IOptimizationContext;
import org.apache.hyracks.algebricks.core.algebra.base.LogicalOperatorTag;
import org.apache.hyracks.algebricks.core.algebra.base.LogicalVariable;
import org.apache.hyracks.algebricks.core.algebra.expressions.AbstractFunctionCallExpression;
import org.apache.hyracks.algebricks.core.algebra.expressions.ConstantExpression;
import org.apache.hyracks.algebricks.core.algebra.expressions.VariableReferenceExpression;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.AggregateOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.AssignOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.DataSourceScanOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.GroupByOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.InnerJoinOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.LeftOuterJoinOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.LimitOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.OrderOperator.IOrder.OrderKind;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.OrderOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.ProjectOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.UnnestOperator;
import org.apache.hyracks.algebricks.core.algebra.operators.logical.visitors.VariableUtilities;
import org.apache.hyracks.algebricks.core.algebra.util.OperatorPropertiesUtil;
import org.apache.hyracks.algebricks.core.rewriter.base.IAlgebraicRewriteRule;

/**
 * Answers a kNN join, {@code SELECT s.id, (SELECT VALUE c.id FROM Shops c ORDER BY spatial_distance(c.loc, s.loc)
 * LIMIT k) AS nearest FROM Homes s}, correctly, and with one kNN search of the index on {@code c.loc} per outer record.
 * <p>
 * AsterixDB unnests such a correlated subquery into a join, on {@code true}, of (a copy of) the outer records with
 * the whole inner dataset, followed by a group-by on the copy's key whose nested plan orders each group by the
 * distance and keeps its first k in a list of records; an {@code unnest} takes the list apart and a left outer join
 * on the outer key brings the pairs back to the outer records, where a second group-by makes each one's list. In
 * 0.9.8 the join reads the copy's key back from the list's records as a field they do not hold, so it never matches
 * and every list is empty. Matching that whole shape at the left outer join, this rule
 * <ul>
 * <li>reads the first group-by's key variable instead ({@link LostKey}): within a group every pair has that key;
 * <li>replaces the inner join's inner branch, the scan of the inner dataset, by a kNN search whose query point is
 * each outer tuple's {@code s.loc}, where an index answers it: each index partition receives every outer tuple
 * (broadcast) and outputs it with each of the partition's k + OFFSET nearest entries (those tied with the last
 * included), looked up in the primary index. The group-by and its nested ORDER BY and LIMIT stay as they were and
 * sort what the searches found by the distance computed from the records. That is the join's answer: a pair among a
 * group's first k + OFFSET by distance has fewer than k + OFFSET pairs strictly nearer in its group, so fewer nearer
 * to the same outer point in its partition, so that partition's search output it; the ties with the last pair are
 * all output, so any further ORDER BY keys break them as over the whole join.
 * </ul>
 * The search applies where {@link KnnIndexRule} would answer the subquery with a constant point and no WHERE, and the
 * query point is a deterministic expression of the outer branch's variables whose type is a point, never null or
 * missing; elsewhere the pairs stay AsterixDB's nested loop, with the key repaired. A plan of another shape is left
 * as it is. {@code SET `spatial-lsm.knn` "false"} turns both off.
 */
public final class KnnJoinRule implements IAlgebraicRewriteRule {

    @Override
    public boolean rewritePre(Mutable<ILogicalOperator> opRef, IOptimizationContext context)
            throws AlgebricksException {
        if (!(opRef.getValue() instanceof LeftOuterJoinOperator backToOuter)
                || !((MetadataProvider) context.getMetadataProvider()).getBooleanProperty(KnnIndexRule.SETTING_KEY,
                        true)) {
            return false;
        }
        Optional<LostKey> lost = lostKey(backToOuter);
        if (lost.isEmpty() || !isKnnGroup(lost.get().group())) {
            return false;
        }
        // Where the search does not apply (no index, a query point that may be null), the pairs stay AsterixDB's.
        searchPerOuterTuple(lost.get().group(), context);
        lost.get().repair();
        OperatorPropertiesUtil.typeOpRec(opRef, context);
        return true;
    }

    /**
     * Whether {@code group}'s nested plan is an aggregate over a LIMIT over an ORDER BY whose first key, ascending, is
     * a spatial distance: each group's list is its k nearest pairs.
     */
    private static boolean isKnnGroup(GroupByOperator group) {
        if (group.getNestedPlans().size() != 1 || group.getNestedPlans().get(0).getRoots().size() != 1) {
            return false;
        }
        List<AssignOperator> assigns = new ArrayList<>();
        belowOrdered(group.getInputs().get(0), assigns); // the pairs' distance is assigned below the group-by
        ILogicalOperator aggregate = group.getNestedPlans().get(0).getRoots().get(0).getValue();
        return aggregate.getOperatorTag() == LogicalOperatorTag.AGGREGATE
                && KnnIndexRule.below(aggregate.getInputs().get(0), assigns).getValue() instanceof LimitOperator limit
                && KnnIndexRule.wanted(limit).isPresent()
                && KnnIndexRule.below(limit.getInputs().get(0), assigns).getValue() instanceof OrderOperator order
                && !order.getOrderExpressions().isEmpty()
                && order.getOrderExpressions().get(0).first.getKind() == OrderKind.ASC
                && KnnIndexRule.measured(KnnIndexRule.inline(
                        order.getOrderExpressions().get(0).second.getValue().cloneExpression(), assigns)).isPresent()
                && KnnIndexRule.below(order.getInputs().get(0), assigns).getValue()
                        .getOperatorTag() == LogicalOperatorTag.NESTEDTUPLESOURCE;
    }

    /**
     * AsterixDB's read-back of a group's key from the records of its list, below the left outer join that brings the
     * lists back to the outer records: {@code unnest $e <- scan-collection($list)} over the group-by whose aggregate
     * makes {@code $list} and whose key is {@code $k := $v}, and assignments above it that read {@code
     * field-access-by-name($e, "v")}. The records of the list are made of the pairs' variables but not of {@code $v},
     * the group's key (0.9.8), so every read is missing and the join never matches.
     */
    private static Optional<LostKey> lostKey(LeftOuterJoinOperator backToOuter) {
        List<AssignOperator> reading = new ArrayList<>();
        List<ProjectOperator> projects = new ArrayList<>();
        Mutable<ILogicalOperator> at = assignmentsAndProjections(backToOuter.getInputs().get(1), reading, projects);
        if (!(at.getValue() instanceof UnnestOperator unnest)
                || !(unnest.getExpressionRef().getValue() instanceof AbstractFunctionCallExpression scan)
                || !scan.getFunctionIdentifier().equals(BuiltinFunctions.SCAN_COLLECTION)
                || !(scan.getArguments().get(0).getValue() instanceof VariableReferenceExpression listed)) {
            return Optional.empty();
        }
        at = assignmentsAndProjections(unnest.getInputs().get(0), new ArrayList<>(), projects);
        if (!(at.getValue() instanceof GroupByOperator group) || group.getNestedPlans().size() != 1
                || group.getNestedPlans().get(0).getRoots().size() != 1
                || !(group.getNestedPlans().get(0).getRoots().get(0).getValue() instanceof AggregateOperator aggregate)
                || !aggregate.getVariables().equals(List.of(listed.getVariableReference()))) {
            return Optional.empty();
        }
        List<Mutable<ILogicalExpression>> candidates = new ArrayList<>();
        reading.forEach(assign -> candidates.addAll(assign.getExpressions()));
        candidates.add(backToOuter.getCondition());
        List<Mutable<ILogicalExpression>> reads = new ArrayList<>();
        LogicalVariable key = null;
        for (int i = 0; i < candidates.size(); i++) {
            Mutable<ILogicalExpression> read = candidates.get(i);
            Optional<LogicalVariable> readKey = keyRead(read.getValue(), unnest.getVariable(), group);
            if (readKey.isPresent() && (key == null || key.equals(readKey.get()))) {
                key = readKey.get();
                reads.add(read);
            } else if (read.getValue() instanceof AbstractFunctionCallExpression call) {
                candidates.addAll(call.getArguments()); // a read inside the join's condition
            }
        }
        return key == null ? Optional.empty() : Optional.of(new LostKey(group, key, reads, projects));
    }

    /** The group's key variable that {@code read}, {@code field-access-by-name(element, "v")}, means to read. */
    private static Optional<LogicalVariable> keyRead(ILogicalExpression read, LogicalVariable element,
            GroupByOperator group) {
        if (!(read instanceof AbstractFunctionCallExpression access)
                || !access.getFunctionIdentifier().equals(BuiltinFunctions.FIELD_ACCESS_BY_NAME)
                || !(access.getArguments().get(0).getValue() instanceof VariableReferenceExpression record)
                || !record.getVariableReference().equals(element)) {
            return Optional.empty();
        }
        String field = ConstantExpressionUtil.getStringConstant(access.getArguments().get(1).getValue());
        for (Pair<LogicalVariable, Mutable<ILogicalExpression>> key : group.getGroupByList()) {
            if (key.first != null && key.second.getValue() instanceof VariableReferenceExpression keyed
                    && String.valueOf(keyed.getVariableReference().getId()).equals(field)) {
                return Optional.of(key.first);
            }
        }
        return Optional.empty();
    }

    private static Mutable<ILogicalOperator> assignmentsAndProjections(Mutable<ILogicalOperator> ref,
            List<AssignOperator> assigns, List<ProjectOperator> projects) {
        Mutable<ILogicalOperator> current = ref;
        while (current.getValue().getOperatorTag() == LogicalOperatorTag.ASSIGN
                || current.getValue().getOperatorTag() == LogicalOperatorTag.PROJECT
                || current.getValue().getOperatorTag() == LogicalOperatorTag.SELECT) {
            if (current.getValue() instanceof AssignOperator assign) {
                assigns.add(assign);
            } else if (current.getValue() instanceof ProjectOperator project) {
                projects.add(project);
            }
            current = current.getValue().getInputs().get(0);
        }
        return current;
    }

    /**
     * A group's key read back from its list's records ({@link #lostKey}). Within a group every pair has the group's
     * key, so the key variable itself is what each read means: {@link #repair} reads it, kept live up to there.
     */
    private record LostKey(GroupByOperator group, LogicalVariable key, List<Mutable<ILogicalExpression>> reads,
            List<ProjectOperator> projects) {

        void repair() {
            reads.forEach(read -> read.setValue(new VariableReferenceExpression(key)));
            for (ProjectOperator project : projects) {
                if (!project.getVariables().contains(key)) {
                    project.getVariables().add(key);
                }
            }
        }
    }

    /**
     * Replaces the inner join of {@code group}'s pairs, on {@code true}, of the outer records' copy with the inner
     * dataset's scan by one kNN search per outer tuple, if the ORDER BY's distance is to a point of the outer records
     * and the inner dataset has an index that answers it.
     */
    private static void searchPerOuterTuple(GroupByOperator group, IOptimizationContext context)
            throws AlgebricksException {
        List<AssignOperator> assigns = new ArrayList<>();
        ILogicalOperator aggregate = group.getNestedPlans().get(0).getRoots().get(0).getValue();
        LimitOperator limit = (LimitOperator) KnnIndexRule.below(aggregate.getInputs().get(0), assigns).getValue();
        OrderOperator order = (OrderOperator) KnnIndexRule.below(limit.getInputs().get(0), assigns).getValue();
        Mutable<ILogicalOperator> joinRef = belowOrdered(group.getInputs().get(0), assigns);
        if (!(joinRef.getValue() instanceof InnerJoinOperator join)
                || !join.getCondition().getValue().equals(ConstantExpression.TRUE)) {
            return;
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
                    join.getInputs().get(1 - innerSide), order, assigns, KnnIndexRule.wanted(limit).get(), context);
            if (rewritten.isPresent()) {
                joinRef.setValue(rewritten.get());
                return;
            }
        }
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

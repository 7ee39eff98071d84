package org.spatiallsm.asterixdb.rtree;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

import org.apache.asterix.formats.nontagged.OrderedLinearizeComparatorFactory;
import org.apache.asterix.runtime.operators.LSMIndexBulkLoadOperatorDescriptor;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.IOperatorDescriptor;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.job.JobSpecification;
import org.apache.hyracks.dataflow.std.file.IFileSplitProvider;
import org.apache.hyracks.dataflow.std.sort.AbstractSorterOperatorDescriptor;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResourceFactory;
import org.apache.hyracks.storage.am.rtree.linearize.HilbertDoubleComparatorFactory;
import org.apache.hyracks.storage.am.rtree.linearize.ZCurveDoubleComparatorFactory;
import org.spatiallsm.asterixdb.app.StockFields;
import org.spatiallsm.storage.RTreeComparator;

/**
 * Gives one R-tree the sort order its user chose, and every R-tree its curve order computed fast. AsterixDB 0.9.8 picks
 * an R-tree's order in a static method, in two places: the index's resource factory (flush and merge) and the sort of
 * the bulk load that fills a new index. Both must agree, because a merge reconciles anti-matter only when equal keys
 * meet at the head of its priority queue. Neither place has a hook, so the chosen order is written into the objects
 * AsterixDB built for this one index.
 * AsterixDB's own curve comparators are replaced by {@link CurveComparatorFactory}s: the very same order (proven by
 * spatial-partitioning's CurveOrderMatchesAsterixTest), without 0.9.8's thousand grid levels per comparison.
 */
public final class RTreeLinearizers {

    private RTreeLinearizers() {
    }

    /** The engine comparator for the choice; R-tree keys are MBR coordinates, always doubles. */
    public static ILinearizeComparatorFactory factory(RTreeComparator comparator, int dimensions)
            throws AlgebricksException {
        ILinearizeComparatorFactory order = switch (comparator) {
            case HILBERT -> new CurveComparatorFactory.Hilbert(twoDimensional(comparator, dimensions));
            case ZORDER -> new CurveComparatorFactory.ZOrder(dimensions);
            case SIMPLE -> new SimpleLinearizeComparatorFactory(dimensions);
            case HILBERT_STOCK -> new StockCurveComparatorFactory.Hilbert(twoDimensional(comparator, dimensions));
            case ZORDER_STOCK -> new StockCurveComparatorFactory.ZOrder(dimensions);
        };
        // As AsterixDB does: the wrapper skips each key's type tag.
        return new OrderedLinearizeComparatorFactory(order, true);
    }

    private static int twoDimensional(RTreeComparator hilbert, int dimensions) throws AlgebricksException {
        if (dimensions != 2) {
            throw new AlgebricksException("comparator \"" + hilbert.optionValue() + "\" supports 2-D keys only; this "
                    + "index has " + dimensions + " dimensions (use \"zorder\" or \"simple\")");
        }
        return dimensions;
    }

    /**
     * {@code order} itself, unless it is one of AsterixDB's curve orders over doubles (as AsterixDB wraps them, to
     * skip the type tag): then the same order computed fast.
     */
    public static ILinearizeComparatorFactory fastEquivalent(ILinearizeComparatorFactory order)
            throws AlgebricksException {
        if (!(order instanceof OrderedLinearizeComparatorFactory tagSkipping)) {
            return order;
        }
        Object curve = StockFields.read(tagSkipping, "factory");
        boolean ascending = (Boolean) StockFields.read(tagSkipping, "ascending");
        int dimensions = tagSkipping.createBinaryComparator().getDimensions();
        if (curve.getClass() == HilbertDoubleComparatorFactory.class) { // not the chosen stock subclasses
            return new OrderedLinearizeComparatorFactory(new CurveComparatorFactory.Hilbert(dimensions), ascending);
        }
        if (curve.getClass() == ZCurveDoubleComparatorFactory.class) {
            return new OrderedLinearizeComparatorFactory(new CurveComparatorFactory.ZOrder(dimensions), ascending);
        }
        return order;
    }

    /**
     * The name of {@code order} as {@code Orderings.exactEngineOrder} knows it ({@code simple}, {@code hilbert},
     * {@code zorder}), looking through AsterixDB's tag-skipping wrapper; empty for any other order.
     */
    public static Optional<String> curveName(ILinearizeComparatorFactory order) throws AlgebricksException {
        Object curve = order;
        if (order instanceof OrderedLinearizeComparatorFactory tagSkipping) {
            if (!(Boolean) StockFields.read(tagSkipping, "ascending")) {
                return Optional.empty();
            }
            curve = StockFields.read(tagSkipping, "factory");
        }
        if (curve instanceof SimpleLinearizeComparatorFactory) {
            return Optional.of("simple");
        }
        if (curve instanceof HilbertDoubleComparatorFactory || curve instanceof CurveComparatorFactory.Hilbert) {
            return Optional.of("hilbert");
        }
        if (curve instanceof ZCurveDoubleComparatorFactory || curve instanceof CurveComparatorFactory.ZOrder) {
            return Optional.of("zorder");
        }
        return Optional.empty();
    }

    /** The order of the R-tree that {@code resourceFactory} describes. */
    public static ILinearizeComparatorFactory order(LSMRTreeWithAntiMatterLocalResourceFactory resourceFactory)
            throws AlgebricksException {
        return (ILinearizeComparatorFactory) StockFields.read(resourceFactory, "linearizeCmpFactory");
    }

    /** The number of dimensions of the R-tree that {@code resourceFactory} describes. */
    public static int dimensions(LSMRTreeWithAntiMatterLocalResourceFactory resourceFactory)
            throws AlgebricksException {
        return order(resourceFactory).createBinaryComparator().getDimensions();
    }

    /** Sets the order of a resource factory AsterixDB has just built for one index (and nobody else holds). */
    public static void useOrder(LSMRTreeWithAntiMatterLocalResourceFactory resourceFactory,
            ILinearizeComparatorFactory order) throws AlgebricksException {
        StockFields.write(resourceFactory, "linearizeCmpFactory", order);
    }

    /**
     * Makes every sort by an R-tree order in {@code job} sort by {@code comparator} instead, with the same number of
     * dimensions, or (no comparator) by the {@linkplain #fastEquivalent fast equivalent} of its own order; other sort
     * keys (primary keys, B-tree keys) are untouched.
     */
    public static void useOrder(JobSpecification job, Optional<RTreeComparator> comparator)
            throws AlgebricksException {
        for (IOperatorDescriptor operator : job.getOperatorMap().values()) {
            if (operator instanceof AbstractSorterOperatorDescriptor sorter) {
                IBinaryComparatorFactory[] keys =
                        (IBinaryComparatorFactory[]) StockFields.read(sorter, "comparatorFactories");
                for (int i = 0; i < keys.length; i++) {
                    if (keys[i] instanceof ILinearizeComparatorFactory curve) {
                        keys[i] = comparator.isPresent()
                                ? factory(comparator.get(), curve.createBinaryComparator().getDimensions())
                                : fastEquivalent(curve);
                    }
                }
            }
        }
    }

    /**
     * LOAD DATASET sorts an R-tree's keys for its bulk load by [coordinates..., primary keys], lexicographically
     * (0.9.8's {@code IndexBulkloadPOperator}), not by the R-tree's curve order, which its flushes and merges use:
     * a search or merge then reconciles the loaded component with later ones out of step, and an entry deleted
     * after the load can survive its anti-matter. This makes every sort of {@code job} that feeds the bulk load of one
     * of {@code rtrees} sort by {@code order} over the coordinates (read from the first one on, as AsterixDB's own
     * R-tree sorts do), then by the primary keys.
     *
     * @param primaryKeys the number of primary-key fields, the last sort keys
     */
    public static void useOrderInLoad(JobSpecification job, ILinearizeComparatorFactory order, Set<String> rtrees,
            int primaryKeys) throws AlgebricksException {
        for (var connector : job.getConnectorOperatorMap().values()) {
            IOperatorDescriptor producer = connector.getLeft().getLeft();
            IOperatorDescriptor consumer = connector.getRight().getLeft();
            if (producer instanceof AbstractSorterOperatorDescriptor sorter
                    && consumer instanceof LSMIndexBulkLoadOperatorDescriptor load
                    && rtrees.contains(indexName(load))) {
                sortByCurve(sorter, order, primaryKeys, indexName(load));
            }
        }
    }

    private static void sortByCurve(AbstractSorterOperatorDescriptor sorter, ILinearizeComparatorFactory order,
            int primaryKeys, String index) throws AlgebricksException {
        int[] fields = (int[]) StockFields.read(sorter, "sortFields");
        IBinaryComparatorFactory[] comparators =
                (IBinaryComparatorFactory[]) StockFields.read(sorter, "comparatorFactories");
        int coordinates = fields.length - primaryKeys;
        for (int i = 1; i < coordinates; i++) {
            if (fields[i] != fields[0] + i) {
                throw new AlgebricksException("spatial-lsm cannot sort the keys of R-tree " + index + " for LOAD "
                        + "DATASET in its order: its coordinates are not adjacent fields " + Arrays.toString(fields));
            }
        }
        int[] curveFields = new int[primaryKeys + 1];
        IBinaryComparatorFactory[] curveComparators = new IBinaryComparatorFactory[primaryKeys + 1];
        curveFields[0] = fields[0];
        curveComparators[0] = order;
        System.arraycopy(fields, coordinates, curveFields, 1, primaryKeys);
        System.arraycopy(comparators, coordinates, curveComparators, 1, primaryKeys);
        StockFields.write(sorter, "sortFields", curveFields);
        StockFields.write(sorter, "comparatorFactories", curveComparators);
        // A normalized key of the first coordinate would sort by it before the curve is asked.
        StockFields.write(sorter, "keyNormalizerFactories", null);
    }

    /** The index a bulk load fills: the last name of its file split, as AsterixDB names index directories. */
    private static String indexName(LSMIndexBulkLoadOperatorDescriptor load) throws AlgebricksException {
        IFileSplitProvider splits = (IFileSplitProvider) StockFields
                .read(StockFields.read(load, "indexHelperFactory"), "fileSplitProvider");
        return Path.of(splits.getFileSplits()[0].getPath()).getFileName().toString();
    }
}

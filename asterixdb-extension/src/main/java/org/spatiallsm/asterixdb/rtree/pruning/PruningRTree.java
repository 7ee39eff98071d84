package org.spatiallsm.asterixdb.rtree.pruning;

import java.util.Optional;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProviderFactory;
import org.apache.hyracks.storage.am.common.ophelpers.IndexOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexFileManager;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMPageWriteCallbackFactory;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuples;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.spatiallsm.asterixdb.crash.HoldPoints;
import org.spatiallsm.asterixdb.introspection.PrunedIndex;
import org.spatiallsm.asterixdb.knn.KnnPredicate;
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;
import org.spatiallsm.asterixdb.rtree.AntiMatterRTreeResource.Parts;
import org.spatiallsm.partitioning.knn.KnnCounters;
import org.spatiallsm.partitioning.pruning.Box;
import org.spatiallsm.partitioning.pruning.ReadAmplification;

/**
 * AsterixDB's LSM R-tree with anti-matter, whose searches open only the disk components whose MBR overlaps the query
 * (see {@link ComponentPruning}, which also says why that is safe with anti-matter). Every internal R-tree spatial-lsm
 * creates is one; everything but the choice of a search's components is the stock index's.
 */
public class PruningRTree extends LSMRTreeWithAntiMatterTuples implements PrunedIndex {

    /**
     * A hold point ({@link HoldPoints}): a query's search that has entered its components, outside the operation
     * tracker's lock, so that a test can let merges and moves install while the query reads what it entered.
     */
    public static final String SEARCH_ENTERED = "rtree.search.entered";

    private final ComponentPruning pruning;
    private final KnnCounters knnCounters = new KnnCounters();

    @SuppressWarnings("squid:S00107") // the parent's constructor
    public PruningRTree(Parts parts, ILSMIndexFileManager fileManager, int fieldCount,
            IBinaryComparatorFactory[] rtreeCmpFactories, IBinaryComparatorFactory[] btreeComparatorFactories,
            ILinearizeComparatorFactory linearizer, ILSMIOOperationCallbackFactory ioOpCallbackFactory,
            ILSMPageWriteCallbackFactory pageWriteCallbackFactory, int[] rtreeFields, int[] filterFields,
            boolean durable, boolean isPointMBR, IPrimitiveValueProviderFactory[] keyValues)
            throws HyracksDataException {
        this(parts, parts.componentFactory(), parts.bulkLoadComponentFactory(), fileManager, fieldCount,
                rtreeCmpFactories, btreeComparatorFactories, linearizer, ioOpCallbackFactory, pageWriteCallbackFactory,
                rtreeFields, filterFields, durable, isPointMBR, keyValues);
    }

    /** For a subclass whose disk components are not the stock ones {@code parts} makes. */
    @SuppressWarnings("squid:S00107") // the parent's constructor
    protected PruningRTree(Parts parts, ILSMDiskComponentFactory componentFactory,
            ILSMDiskComponentFactory bulkLoadComponentFactory, ILSMIndexFileManager fileManager, int fieldCount,
            IBinaryComparatorFactory[] rtreeCmpFactories, IBinaryComparatorFactory[] btreeComparatorFactories,
            ILinearizeComparatorFactory linearizer, ILSMIOOperationCallbackFactory ioOpCallbackFactory,
            ILSMPageWriteCallbackFactory pageWriteCallbackFactory, int[] rtreeFields, int[] filterFields,
            boolean durable, boolean isPointMBR, IPrimitiveValueProviderFactory[] keyValues)
            throws HyracksDataException {
        super(parts.ioManager(), parts.virtualBufferCaches(), parts.interiorFrames(), parts.leafFrames(),
                parts.buddyInteriorFrames(), parts.buddyLeafFrames(), parts.diskBufferCache(), fileManager,
                componentFactory, bulkLoadComponentFactory, parts.filterHelper(), parts.filterFrames(),
                parts.filterManager(), fieldCount, rtreeCmpFactories, btreeComparatorFactories, linearizer,
                parts.comparatorFields(), parts.linearizerArray(), parts.mergePolicy(), parts.opTracker(),
                parts.ioScheduler(), ioOpCallbackFactory, pageWriteCallbackFactory, rtreeFields, filterFields, durable,
                isPointMBR);
        this.pruning = new ComponentPruning(keyValues);
    }

    @Override
    public void getOperationalComponents(ILSMIndexOperationContext ctx) throws HyracksDataException {
        super.getOperationalComponents(ctx);
        pruning.prune(ctx, this::componentMbr);
    }

    @Override
    public void search(ILSMIndexOperationContext ctx, IIndexCursor cursor, ISearchPredicate pred)
            throws HyracksDataException {
        // A kNN search opens its components itself and counts them in knnCounters: it is not a window search.
        if (!(pred instanceof KnnPredicate)) {
            pruning.countSearch(ctx);
        }
        if (ctx.getOperation() == IndexOperation.SEARCH) {
            HoldPoints.reach(SEARCH_ENTERED);
        }
        super.search(ctx, cursor, pred);
    }

    // Flushes, merges and activation read pages too; they are not the searches' (see SearchPageReads).

    @Override
    public ILSMDiskComponent doFlush(ILSMIOOperation operation) throws HyracksDataException {
        return SearchPageReads.outsideSearches(() -> super.doFlush(operation));
    }

    @Override
    public ILSMDiskComponent doMerge(ILSMIOOperation operation) throws HyracksDataException {
        return SearchPageReads.outsideSearches(() -> super.doMerge(operation));
    }

    @Override
    public synchronized void activate() throws HyracksDataException {
        SearchPageReads.outsideSearches(() -> {
            super.activate();
            return null;
        });
    }

    @Override
    public ReadAmplification.Counts readAmplification() {
        return pruning.counts();
    }

    /** Where the kNN searches of this index count what they did. */
    public KnnCounters knnCounters() {
        return knnCounters;
    }

    @Override
    public Optional<KnnCounters.Counts> knnCounts() {
        return Optional.of(knnCounters.counts());
    }

    @Override
    public final Optional<Box> mbr(ILSMDiskComponent component) throws HyracksDataException {
        return Optional.of(componentMbr(component));
    }

    /** The MBR a search tests the component against: from its root page, unless a subclass knows it. */
    protected Box componentMbr(ILSMDiskComponent component) throws HyracksDataException {
        return pruning.rootPageMbr(component);
    }
}

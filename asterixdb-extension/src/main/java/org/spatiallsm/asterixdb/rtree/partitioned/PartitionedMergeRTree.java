package org.spatiallsm.asterixdb.rtree.partitioned;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.storage.am.common.api.ITreeIndexFrameFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponentId;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponentId.IdCompareResult;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentBulkLoader;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationScheduler;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicy;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMOperationTracker;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMPageWriteCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCache;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.impls.EmptyComponent;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMIndexSearchCursor;
import org.apache.hyracks.storage.am.lsm.common.impls.MergeOperation;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuples;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuplesSearchCursor;
import org.apache.hyracks.storage.am.rtree.frames.RTreeFrameFactory;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.IndexCursorStats;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;

/**
 * An LSM R-tree with anti-matter whose merges write several disk components: the merged stream, in curve order, is
 * cut by {@link MergeSplit} into contiguous runs, one component each. Flushes, searches and everything else are the
 * stock R-tree's.
 * <p>
 * Every output of a merge carries the merged component ID (the union of the inputs' IDs, as AsterixDB gives its single
 * output): each holds entries of exactly those flushes. AsterixDB's check that IDs strictly decrease along the stack
 * would reject such siblings, so installation checks a weaker order: strictly decreasing between merges, equal
 * within one.
 */
public final class PartitionedMergeRTree extends LSMRTreeWithAntiMatterTuples {

    private final int outputCount;
    /** The outputs of merges that completed but are not installed yet, by the output the harness holds. */
    private final Map<ILSMDiskComponent, List<ILSMDiskComponent>> uninstalledOutputs =
            Collections.synchronizedMap(new IdentityHashMap<>());

    @SuppressWarnings("squid:S00107") // the parent's constructor, plus the output count
    public PartitionedMergeRTree(IIOManager ioManager, List<IVirtualBufferCache> virtualBufferCaches,
            RTreeFrameFactory rtreeInteriorFrameFactory, RTreeFrameFactory rtreeLeafFrameFactory,
            ITreeIndexFrameFactory btreeInteriorFrameFactory, ITreeIndexFrameFactory btreeLeafFrameFactory,
            IBufferCache diskBufferCache, PartitionedRTreeFileManager fileManager,
            ILSMDiskComponentFactory componentFactory, ILSMDiskComponentFactory bulkLoadComponentFactory,
            int fieldCount, IBinaryComparatorFactory[] rtreeCmpFactories,
            IBinaryComparatorFactory[] btreeComparatorFactories, ILinearizeComparatorFactory linearizer,
            int[] comparatorFields, IBinaryComparatorFactory[] linearizerArray, ILSMMergePolicy mergePolicy,
            ILSMOperationTracker opTracker, ILSMIOOperationScheduler ioScheduler,
            ILSMIOOperationCallbackFactory ioOpCallbackFactory, ILSMPageWriteCallbackFactory pageWriteCallbackFactory,
            int[] rtreeFields, boolean durable, boolean isPointMBR, int outputCount) throws HyracksDataException {
        super(ioManager, virtualBufferCaches, rtreeInteriorFrameFactory, rtreeLeafFrameFactory,
                btreeInteriorFrameFactory, btreeLeafFrameFactory, diskBufferCache, fileManager, componentFactory,
                bulkLoadComponentFactory, null, null, null, fieldCount, rtreeCmpFactories, btreeComparatorFactories,
                linearizer, comparatorFields, linearizerArray, mergePolicy, opTracker, ioScheduler,
                ioOpCallbackFactory, pageWriteCallbackFactory, rtreeFields, null, durable, isPointMBR);
        this.outputCount = outputCount;
    }

    @Override
    protected ILSMIOOperation createMergeOperation(AbstractLSMIndexOperationContext opCtx,
            LSMComponentFileReferences mergeFileRefs, ILSMIOOperationCallback callback) throws HyracksDataException {
        MergeOperation stock = (MergeOperation) super.createMergeOperation(opCtx, mergeFileRefs, callback);
        List<ILSMComponent> inputs = opCtx.getComponentHolder();
        boolean keepsAntiMatter = inputs.get(inputs.size() - 1) != diskComponents.get(diskComponents.size() - 1);
        return new PartitionedMergeOperation(stock, new AllOutputsCallback(callback), getIndexIdentifier(),
                keepsAntiMatter);
    }

    @Override
    public ILSMDiskComponent doMerge(ILSMIOOperation operation) throws HyracksDataException {
        PartitionedMergeOperation merge = (PartitionedMergeOperation) operation;
        IIndexCursor cursor = merge.getCursor();
        ILSMIndexOperationContext opCtx = ((LSMIndexSearchCursor) cursor).getOpCtx();
        // Two passes over the inputs: the spike splits by count and a merge never holds its entries in memory.
        MergeSplit split = new MergeSplit(countMergedEntries(opCtx, merge.keepsAntiMatter()), outputCount);
        PartitionedRTreeFileManager files = (PartitionedRTreeFileManager) fileManager;
        List<ILSMDiskComponentBulkLoader> loaders = new ArrayList<>();
        boolean loaded = false;
        try {
            for (int output = 0; output < split.outputs(); output++) {
                var file = files.outputFile(merge.getTarget(), output);
                ILSMDiskComponent component = createDiskComponent(componentFactory, file, null, null, true);
                merge.addOutput(file, component);
                loaders.add(component.createBulkLoader(operation, 1.0f, false, 0L, false, false, false,
                        pageWriteCallbackFactory.createPageWriteCallback()));
            }
            search(opCtx, cursor, new SearchPredicate(null, null));
            try {
                for (long position = 0; cursor.hasNext(); position++) {
                    cursor.next();
                    loaders.get(split.outputOf(position)).add(cursor.getTuple());
                }
            } finally {
                cursor.close();
            }
            for (ILSMDiskComponentBulkLoader loader : loaders) {
                loader.end();
            }
            loaded = true;
        } finally {
            if (!loaded) {
                for (ILSMDiskComponentBulkLoader loader : loaders) {
                    loader.abort();
                }
            }
        }
        List<ILSMDiskComponent> outputs = List.copyOf(merge.outputs());
        uninstalledOutputs.put(outputs.get(0), outputs);
        return outputs.get(0);
    }

    private long countMergedEntries(ILSMIndexOperationContext opCtx, boolean keepsAntiMatter)
            throws HyracksDataException {
        IIndexCursor counter = new LSMRTreeWithAntiMatterTuplesSearchCursor(opCtx, keepsAntiMatter,
                new IndexCursorStats());
        try {
            search(opCtx, counter, new SearchPredicate(null, null));
            long entries = 0;
            try {
                while (counter.hasNext()) {
                    counter.next();
                    entries++;
                }
            } finally {
                counter.close();
            }
            return entries;
        } finally {
            counter.destroy();
        }
    }

    /** Installs every output of the merge in place of its inputs (called under the operation tracker's lock). */
    @Override
    public void subsumeMergedComponents(ILSMDiskComponent newComponent, List<ILSMComponent> mergedComponents)
            throws HyracksDataException {
        List<ILSMDiskComponent> outputs = uninstalledOutputs.remove(newComponent);
        if (outputs == null) {
            // A merge that only deletes components (DELETE_COMPONENTS) never reaches doMerge.
            outputs = newComponent == EmptyComponent.INSTANCE ? List.of() : List.of(newComponent);
        }
        int position = diskComponents.indexOf(mergedComponents.get(0));
        diskComponents.removeAll(mergedComponents);
        diskComponents.addAll(position, outputs);
        checkIdOrder();
    }

    @Override
    public void addDiskComponent(ILSMDiskComponent component) throws HyracksDataException {
        if (component != EmptyComponent.INSTANCE) {
            diskComponents.add(0, component);
        }
        checkIdOrder();
    }

    private void checkIdOrder() throws HyracksDataException {
        for (int i = 0; i + 1 < diskComponents.size(); i++) {
            ILSMComponentId newer = diskComponents.get(i).getId();
            ILSMComponentId older = diskComponents.get(i + 1).getId();
            IdCompareResult order = newer.compareTo(older);
            boolean siblings = newer.getMinId() == older.getMinId() && newer.getMaxId() == older.getMaxId();
            if (order != IdCompareResult.GREATER_THAN && order != IdCompareResult.UNKNOWN && !siblings) {
                throw new IllegalStateException("component ids out of order (" + newer + " before " + older
                        + ") on index " + this);
            }
        }
    }

    /**
     * The index's own IO callback, which writes a merge's component ID, LSN and marker into {@code getNewComponent()}
     * only: this one lets it write them into every output, and marks the extra outputs valid before AsterixDB marks
     * the first and deletes the merge's mask file.
     */
    private final class AllOutputsCallback implements ILSMIOOperationCallback {
        private final ILSMIOOperationCallback stock;

        AllOutputsCallback(ILSMIOOperationCallback stock) {
            this.stock = stock;
        }

        @Override
        public void afterOperation(ILSMIOOperation operation) throws HyracksDataException {
            if (operation instanceof PartitionedMergeOperation merge
                    && operation.getStatus() != ILSMIOOperation.LSMIOOperationStatus.FAILURE) {
                ILSMDiskComponent first = operation.getNewComponent();
                List<ILSMDiskComponent> outputs = merge.outputs();
                try {
                    for (ILSMDiskComponent extra : outputs.subList(1, outputs.size())) {
                        operation.setNewComponent(extra);
                        stock.afterOperation(operation);
                        extra.markAsValid(isDurable(), operation);
                    }
                } finally {
                    operation.setNewComponent(first);
                }
            }
            stock.afterOperation(operation);
        }

        @Override
        public void scheduled(ILSMIOOperation operation) throws HyracksDataException {
            stock.scheduled(operation);
        }

        @Override
        public void beforeOperation(ILSMIOOperation operation) throws HyracksDataException {
            stock.beforeOperation(operation);
        }

        @Override
        public void afterFinalize(ILSMIOOperation operation) throws HyracksDataException {
            stock.afterFinalize(operation);
        }

        @Override
        public void completed(ILSMIOOperation operation) {
            stock.completed(operation);
        }

        @Override
        public void recycled(org.apache.hyracks.storage.am.lsm.common.api.ILSMMemoryComponent component)
                throws HyracksDataException {
            stock.recycled(component);
        }

        @Override
        public void allocated(org.apache.hyracks.storage.am.lsm.common.api.ILSMMemoryComponent component)
                throws HyracksDataException {
            stock.allocated(component);
        }

        @Override
        public long getLastValidSequence() throws HyracksDataException {
            return stock.getLastValidSequence();
        }
    }
}

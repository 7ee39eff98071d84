package org.spatiallsm.asterixdb.rtree;

import java.util.List;

import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.storage.am.btree.frames.BTreeNSMInteriorFrameFactory;
import org.apache.hyracks.storage.am.btree.frames.BTreeNSMLeafFrameFactory;
import org.apache.hyracks.storage.am.common.api.ITreeIndexFrameFactory;
import org.apache.hyracks.storage.am.common.tuples.TypeAwareTupleWriterFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicy;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMOperationTracker;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationScheduler;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCache;
import org.apache.hyracks.storage.am.lsm.common.dataflow.LsmResource;
import org.apache.hyracks.storage.am.lsm.common.frames.LSMComponentFilterFrameFactory;
import org.apache.hyracks.storage.am.lsm.common.impls.ComponentFilterHelper;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFilterManager;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuplesDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.rtree.impls.RTreeFactory;
import org.apache.hyracks.storage.am.lsm.rtree.tuples.LSMRTreeCopyTupleWriterFactory;
import org.apache.hyracks.storage.am.lsm.rtree.tuples.LSMRTreeTupleWriterFactory;
import org.apache.hyracks.storage.am.lsm.rtree.tuples.LSMRTreeTupleWriterFactoryForPointMBR;
import org.apache.hyracks.storage.am.rtree.frames.RTreeFrameFactory;
import org.apache.hyracks.storage.am.rtree.tuples.RTreeTypeAwareTupleWriterFactory;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.spatiallsm.asterixdb.app.StockFields;
import org.spatiallsm.asterixdb.componentid.CurrentIdCallbackFactory;
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;

/**
 * AsterixDB's anti-matter R-tree resource (same fields, same JSON) for spatial-lsm's own subclasses of
 * {@code LSMRTreeWithAntiMatterTuples}: 0.9.8 builds its index in a static method that names the stock class, so a
 * subclass needs the same pieces built here ({@link #parts}). A subclass is written under its own registry id (see
 * {@code SpatialPersistedResourceRegistry}) and read back from the stock JSON ({@link #copyStockFields}).
 */
public abstract class AntiMatterRTreeResource extends LSMRTreeWithAntiMatterLocalResource {

    private static final long serialVersionUID = 1L;

    protected AntiMatterRTreeResource() {
        // Every stock field is copied in right after construction (copyStockFields); the parent has no copy
        // constructor.
        super(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, false, false, null, null);
    }

    /**
     * What an anti-matter R-tree is made of, for this resource on this node: the pieces of 0.9.8's own
     * {@code LSMRTreeUtils.createLSMTreeWithAntiMatterTuples}. Leaves of point keys store one corner only. The IO
     * callbacks give a new index's memory component a newer id than its bulk-loaded component
     * ({@link CurrentIdCallbackFactory}).
     */
    public record Parts(IIOManager ioManager, FileReference file, List<IVirtualBufferCache> virtualBufferCaches,
            IBufferCache diskBufferCache, RTreeFrameFactory interiorFrames, RTreeFrameFactory leafFrames,
            ITreeIndexFrameFactory buddyInteriorFrames, ITreeIndexFrameFactory buddyLeafFrames, RTreeFactory diskTrees,
            RTreeFactory bulkLoadTrees, ILSMDiskComponentFactory componentFactory,
            ILSMDiskComponentFactory bulkLoadComponentFactory,
            ComponentFilterHelper filterHelper, LSMComponentFilterFrameFactory filterFrames,
            LSMComponentFilterManager filterManager, int[] comparatorFields, IBinaryComparatorFactory[] linearizerArray,
            ILSMMergePolicy mergePolicy, ILSMOperationTracker opTracker, ILSMIOOperationScheduler ioScheduler,
            ILSMIOOperationCallbackFactory ioOpCallbacks) {
    }

    protected final Parts parts(INCServiceContext serviceCtx) throws HyracksDataException {
        IIOManager ioManager = serviceCtx.getIoManager();
        FileReference file = ioManager.resolve(path);
        List<IVirtualBufferCache> virtualBufferCaches = vbcProvider.getVirtualBufferCaches(serviceCtx, file);
        // The index partition's own view of the node's cache, which counts the pages its searches read.
        IBufferCache diskBufferCache = SearchPageReads.of(storageManager.getBufferCache(serviceCtx));
        ioOpCallbackFactory.initialize(serviceCtx, this);
        pageWriteCallbackFactory.initialize(serviceCtx, this);

        int keyFields = cmpFactories.length;
        RTreeTypeAwareTupleWriterFactory interiorWriter =
                new LSMRTreeTupleWriterFactory(typeTraits, false, nullTypeTraits, nullIntrospector);
        RTreeTypeAwareTupleWriterFactory leafWriter = isPointMBR ? pointLeafWriter(keyFields) : interiorWriter;
        RTreeTypeAwareTupleWriterFactory copyLeafWriter = isPointMBR ? pointLeafWriter(keyFields)
                : new LSMRTreeCopyTupleWriterFactory(typeTraits, nullTypeTraits, nullIntrospector);
        RTreeTypeAwareTupleWriterFactory bulkLoadLeafWriter = isPointMBR ? pointLeafWriter(keyFields)
                : new LSMRTreeTupleWriterFactory(typeTraits, false, nullTypeTraits, nullIntrospector);
        RTreeFrameFactory interiorFrames = interiorFrames(interiorWriter, false);
        DoubleKeyInteriorFrameFactory diskInteriorFrames = interiorFrames(interiorWriter, true);
        LSMRTreeTupleWriterFactory buddyWriter =
                new LSMRTreeTupleWriterFactory(typeTraits, true, nullTypeTraits, nullIntrospector);
        RTreeFactory diskTrees = new RunSkippingRTreeFactory(ioManager, diskBufferCache, metadataPageManagerFactory,
                diskInteriorFrames, leafFrames(copyLeafWriter, true), cmpFactories, typeTraits.length, isPointMBR);
        RTreeFactory bulkLoadTrees = new RunSkippingRTreeFactory(ioManager, diskBufferCache, metadataPageManagerFactory,
                diskInteriorFrames, leafFrames(bulkLoadLeafWriter, true), cmpFactories, typeTraits.length,
                isPointMBR);

        ComponentFilterHelper filterHelper = null;
        LSMComponentFilterFrameFactory filterFrames = null;
        LSMComponentFilterManager filterManager = null;
        if (filterCmpFactories != null) {
            TypeAwareTupleWriterFactory filterWriter =
                    new TypeAwareTupleWriterFactory(filterTypeTraits, nullTypeTraits, nullIntrospector);
            filterHelper = new ComponentFilterHelper(filterWriter, filterCmpFactories);
            filterFrames = new LSMComponentFilterFrameFactory(filterWriter);
            filterManager = new LSMComponentFilterManager(filterFrames);
        }

        // Sort order of flushes and merges: the curve on the MBR, then the primary key.
        int primaryKeyFields = btreeCmpFactories.length - keyFields;
        int[] comparatorFields = new int[primaryKeyFields + 1];
        IBinaryComparatorFactory[] linearizerArray = new IBinaryComparatorFactory[primaryKeyFields + 1];
        linearizerArray[0] = linearizeCmpFactory;
        for (int i = 1; i <= primaryKeyFields; i++) {
            comparatorFields[i] = keyFields + i - 1;
            linearizerArray[i] = btreeCmpFactories[keyFields + i - 1];
        }

        ILSMOperationTracker opTracker = opTrackerProvider.getOperationTracker(serviceCtx, this);
        return new Parts(ioManager, file, virtualBufferCaches, diskBufferCache, interiorFrames,
                leafFrames(leafWriter, false), new BTreeNSMInteriorFrameFactory(buddyWriter),
                new BTreeNSMLeafFrameFactory(buddyWriter), diskTrees, bulkLoadTrees,
                new LSMRTreeWithAntiMatterTuplesDiskComponentFactory(diskTrees, filterHelper),
                new LSMRTreeWithAntiMatterTuplesDiskComponentFactory(bulkLoadTrees, filterHelper), filterHelper,
                filterFrames, filterManager, comparatorFields, linearizerArray,
                mergePolicyFactory.createMergePolicy(mergePolicyProperties, serviceCtx), opTracker,
                ioSchedulerProvider.getIoScheduler(serviceCtx),
                CurrentIdCallbackFactory.of(ioOpCallbackFactory, opTracker, serviceCtx, this));
    }

    private RTreeTypeAwareTupleWriterFactory pointLeafWriter(int keyFields) {
        return new LSMRTreeTupleWriterFactoryForPointMBR(typeTraits, keyFields, btreeCmpFactories.length - keyFields,
                true, false, nullTypeTraits, nullIntrospector);
    }

    /** @param diskComponents whether the frames read disk components' pages, which never change */
    private DoubleKeyInteriorFrameFactory interiorFrames(RTreeTypeAwareTupleWriterFactory writer,
            boolean diskComponents) {
        return new DoubleKeyInteriorFrameFactory(writer, valueProviderFactories, rtreePolicyType, isPointMBR,
                diskComponents);
    }

    /** @param diskComponents whether the frames read disk components' pages, which never change */
    private DoubleKeyLeafFrameFactory leafFrames(RTreeTypeAwareTupleWriterFactory writer, boolean diskComponents) {
        return new DoubleKeyLeafFrameFactory(writer, valueProviderFactories, rtreePolicyType, isPointMBR,
                diskComponents);
    }

    /** Copies every instance field the stock classes declare: they are protected and have no getters. */
    protected static <T extends AntiMatterRTreeResource> T copyStockFields(LSMRTreeWithAntiMatterLocalResource from,
            T to) throws HyracksDataException {
        return StockFields.copy(LSMRTreeWithAntiMatterLocalResource.class, LsmResource.class, from, to);
    }
}

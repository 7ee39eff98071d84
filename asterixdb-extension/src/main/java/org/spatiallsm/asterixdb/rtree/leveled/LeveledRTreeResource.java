package org.spatiallsm.asterixdb.rtree.leveled;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;

import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.btree.frames.BTreeNSMInteriorFrameFactory;
import org.apache.hyracks.storage.am.btree.frames.BTreeNSMLeafFrameFactory;
import org.apache.hyracks.storage.am.common.api.ITreeIndexFrameFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCache;
import org.apache.hyracks.storage.am.lsm.common.dataflow.LsmResource;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.apache.hyracks.storage.am.lsm.rtree.impls.RTreeFactory;
import org.apache.hyracks.storage.am.lsm.rtree.tuples.LSMRTreeCopyTupleWriterFactory;
import org.apache.hyracks.storage.am.lsm.rtree.tuples.LSMRTreeTupleWriterFactory;
import org.apache.hyracks.storage.am.lsm.rtree.tuples.LSMRTreeTupleWriterFactoryForPointMBR;
import org.apache.hyracks.storage.am.rtree.frames.RTreeFrameFactory;
import org.apache.hyracks.storage.am.rtree.frames.RTreeNSMInteriorFrameFactory;
import org.apache.hyracks.storage.am.rtree.frames.RTreeNSMLeafFrameFactory;
import org.apache.hyracks.storage.am.rtree.tuples.RTreeTypeAwareTupleWriterFactory;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;

import org.spatiallsm.asterixdb.rtree.RTreeLinearizers;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The persisted description of a {@link LeveledRTree}: AsterixDB's R-tree resource (same fields, same JSON) under
 * its own registry id, so that the index reopens as a leveled R-tree. Persisted in the index's {@code .metadata}, so
 * the class is registered in {@code SpatialPersistedResourceRegistry}.
 */
public final class LeveledRTreeResource extends LSMRTreeWithAntiMatterLocalResource {

    private static final long serialVersionUID = 1L;

    /** {@code stock}'s description, for a leveled index. */
    static LeveledRTreeResource of(LSMRTreeWithAntiMatterLocalResource stock) throws HyracksDataException {
        LeveledRTreeResource resource = new LeveledRTreeResource();
        copyStockFields(stock, resource);
        return resource;
    }

    private LeveledRTreeResource() {
        // Every stock field is copied in right after construction (see of); the parent offers no copy constructor.
        super(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, false, false, null, null);
    }

    @Override
    public ILSMIndex createInstance(INCServiceContext serviceCtx) throws HyracksDataException {
        if (filterCmpFactories != null) {
            throw HyracksDataException.create(new UnsupportedOperationException(
                    "leveled R-trees do not support datasets with a filter (WITH FILTER ON) yet"));
        }
        IIOManager ioManager = serviceCtx.getIoManager();
        FileReference file = ioManager.resolve(path);
        List<IVirtualBufferCache> virtualBufferCaches = vbcProvider.getVirtualBufferCaches(serviceCtx, file);
        IBufferCache diskBufferCache = storageManager.getBufferCache(serviceCtx);
        ioOpCallbackFactory.initialize(serviceCtx, this);
        pageWriteCallbackFactory.initialize(serviceCtx, this);

        // The frames and trees of AsterixDB's anti-matter R-tree: leaves of point keys store one corner only.
        int keyFields = cmpFactories.length;
        RTreeTypeAwareTupleWriterFactory interiorWriter =
                new LSMRTreeTupleWriterFactory(typeTraits, false, nullTypeTraits, nullIntrospector);
        RTreeTypeAwareTupleWriterFactory leafWriter = isPointMBR ? pointLeafWriter(keyFields) : interiorWriter;
        RTreeTypeAwareTupleWriterFactory copyLeafWriter = isPointMBR ? pointLeafWriter(keyFields)
                : new LSMRTreeCopyTupleWriterFactory(typeTraits, nullTypeTraits, nullIntrospector);
        RTreeTypeAwareTupleWriterFactory bulkLoadLeafWriter = isPointMBR ? pointLeafWriter(keyFields)
                : new LSMRTreeTupleWriterFactory(typeTraits, false, nullTypeTraits, nullIntrospector);
        RTreeFrameFactory interiorFrames =
                new RTreeNSMInteriorFrameFactory(interiorWriter, valueProviderFactories, rtreePolicyType, isPointMBR);
        RTreeFrameFactory leafFrames = leafFrames(leafWriter);
        LSMRTreeTupleWriterFactory buddyWriter =
                new LSMRTreeTupleWriterFactory(typeTraits, true, nullTypeTraits, nullIntrospector);
        ITreeIndexFrameFactory buddyInteriorFrames = new BTreeNSMInteriorFrameFactory(buddyWriter);
        ITreeIndexFrameFactory buddyLeafFrames = new BTreeNSMLeafFrameFactory(buddyWriter);
        RTreeFactory diskTrees = new RTreeFactory(ioManager, diskBufferCache, metadataPageManagerFactory,
                interiorFrames, leafFrames(copyLeafWriter), cmpFactories, typeTraits.length, isPointMBR);
        RTreeFactory bulkLoadTrees = new RTreeFactory(ioManager, diskBufferCache, metadataPageManagerFactory,
                interiorFrames, leafFrames(bulkLoadLeafWriter), cmpFactories, typeTraits.length, isPointMBR);

        // Sort order of flushes and merges: the curve on the MBR, then the primary key.
        int primaryKeyFields = btreeCmpFactories.length - keyFields;
        int[] comparatorFields = new int[primaryKeyFields + 1];
        IBinaryComparatorFactory[] linearizerArray = new IBinaryComparatorFactory[primaryKeyFields + 1];
        linearizerArray[0] = linearizeCmpFactory;
        for (int i = 1; i <= primaryKeyFields; i++) {
            comparatorFields[i] = keyFields + i - 1;
            linearizerArray[i] = btreeCmpFactories[keyFields + i - 1];
        }

        return new LeveledRTree(ioManager, virtualBufferCaches, interiorFrames, leafFrames,
                buddyInteriorFrames, buddyLeafFrames, diskBufferCache,
                new LeveledRTreeFileManager(ioManager, file, diskTrees),
                new LeveledDiskComponentFactory(diskTrees), new LeveledDiskComponentFactory(bulkLoadTrees),
                typeTraits.length,
                cmpFactories, btreeCmpFactories, linearizeCmpFactory, comparatorFields, linearizerArray,
                mergePolicyFactory.createMergePolicy(mergePolicyProperties, serviceCtx),
                opTrackerProvider.getOperationTracker(serviceCtx, this), ioSchedulerProvider.getIoScheduler(serviceCtx),
                ioOpCallbackFactory, pageWriteCallbackFactory, rtreeFields, durable, isPointMBR, orderingName());
    }

    private RTreeTypeAwareTupleWriterFactory pointLeafWriter(int keyFields) {
        return new LSMRTreeTupleWriterFactoryForPointMBR(typeTraits, keyFields, btreeCmpFactories.length - keyFields,
                true, false, nullTypeTraits, nullIntrospector);
    }

    private RTreeFrameFactory leafFrames(RTreeTypeAwareTupleWriterFactory writer) {
        return new RTreeNSMLeafFrameFactory(writer, valueProviderFactories, rtreePolicyType, isPointMBR);
    }

    /**
     * The name of the R-tree's order for {@code Orderings.exactEngineOrder}: the partitioners must see the merge
     * stream in exactly the order the R-tree writes it.
     */
    private String orderingName() throws HyracksDataException {
        try {
            return RTreeLinearizers.curveName(linearizeCmpFactory).orElseThrow(() -> new IllegalStateException(
                    "a leveled R-tree cannot partition in the order of " + linearizeCmpFactory));
        } catch (AlgebricksException e) {
            throw HyracksDataException.create(e);
        }
    }

    /** Read back by the registry; hides the parent's, which would build a stock resource. */
    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        return of((LSMRTreeWithAntiMatterLocalResource) LSMRTreeWithAntiMatterLocalResource.fromJson(registry, json));
    }

    /** Copies every instance field the stock classes declare: they are protected and have no getters. */
    private static void copyStockFields(LSMRTreeWithAntiMatterLocalResource from, LeveledRTreeResource to)
            throws HyracksDataException {
        try {
            for (Class<?> c = LSMRTreeWithAntiMatterLocalResource.class; c != LsmResource.class.getSuperclass();
                    c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(field.getModifiers())) {
                        field.setAccessible(true);
                        field.set(to, field.get(from));
                    }
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw HyracksDataException.create(e);
        }
    }
}

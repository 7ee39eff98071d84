package org.spatiallsm.asterixdb.organisation;

import java.util.List;
import java.util.Map;

import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.api.compression.ICompressorDecompressorFactory;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.common.api.IMetadataPageManagerFactory;
import org.apache.hyracks.storage.am.common.api.INullIntrospector;
import org.apache.hyracks.storage.am.lsm.btree.dataflow.LSMBTreeLocalResource;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationSchedulerProvider;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMOperationTrackerFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMPageWriteCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCache;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCacheProvider;
import org.apache.hyracks.storage.common.IStorageManager;
import org.apache.hyracks.storage.common.compression.NoOpCompressorDecompressorFactory;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The persisted description of a {@link DhvbBTree}: an LSM B-tree resource (same JSON, same files) that opens as a
 * DHVB index. Registered under its own id in {@code SpatialPersistedResourceRegistry}, so that a restart reopens it
 * as one.
 */
public class DhvbBTreeResource extends LSMBTreeLocalResource {

    private static final long serialVersionUID = 1L;

    protected DhvbBTreeResource(ITypeTraits[] typeTraits, IBinaryComparatorFactory[] cmpFactories, String path,
            IStorageManager storageManager, ILSMMergePolicyFactory mergePolicyFactory,
            Map<String, String> mergePolicyProperties, ILSMOperationTrackerFactory opTrackerProvider,
            ILSMIOOperationCallbackFactory ioOpCallbackFactory, ILSMPageWriteCallbackFactory pageWriteCallbackFactory,
            IMetadataPageManagerFactory metadataPageManagerFactory, IVirtualBufferCacheProvider vbcProvider,
            ILSMIOOperationSchedulerProvider ioSchedulerProvider, ITypeTraits nullTypeTraits,
            INullIntrospector nullIntrospector) {
        super(typeTraits, cmpFactories, null, 0, false, path, storageManager, mergePolicyFactory,
                mergePolicyProperties, null, null, null, null, opTrackerProvider, ioOpCallbackFactory,
                pageWriteCallbackFactory, metadataPageManagerFactory, vbcProvider, ioSchedulerProvider, true,
                NoOpCompressorDecompressorFactory.INSTANCE, false, nullTypeTraits, nullIntrospector);
    }

    protected DhvbBTreeResource(IPersistedResourceRegistry registry, JsonNode json,
            ICompressorDecompressorFactory compressorFactory) throws HyracksDataException {
        super(registry, json, null, 0, false, null, compressorFactory, false);
    }

    @Override
    public ILSMIndex createInstance(INCServiceContext serviceCtx) throws HyracksDataException {
        IIOManager ioManager = serviceCtx.getIoManager();
        FileReference file = ioManager.resolve(path);
        List<IVirtualBufferCache> memory = vbcProvider.getVirtualBufferCaches(serviceCtx, file);
        ioOpCallbackFactory.initialize(serviceCtx, this);
        pageWriteCallbackFactory.initialize(serviceCtx, this);
        return newIndex(DhvbBTree.parts(ioManager, memory, file, storageManager.getBufferCache(serviceCtx),
                typeTraits, cmpFactories, mergePolicyFactory.createMergePolicy(mergePolicyProperties, serviceCtx),
                opTrackerProvider.getOperationTracker(serviceCtx, this), ioSchedulerProvider.getIoScheduler(serviceCtx),
                ioOpCallbackFactory, pageWriteCallbackFactory, metadataPageManagerFactory, durable,
                serviceCtx.getTracer(), compressorDecompressorFactory, nullTypeTraits, nullIntrospector));
    }

    /** The index this resource opens as, built from the secondary LSM B-tree's parts. */
    protected ILSMIndex newIndex(DhvbBTree.Parts parts) throws HyracksDataException {
        return new DhvbBTree(parts);
    }

    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        ICompressorDecompressorFactory compressorFactory = (ICompressorDecompressorFactory) registry
                .deserializeOrDefault(json.get("compressorDecompressorFactory"),
                        NoOpCompressorDecompressorFactory.class);
        return new DhvbBTreeResource(registry, json, compressorFactory);
    }
}

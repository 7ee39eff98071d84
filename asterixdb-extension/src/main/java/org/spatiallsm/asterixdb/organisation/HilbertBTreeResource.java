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
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The persisted description of a {@link HilbertBTree}: an LSM B-tree resource (same JSON plus its
 * {@code "organisation"}, same files) that opens as a DHB or DHVB index. Registered under its own id in
 * {@code SpatialPersistedResourceRegistry}, so that a restart reopens it as one. Resources written before DHB
 * existed have no {@code "organisation"}: they are DHVB.
 */
public final class HilbertBTreeResource extends LSMBTreeLocalResource {

    private static final long serialVersionUID = 1L;
    private static final String ORGANISATION = "organisation";

    private final HilbertLayout layout;

    HilbertBTreeResource(HilbertLayout layout, ITypeTraits[] typeTraits, IBinaryComparatorFactory[] cmpFactories,
            String path,
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
        this.layout = layout;
    }

    private HilbertBTreeResource(IPersistedResourceRegistry registry, JsonNode json,
            ICompressorDecompressorFactory compressorFactory) throws HyracksDataException {
        super(registry, json, null, 0, false, null, compressorFactory, false);
        String kind = json.path(ORGANISATION).asText(HilbertLayout.DHVB.kind());
        this.layout = HilbertLayout.of(kind).orElseThrow(() -> Refusal.of("the index resource " + path
                + " names the organisation " + kind + ", which is no Hilbert B-tree"));
    }

    @Override
    protected void appendToJson(ObjectNode json, IPersistedResourceRegistry registry) throws HyracksDataException {
        super.appendToJson(json, registry);
        json.put(ORGANISATION, layout.kind());
    }

    @Override
    public ILSMIndex createInstance(INCServiceContext serviceCtx) throws HyracksDataException {
        IIOManager ioManager = serviceCtx.getIoManager();
        FileReference file = ioManager.resolve(path);
        List<IVirtualBufferCache> memory = vbcProvider.getVirtualBufferCaches(serviceCtx, file);
        ioOpCallbackFactory.initialize(serviceCtx, this);
        pageWriteCallbackFactory.initialize(serviceCtx, this);
        return HilbertBTree.create(layout, ioManager, memory, file, storageManager.getBufferCache(serviceCtx),
                typeTraits,
                cmpFactories, mergePolicyFactory.createMergePolicy(mergePolicyProperties, serviceCtx),
                opTrackerProvider.getOperationTracker(serviceCtx, this), ioSchedulerProvider.getIoScheduler(serviceCtx),
                ioOpCallbackFactory, pageWriteCallbackFactory, metadataPageManagerFactory, durable,
                serviceCtx.getTracer(), compressorDecompressorFactory, nullTypeTraits, nullIntrospector);
    }

    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        ICompressorDecompressorFactory compressorFactory = (ICompressorDecompressorFactory) registry
                .deserializeOrDefault(json.get("compressorDecompressorFactory"),
                        NoOpCompressorDecompressorFactory.class);
        return new HilbertBTreeResource(registry, json, compressorFactory);
    }
}

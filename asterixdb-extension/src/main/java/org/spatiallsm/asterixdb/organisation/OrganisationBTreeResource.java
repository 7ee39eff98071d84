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
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.common.api.IMetadataPageManagerFactory;
import org.apache.hyracks.storage.am.common.api.INullIntrospector;
import org.apache.hyracks.storage.am.lsm.btree.dataflow.LSMBTreeLocalResource;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationSchedulerProvider;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMOperationTracker;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMOperationTrackerFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMPageWriteCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCache;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCacheProvider;
import org.apache.hyracks.storage.common.IStorageManager;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.apache.hyracks.storage.common.compression.NoOpCompressorDecompressorFactory;
import org.spatiallsm.asterixdb.componentid.CurrentIdCallbackFactory;
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The persisted description of an {@link OrganisationBTree}: an LSM B-tree resource (same JSON plus the
 * organisation's own fields, same files) that opens as the organisation's index. Each subclass is registered under
 * its own id in {@code SpatialPersistedResourceRegistry}, so that a restart reopens the index as one.
 */
public abstract class OrganisationBTreeResource extends LSMBTreeLocalResource {

    private static final long serialVersionUID = 1L;

    /** What a resource is made of, as its factory hands it over. */
    public record Args(ITypeTraits[] typeTraits, IBinaryComparatorFactory[] cmpFactories, String path,
            IStorageManager storageManager, ILSMMergePolicyFactory mergePolicyFactory,
            Map<String, String> mergePolicyProperties, ILSMOperationTrackerFactory opTrackerProvider,
            ILSMIOOperationCallbackFactory ioOpCallbackFactory, ILSMPageWriteCallbackFactory pageWriteCallbackFactory,
            IMetadataPageManagerFactory metadataPageManagerFactory, IVirtualBufferCacheProvider vbcProvider,
            ILSMIOOperationSchedulerProvider ioSchedulerProvider, ITypeTraits nullTypeTraits,
            INullIntrospector nullIntrospector) {
    }

    /**
     * What a primary index's B-tree (or the primary-key index's) has that a secondary B-tree has not: the duplicate
     * check of inserts ({@code isPrimary}), a Bloom filter per disk component on the key fields named, and the
     * dataset's compression. {@link #SECONDARY}: none of them.
     */
    public record PrimaryFeatures(boolean isPrimary, boolean hasBloomFilter, int[] bloomFilterKeyFields,
            double bloomFilterFalsePositiveRate, ICompressorDecompressorFactory compressor) {
        public static final PrimaryFeatures SECONDARY =
                new PrimaryFeatures(false, false, null, 0, NoOpCompressorDecompressorFactory.INSTANCE);
    }

    protected OrganisationBTreeResource(Args args) {
        this(args, PrimaryFeatures.SECONDARY);
    }

    protected OrganisationBTreeResource(Args args, PrimaryFeatures features) {
        super(args.typeTraits(), args.cmpFactories(), features.bloomFilterKeyFields(),
                features.bloomFilterFalsePositiveRate(), features.isPrimary(), args.path(), args.storageManager(),
                args.mergePolicyFactory(), args.mergePolicyProperties(), null, null, null, null,
                args.opTrackerProvider(), args.ioOpCallbackFactory(), args.pageWriteCallbackFactory(),
                args.metadataPageManagerFactory(), args.vbcProvider(), args.ioSchedulerProvider(), true,
                features.compressor(), features.hasBloomFilter(), args.nullTypeTraits(), args.nullIntrospector());
    }

    protected OrganisationBTreeResource(IPersistedResourceRegistry registry, JsonNode json,
            ICompressorDecompressorFactory compressorFactory) throws HyracksDataException {
        this(registry, json, new PrimaryFeatures(false, false, null, 0, compressorFactory));
    }

    protected OrganisationBTreeResource(IPersistedResourceRegistry registry, JsonNode json, PrimaryFeatures features)
            throws HyracksDataException {
        super(registry, json, features.bloomFilterKeyFields(), features.bloomFilterFalsePositiveRate(),
                features.isPrimary(), null, features.compressor(), features.hasBloomFilter());
    }

    /** The compressor named in a resource's JSON, as AsterixDB's own resources read it. */
    protected static ICompressorDecompressorFactory compressor(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        return (ICompressorDecompressorFactory) registry.deserializeOrDefault(
                json.get("compressorDecompressorFactory"), NoOpCompressorDecompressorFactory.class);
    }

    @Override
    public final ILSMIndex createInstance(INCServiceContext serviceCtx) throws HyracksDataException {
        IIOManager ioManager = serviceCtx.getIoManager();
        FileReference file = ioManager.resolve(path);
        List<IVirtualBufferCache> memory = vbcProvider.getVirtualBufferCaches(serviceCtx, file);
        ioOpCallbackFactory.initialize(serviceCtx, this);
        pageWriteCallbackFactory.initialize(serviceCtx, this);
        // The index partition's own view of the node's cache, which counts the pages its searches read.
        IBufferCache diskBufferCache = SearchPageReads.of(storageManager.getBufferCache(serviceCtx));
        ILSMOperationTracker opTracker = opTrackerProvider.getOperationTracker(serviceCtx, this);
        // A new index's memory component gets a newer id than its bulk-loaded component (see the factory).
        ILSMIOOperationCallbackFactory ioOpCallbacks =
                CurrentIdCallbackFactory.of(ioOpCallbackFactory, opTracker, serviceCtx, this);
        return newIndex(OrganisationBTree.parts(ioManager, memory, file, diskBufferCache,
                typeTraits, cmpFactories, mergePolicyFactory.createMergePolicy(mergePolicyProperties, serviceCtx),
                opTracker, ioSchedulerProvider.getIoScheduler(serviceCtx), ioOpCallbacks, pageWriteCallbackFactory,
                metadataPageManagerFactory, durable, serviceCtx.getTracer(), compressorDecompressorFactory,
                nullTypeTraits, nullIntrospector, storage()));
    }

    /**
     * Where the index keeps its disk components, and what they are: a leveled B-tree's under the leveled policy,
     * AsterixDB's own under any other, unless a subclass says.
     */
    protected OrganisationBTree.Storage storage() {
        return OrganisationBTree.storage(mergePolicyFactory);
    }

    /** The index this resource opens as. */
    protected abstract ILSMIndex newIndex(OrganisationBTree.Parts parts) throws HyracksDataException;
}

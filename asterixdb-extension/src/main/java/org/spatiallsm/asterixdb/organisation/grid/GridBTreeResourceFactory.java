package org.spatiallsm.asterixdb.organisation.grid;

import java.util.Map;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.storage.am.common.api.IMetadataPageManagerFactory;
import org.apache.hyracks.storage.am.common.api.INullIntrospector;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationSchedulerProvider;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMOperationTrackerFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMPageWriteCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCacheProvider;
import org.apache.hyracks.storage.am.lsm.common.dataflow.LsmResource;
import org.apache.hyracks.storage.common.IStorageManager;
import org.spatiallsm.asterixdb.organisation.DhvbBTreeResourceFactory;

/** Creates the {@link GridBTreeResource} of each partition of an SHB-tree or SIF index (on every NC). */
public final class GridBTreeResourceFactory extends DhvbBTreeResourceFactory {

    private static final long serialVersionUID = 1L;

    private final GridSettings settings;

    GridBTreeResourceFactory(GridSettings settings, IStorageManager storageManager,
            ITypeTraits[] typeTraits, IBinaryComparatorFactory[] cmpFactories,
            ILSMOperationTrackerFactory opTrackerFactory, ILSMIOOperationCallbackFactory ioOpCallbackFactory,
            ILSMPageWriteCallbackFactory pageWriteCallbackFactory,
            IMetadataPageManagerFactory metadataPageManagerFactory, IVirtualBufferCacheProvider vbcProvider,
            ILSMIOOperationSchedulerProvider ioSchedulerProvider, ILSMMergePolicyFactory mergePolicyFactory,
            Map<String, String> mergePolicyProperties, ITypeTraits nullTypeTraits,
            INullIntrospector nullIntrospector) {
        super(storageManager, typeTraits, cmpFactories, opTrackerFactory, ioOpCallbackFactory,
                pageWriteCallbackFactory, metadataPageManagerFactory, vbcProvider, ioSchedulerProvider,
                mergePolicyFactory, mergePolicyProperties, nullTypeTraits, nullIntrospector);
        this.settings = settings;
    }

    @Override
    public LsmResource createResource(FileReference fileRef) {
        return new GridBTreeResource(settings, typeTraits, cmpFactories, fileRef.getRelativePath(),
                storageManager, mergePolicyFactory, mergePolicyProperties, opTrackerProvider, ioOpCallbackFactory,
                pageWriteCallbackFactory, metadataPageManagerFactory, vbcProvider, ioSchedulerProvider,
                nullTypeTraits, nullIntrospector);
    }
}

package org.spatiallsm.asterixdb.organisation.grid;

import java.util.Map;

import org.apache.hyracks.api.compression.ICompressorDecompressorFactory;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.common.api.IMetadataPageManagerFactory;
import org.apache.hyracks.storage.am.common.api.INullIntrospector;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationSchedulerProvider;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMOperationTrackerFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMPageWriteCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCacheProvider;
import org.apache.hyracks.storage.common.IStorageManager;
import org.apache.hyracks.storage.common.compression.NoOpCompressorDecompressorFactory;
import org.spatiallsm.asterixdb.organisation.DhvbBTree;
import org.spatiallsm.asterixdb.organisation.DhvbBTreeResource;
import org.spatiallsm.organizations.grid.GridOrganisation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The persisted description of a {@link GridBTree}: a DHVB resource (an LSM B-tree's JSON and files) plus the
 * grid's kind and parameters, so that a restart reopens the index with the same cells. Registered under its own id
 * in {@code SpatialPersistedResourceRegistry}.
 */
public final class GridBTreeResource extends DhvbBTreeResource {

    private static final long serialVersionUID = 1L;
    private static final String KIND = "gridKind";
    private static final String SPACE = "gridSpace";
    private static final String LEVELS = "gridLevels";
    private static final String CELLS_PER_OBJECT = "gridCellsPerObject";

    private final GridSettings settings;

    GridBTreeResource(GridSettings settings, ITypeTraits[] typeTraits,
            IBinaryComparatorFactory[] cmpFactories, String path, IStorageManager storageManager,
            ILSMMergePolicyFactory mergePolicyFactory, Map<String, String> mergePolicyProperties,
            ILSMOperationTrackerFactory opTrackerProvider, ILSMIOOperationCallbackFactory ioOpCallbackFactory,
            ILSMPageWriteCallbackFactory pageWriteCallbackFactory,
            IMetadataPageManagerFactory metadataPageManagerFactory, IVirtualBufferCacheProvider vbcProvider,
            ILSMIOOperationSchedulerProvider ioSchedulerProvider, ITypeTraits nullTypeTraits,
            INullIntrospector nullIntrospector) {
        super(typeTraits, cmpFactories, path, storageManager, mergePolicyFactory, mergePolicyProperties,
                opTrackerProvider, ioOpCallbackFactory, pageWriteCallbackFactory, metadataPageManagerFactory,
                vbcProvider, ioSchedulerProvider, nullTypeTraits, nullIntrospector);
        this.settings = settings;
    }

    private GridBTreeResource(IPersistedResourceRegistry registry, JsonNode json,
            ICompressorDecompressorFactory compressorFactory) throws HyracksDataException {
        super(registry, json, compressorFactory);
        this.settings = new GridSettings(GridOrganisation.Kind.valueOf(json.get(KIND).asText()),
                json.get(SPACE).asText(), json.get(LEVELS).asText(), json.get(CELLS_PER_OBJECT).asText());
    }

    @Override
    protected ILSMIndex newIndex(DhvbBTree.Parts parts) throws HyracksDataException {
        return new GridBTree(parts, settings.organisation());
    }

    @Override
    protected void appendToJson(ObjectNode json, IPersistedResourceRegistry registry) throws HyracksDataException {
        super.appendToJson(json, registry);
        json.put(KIND, settings.kind().name());
        json.put(SPACE, settings.space());
        json.put(LEVELS, settings.levels());
        json.put(CELLS_PER_OBJECT, settings.cellsPerObject());
    }

    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        ICompressorDecompressorFactory compressorFactory = (ICompressorDecompressorFactory) registry
                .deserializeOrDefault(json.get("compressorDecompressorFactory"),
                        NoOpCompressorDecompressorFactory.class);
        return new GridBTreeResource(registry, json, compressorFactory);
    }
}

package org.spatiallsm.asterixdb.rtree.partitioned;

import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.spatiallsm.asterixdb.rtree.AntiMatterRTreeResource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The persisted description of a {@link PartitionedMergeRTree}: AsterixDB's R-tree resource (same fields, same JSON)
 * plus the number of outputs a merge writes. Persisted in the index's {@code .metadata}, so the class is registered
 * in {@code SpatialPersistedResourceRegistry}.
 */
public final class PartitionedRTreeResource extends AntiMatterRTreeResource {

    private static final long serialVersionUID = 1L;
    private static final String OUTPUTS_FIELD = "spatialLsmMergeOutputs";

    private final int outputCount;

    /** {@code stock}'s description, for an index whose merges write {@code outputCount} components. */
    static PartitionedRTreeResource of(LSMRTreeWithAntiMatterLocalResource stock, int outputCount)
            throws HyracksDataException {
        return copyStockFields(stock, new PartitionedRTreeResource(outputCount));
    }

    private PartitionedRTreeResource(int outputCount) {
        if (outputCount < 2) {
            throw new IllegalArgumentException("a partitioned merge writes at least 2 outputs, not " + outputCount);
        }
        this.outputCount = outputCount;
    }

    @Override
    public ILSMIndex createInstance(INCServiceContext serviceCtx) throws HyracksDataException {
        if (filterCmpFactories != null) {
            throw HyracksDataException.create(new UnsupportedOperationException(
                    "partitioned merges do not support datasets with a filter (WITH FILTER ON) yet"));
        }
        Parts parts = parts(serviceCtx);
        return new PartitionedMergeRTree(parts.ioManager(), parts.virtualBufferCaches(), parts.interiorFrames(),
                parts.leafFrames(), parts.buddyInteriorFrames(), parts.buddyLeafFrames(), parts.diskBufferCache(),
                new PartitionedRTreeFileManager(parts.ioManager(), parts.file(), parts.diskTrees()),
                parts.componentFactory(), parts.bulkLoadComponentFactory(), typeTraits.length, cmpFactories,
                btreeCmpFactories, linearizeCmpFactory, parts.comparatorFields(), parts.linearizerArray(),
                parts.mergePolicy(), parts.opTracker(), parts.ioScheduler(), ioOpCallbackFactory,
                pageWriteCallbackFactory, rtreeFields, durable, isPointMBR, outputCount);
    }

    @Override
    public JsonNode toJson(IPersistedResourceRegistry registry) throws HyracksDataException {
        // The parent writes its fields under this class's registry id; the output count goes beside them.
        ObjectNode json = (ObjectNode) super.toJson(registry);
        json.put(OUTPUTS_FIELD, outputCount);
        return json;
    }

    /** Read back by the registry; hides the parent's, which would build a stock resource. */
    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        LSMRTreeWithAntiMatterLocalResource stock =
                (LSMRTreeWithAntiMatterLocalResource) LSMRTreeWithAntiMatterLocalResource.fromJson(registry, json);
        return of(stock, json.get(OUTPUTS_FIELD).asInt());
    }
}

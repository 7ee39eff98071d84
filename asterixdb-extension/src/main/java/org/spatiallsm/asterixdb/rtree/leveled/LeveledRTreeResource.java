package org.spatiallsm.asterixdb.rtree.leveled;

import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.spatiallsm.asterixdb.rtree.AntiMatterRTreeResource;
import org.spatiallsm.asterixdb.rtree.RTreeLinearizers;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The persisted description of a {@link LeveledRTree}: AsterixDB's R-tree resource (same fields, same JSON) under
 * its own registry id, so that the index reopens as a leveled R-tree. Persisted in the index's {@code .metadata}, so
 * the class is registered in {@code SpatialPersistedResourceRegistry}.
 */
public final class LeveledRTreeResource extends AntiMatterRTreeResource {

    private static final long serialVersionUID = 1L;

    /** {@code stock}'s description, for a leveled index. */
    static LeveledRTreeResource of(LSMRTreeWithAntiMatterLocalResource stock) throws HyracksDataException {
        return copyStockFields(stock, new LeveledRTreeResource());
    }

    private LeveledRTreeResource() {
    }

    @Override
    public ILSMIndex createInstance(INCServiceContext serviceCtx) throws HyracksDataException {
        if (filterCmpFactories != null) {
            throw HyracksDataException.create(new UnsupportedOperationException(
                    "leveled R-trees do not support datasets with a filter (WITH FILTER ON) yet"));
        }
        Parts parts = parts(serviceCtx);
        return new LeveledRTree(parts, new LeveledRTreeFileManager(parts.ioManager(), parts.file(), parts.diskTrees()),
                typeTraits.length, cmpFactories, btreeCmpFactories, linearizeCmpFactory, parts.ioOpCallbacks(),
                pageWriteCallbackFactory, rtreeFields, durable, isPointMBR, valueProviderFactories, orderingName());
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
}

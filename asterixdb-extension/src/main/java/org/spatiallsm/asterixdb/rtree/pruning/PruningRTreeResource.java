package org.spatiallsm.asterixdb.rtree.pruning;

import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuplesFileManager;
import org.spatiallsm.asterixdb.rtree.AntiMatterRTreeResource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The persisted description of a {@link PruningRTree}: AsterixDB's R-tree resource, same fields and JSON, under its
 * own registry id ({@code SpatialLsmPruningRTreeResource}), so that the index is a pruning one again after a restart.
 * R-trees whose {@code .metadata} names the stock class (created before spatial-lsm pruned) open as stock R-trees.
 */
public final class PruningRTreeResource extends AntiMatterRTreeResource {

    private static final long serialVersionUID = 1L;

    static PruningRTreeResource of(LSMRTreeWithAntiMatterLocalResource stock) throws HyracksDataException {
        return copyStockFields(stock, new PruningRTreeResource());
    }

    private PruningRTreeResource() {
    }

    @Override
    public ILSMIndex createInstance(INCServiceContext serviceCtx) throws HyracksDataException {
        Parts parts = parts(serviceCtx);
        return new PruningRTree(parts,
                new LSMRTreeWithAntiMatterTuplesFileManager(parts.ioManager(), parts.file(), parts.diskTrees()),
                typeTraits.length, cmpFactories, btreeCmpFactories, linearizeCmpFactory, parts.ioOpCallbacks(),
                pageWriteCallbackFactory, rtreeFields, filterFields, durable, isPointMBR, valueProviderFactories);
    }

    /** Read back by the registry; hides the parent's, which would build a stock resource. */
    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        return of((LSMRTreeWithAntiMatterLocalResource) LSMRTreeWithAntiMatterLocalResource.fromJson(registry, json));
    }
}

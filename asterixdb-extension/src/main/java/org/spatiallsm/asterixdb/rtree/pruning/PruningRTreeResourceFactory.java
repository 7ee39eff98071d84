package org.spatiallsm.asterixdb.rtree.pruning;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResourceFactory;
import org.apache.hyracks.storage.common.IResource;
import org.apache.hyracks.storage.common.IResourceFactory;

/**
 * Creates the resource of a {@link PruningRTree} from the one AsterixDB would create for the same index. Travels
 * (Java-serialized) in the index-creation job from the CC to the NCs.
 */
public final class PruningRTreeResourceFactory implements IResourceFactory {

    private static final long serialVersionUID = 1L;

    private final LSMRTreeWithAntiMatterLocalResourceFactory stock;

    public PruningRTreeResourceFactory(LSMRTreeWithAntiMatterLocalResourceFactory stock) {
        this.stock = stock;
    }

    @Override
    public IResource createResource(FileReference file) {
        try {
            return PruningRTreeResource.of((LSMRTreeWithAntiMatterLocalResource) stock.createResource(file));
        } catch (HyracksDataException e) {
            throw new IllegalStateException("cannot describe the R-tree at " + file, e);
        }
    }
}

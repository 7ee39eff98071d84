package org.spatiallsm.asterixdb.rtree.partitioned;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResourceFactory;
import org.apache.hyracks.storage.common.IResource;
import org.apache.hyracks.storage.common.IResourceFactory;

/**
 * Creates the resource of a {@link PartitionedMergeRTree} from the one AsterixDB would create for the same index.
 * Travels (Java-serialized) in the index-creation job from the CC to the NCs.
 */
public final class PartitionedRTreeResourceFactory implements IResourceFactory {

    private static final long serialVersionUID = 1L;

    private final LSMRTreeWithAntiMatterLocalResourceFactory stock;
    private final int outputCount;

    public PartitionedRTreeResourceFactory(LSMRTreeWithAntiMatterLocalResourceFactory stock, int outputCount) {
        this.stock = stock;
        this.outputCount = outputCount;
    }

    @Override
    public IResource createResource(FileReference file) {
        try {
            return PartitionedRTreeResource.of((LSMRTreeWithAntiMatterLocalResource) stock.createResource(file),
                    outputCount);
        } catch (HyracksDataException e) {
            throw new IllegalStateException("cannot describe the partitioned R-tree at " + file, e);
        }
    }
}

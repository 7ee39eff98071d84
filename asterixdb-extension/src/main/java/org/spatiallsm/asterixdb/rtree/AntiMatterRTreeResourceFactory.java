package org.spatiallsm.asterixdb.rtree;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResourceFactory;
import org.apache.hyracks.storage.common.IResource;
import org.apache.hyracks.storage.common.IResourceFactory;

/**
 * Creates the resource of one of spatial-lsm's R-tree subclasses from the one AsterixDB would create for the same
 * index. Travels (Java-serialized) in the index-creation job from the CC to the NCs.
 */
public abstract class AntiMatterRTreeResourceFactory implements IResourceFactory {

    private static final long serialVersionUID = 1L;

    private final LSMRTreeWithAntiMatterLocalResourceFactory stock;

    protected AntiMatterRTreeResourceFactory(LSMRTreeWithAntiMatterLocalResourceFactory stock) {
        this.stock = stock;
    }

    @Override
    public final IResource createResource(FileReference file) {
        try {
            return describe((LSMRTreeWithAntiMatterLocalResource) stock.createResource(file));
        } catch (HyracksDataException e) {
            throw new IllegalStateException("cannot describe the R-tree at " + file, e);
        }
    }

    /** {@code stockResource}'s fields in the subclass's resource. */
    protected abstract AntiMatterRTreeResource describe(LSMRTreeWithAntiMatterLocalResource stockResource)
            throws HyracksDataException;
}

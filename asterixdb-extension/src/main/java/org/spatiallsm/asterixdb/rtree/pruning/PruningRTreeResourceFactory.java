package org.spatiallsm.asterixdb.rtree.pruning;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResourceFactory;
import org.spatiallsm.asterixdb.rtree.AntiMatterRTreeResourceFactory;

/** Creates the resource of {@link PruningRTree} from the one AsterixDB would create for the same index. */
public final class PruningRTreeResourceFactory extends AntiMatterRTreeResourceFactory {

    private static final long serialVersionUID = 1L;

    public PruningRTreeResourceFactory(LSMRTreeWithAntiMatterLocalResourceFactory stock) {
        super(stock);
    }

    @Override
    protected PruningRTreeResource describe(LSMRTreeWithAntiMatterLocalResource stockResource)
            throws HyracksDataException {
        return PruningRTreeResource.of(stockResource);
    }
}

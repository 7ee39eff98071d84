package org.spatiallsm.asterixdb.rtree.leveled;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResource;
import org.apache.hyracks.storage.am.lsm.rtree.dataflow.LSMRTreeWithAntiMatterLocalResourceFactory;
import org.spatiallsm.asterixdb.rtree.AntiMatterRTreeResourceFactory;

/** Creates the resource of {@link LeveledRTree} from the one AsterixDB would create for the same index. */
public final class LeveledRTreeResourceFactory extends AntiMatterRTreeResourceFactory {

    private static final long serialVersionUID = 1L;

    public LeveledRTreeResourceFactory(LSMRTreeWithAntiMatterLocalResourceFactory stock) {
        super(stock);
    }

    @Override
    protected LeveledRTreeResource describe(LSMRTreeWithAntiMatterLocalResource stockResource)
            throws HyracksDataException {
        return LeveledRTreeResource.of(stockResource);
    }
}

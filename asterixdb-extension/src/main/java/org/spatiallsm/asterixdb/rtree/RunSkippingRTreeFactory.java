package org.spatiallsm.asterixdb.rtree;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.api.util.HyracksConstants;
import org.apache.hyracks.storage.am.common.api.IMetadataPageManagerFactory;
import org.apache.hyracks.storage.am.common.api.IPageManager;
import org.apache.hyracks.storage.am.common.api.ITreeIndexFrameFactory;
import org.apache.hyracks.storage.am.lsm.rtree.impls.RTreeFactory;
import org.apache.hyracks.storage.am.rtree.api.IRTreeInteriorFrame;
import org.apache.hyracks.storage.am.rtree.impls.RTree;
import org.apache.hyracks.storage.am.rtree.impls.RTreeSearchCursor;
import org.apache.hyracks.storage.common.IIndexAccessParameters;
import org.apache.hyracks.storage.common.IIndexCursorStats;
import org.apache.hyracks.storage.common.NoOpIndexCursorStats;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;

/**
 * Makes the R-trees of spatial-lsm's disk components: the stock R-tree, whose searches use a
 * {@link RunSkippingSearchCursor}. Its leaf frames are {@link DoubleKeyLeafFrameFactory}'s, which keep the run boxes.
 */
public final class RunSkippingRTreeFactory extends RTreeFactory {

    private final boolean isPointMBR;

    @SuppressWarnings("squid:S00107") // the parent's constructor
    public RunSkippingRTreeFactory(IIOManager ioManager, IBufferCache bufferCache,
            IMetadataPageManagerFactory pageManagerFactory, ITreeIndexFrameFactory interiorFrameFactory,
            DoubleKeyLeafFrameFactory leafFrameFactory, IBinaryComparatorFactory[] cmpFactories, int fieldCount,
            boolean isPointMBR) {
        super(ioManager, bufferCache, pageManagerFactory, interiorFrameFactory, leafFrameFactory, cmpFactories,
                fieldCount, isPointMBR);
        this.isPointMBR = isPointMBR;
    }

    @Override
    public RTree createIndexInstance(FileReference file) {
        return new Tree(bufferCache, freePageManagerFactory.createPageManager(bufferCache), interiorFrameFactory,
                (DoubleKeyLeafFrameFactory) leafFrameFactory, cmpFactories, fieldCount, file, isPointMBR);
    }

    private static final class Tree extends RTree {

        private final ITreeIndexFrameFactory interiorFrames;
        private final DoubleKeyLeafFrameFactory leafFrames;

        @SuppressWarnings("squid:S00107") // the parent's constructor
        Tree(IBufferCache bufferCache, IPageManager pageManager, ITreeIndexFrameFactory interiorFrames,
                DoubleKeyLeafFrameFactory leafFrames, IBinaryComparatorFactory[] cmpFactories, int fieldCount,
                FileReference file, boolean isPointMBR) {
            super(bufferCache, pageManager, interiorFrames, leafFrames, cmpFactories, fieldCount, file, isPointMBR);
            this.interiorFrames = interiorFrames;
            this.leafFrames = leafFrames;
        }

        @Override
        public RTreeAccessor createAccessor(IIndexAccessParameters iap) {
            return new Accessor(iap);
        }

        private final class Accessor extends RTreeAccessor {

            private final IIndexCursorStats stats;

            Accessor(IIndexAccessParameters iap) {
                super(Tree.this, iap);
                this.stats = (IIndexCursorStats) iap.getParameters().getOrDefault(HyracksConstants.INDEX_CURSOR_STATS,
                        NoOpIndexCursorStats.INSTANCE);
            }

            @Override
            public RTreeSearchCursor createSearchCursor(boolean exclusive) {
                return new RunSkippingSearchCursor((IRTreeInteriorFrame) interiorFrames.createFrame(),
                        leafFrames.createFrame(), stats);
            }
        }
    }
}

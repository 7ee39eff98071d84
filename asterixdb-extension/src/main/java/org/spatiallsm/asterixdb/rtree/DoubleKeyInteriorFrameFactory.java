package org.spatiallsm.asterixdb.rtree;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProvider;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProviderFactory;
import org.apache.hyracks.storage.am.common.api.ITreeIndexTupleWriter;
import org.apache.hyracks.storage.am.rtree.api.IRTreeInteriorFrame;
import org.apache.hyracks.storage.am.rtree.frames.RTreeNSMInteriorFrame;
import org.apache.hyracks.storage.am.rtree.frames.RTreeNSMInteriorFrameFactory;
import org.apache.hyracks.storage.am.rtree.frames.RTreePolicyType;
import org.apache.hyracks.storage.am.rtree.tuples.RTreeTypeAwareTupleWriterFactory;
import org.apache.hyracks.storage.common.MultiComparator;
import org.apache.hyracks.storage.common.buffercache.ICachedPage;

/**
 * Interior frames of spatial-lsm's R-trees with a cheaper search test. A search tests every child entry of every
 * interior page it visits; with the leaves' runs skipped, the stock test through AsterixDB's generic comparator was
 * about a fifth of an index nested-loop join's search time, and reading each child's tuple still a fifth of what was
 * left (docs/index-organisations.md). So, as {@link DoubleKeyLeafFrameFactory}'s leaves do:
 * <ul>
 * <li>entries are tested against the query box read once per page ({@link QueryBox}), comparing doubles directly;</li>
 * <li>on the pages of disk components ({@code immutablePages}), each child's box is read on the page's first search
 * and kept ({@link PageBoxes}, at most {@value #CACHED_BYTES} bytes per factory), so a later search tests kept
 * doubles only.</li>
 * </ul>
 * Every other operation (inserts, splits, MBR updates) is the stock frame's.
 */
public final class DoubleKeyInteriorFrameFactory extends RTreeNSMInteriorFrameFactory {

    private static final long serialVersionUID = 1L;
    /** 32 bytes per child of a 2-d page: tens of thousands of interior entries per index partition. */
    static final long CACHED_BYTES = 1L << 20;

    /** The boxes kept of disk components' pages; null for frames of pages that may change. */
    private final PageBoxes children;

    /** @param immutablePages the frames read pages of disk components only, which never change */
    public DoubleKeyInteriorFrameFactory(RTreeTypeAwareTupleWriterFactory tupleWriterFactory,
            IPrimitiveValueProviderFactory[] keyValueProviderFactories, RTreePolicyType rtreePolicyType,
            boolean isPointMBR, boolean immutablePages) {
        super(tupleWriterFactory, keyValueProviderFactories, rtreePolicyType, isPointMBR);
        this.children = immutablePages ? new PageBoxes(CACHED_BYTES) : null;
    }

    @Override
    public IRTreeInteriorFrame createFrame() {
        IPrimitiveValueProvider[] keyValueProviders = new IPrimitiveValueProvider[keyValueProviderFactories.length];
        for (int i = 0; i < keyValueProviders.length; i++) {
            keyValueProviders[i] = keyValueProviderFactories[i].createPrimitiveValueProvider();
        }
        return new Frame(tupleWriterFactory.createTupleWriter(), keyValueProviders, rtreePolicyType, isPointMBR,
                children);
    }

    /** The stock interior frame with the cheaper search test. */
    static final class Frame extends RTreeNSMInteriorFrame {

        private final QueryBox queryBox = new QueryBox();
        /** Null for pages that may change. */
        private final PageBoxes cache;
        /** Whether the query box (and the page's kept boxes) are set up for the current page. */
        private boolean prepared;
        /** The current page's children's boxes, if kept. */
        private LeafRuns childBoxes;

        Frame(ITreeIndexTupleWriter tupleWriter, IPrimitiveValueProvider[] keyValueProviders,
                RTreePolicyType rtreePolicyType, boolean isPointMBR, PageBoxes cache) {
            super(tupleWriter, keyValueProviders, rtreePolicyType, isPointMBR);
            this.cache = cache;
        }

        /** A search sets each page before it tests the page's entries against one query. */
        @Override
        public void setPage(ICachedPage page) {
            super.setPage(page);
            prepared = false;
        }

        /**
         * The child of entry {@code tupleIndex} if its MBR meets the query (query low <= entry high and query high >=
         * entry low on every axis), else -1: the stock answer.
         */
        @Override
        public int getChildPageIdIfIntersect(ITupleReference query, int tupleIndex, MultiComparator cmp)
                throws HyracksDataException {
            frameTuple.setFieldCount(cmp.getKeyFieldCount());
            if (!prepared) {
                prepare(query, cmp);
            }
            if (childBoxes != null) {
                return childBoxes.meets(tupleIndex, queryBox.low(), queryBox.high()) ? getChildPageId(tupleIndex) : -1;
            }
            frameTuple.resetByTupleIndex(this, tupleIndex);
            if (!queryBox.meets(query, frameTuple, cmp)) {
                return -1;
            }
            return getChildPageId(tupleIndex);
        }

        private void prepare(ITupleReference query, MultiComparator cmp) {
            prepared = true;
            int dimensions = cmp.getKeyFieldCount() / 2;
            queryBox.read(query, dimensions);
            childBoxes = cache != null && queryBox.doubles() ? cache.of(page, this, frameTuple, dimensions, 1) : null;
        }
    }
}

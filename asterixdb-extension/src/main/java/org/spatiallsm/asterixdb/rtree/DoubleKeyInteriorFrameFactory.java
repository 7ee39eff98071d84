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
 * Interior frames of spatial-lsm's R-trees whose search test compares AsterixDB doubles directly, against the query
 * box read once per page ({@link QueryBox}), as {@link DoubleKeyLeafFrameFactory}'s leaves do. A search tests every
 * child entry of every interior page it visits, and with the leaves' runs skipped, the stock test through AsterixDB's
 * generic comparator was about a fifth of an index nested-loop join's search time (docs/index-organisations.md).
 * Every other operation (inserts, splits, MBR updates) is the stock frame's.
 */
public final class DoubleKeyInteriorFrameFactory extends RTreeNSMInteriorFrameFactory {

    private static final long serialVersionUID = 1L;

    public DoubleKeyInteriorFrameFactory(RTreeTypeAwareTupleWriterFactory tupleWriterFactory,
            IPrimitiveValueProviderFactory[] keyValueProviderFactories, RTreePolicyType rtreePolicyType,
            boolean isPointMBR) {
        super(tupleWriterFactory, keyValueProviderFactories, rtreePolicyType, isPointMBR);
    }

    @Override
    public IRTreeInteriorFrame createFrame() {
        IPrimitiveValueProvider[] keyValueProviders = new IPrimitiveValueProvider[keyValueProviderFactories.length];
        for (int i = 0; i < keyValueProviders.length; i++) {
            keyValueProviders[i] = keyValueProviderFactories[i].createPrimitiveValueProvider();
        }
        return new Frame(tupleWriterFactory.createTupleWriter(), keyValueProviders, rtreePolicyType, isPointMBR);
    }

    /** The stock interior frame with the cheaper search test. */
    static final class Frame extends RTreeNSMInteriorFrame {

        private final QueryBox queryBox = new QueryBox();
        /** Whether the query box is read for the current page (the first test after setPage). */
        private boolean prepared;

        Frame(ITreeIndexTupleWriter tupleWriter, IPrimitiveValueProvider[] keyValueProviders,
                RTreePolicyType rtreePolicyType, boolean isPointMBR) {
            super(tupleWriter, keyValueProviders, rtreePolicyType, isPointMBR);
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
            if (!prepared) {
                queryBox.read(query, cmp.getKeyFieldCount() / 2);
                prepared = true;
            }
            frameTuple.setFieldCount(cmp.getKeyFieldCount());
            frameTuple.resetByTupleIndex(this, tupleIndex);
            if (!queryBox.meets(query, frameTuple, cmp)) {
                return -1;
            }
            return getChildPageId(tupleIndex);
        }
    }
}

package org.spatiallsm.asterixdb.rtree;

import java.util.Arrays;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProvider;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProviderFactory;
import org.apache.hyracks.storage.am.common.api.ITreeIndexTupleWriter;
import org.apache.hyracks.storage.am.rtree.frames.RTreeNSMLeafFrame;
import org.apache.hyracks.storage.am.rtree.frames.RTreeNSMLeafFrameFactory;
import org.apache.hyracks.storage.am.rtree.frames.RTreePolicyType;
import org.apache.hyracks.storage.am.rtree.tuples.RTreeTypeAwareTupleWriterFactory;
import org.apache.hyracks.storage.common.MultiComparator;
import org.apache.hyracks.storage.common.buffercache.ICachedPage;

/**
 * Leaf frames of spatial-lsm's R-trees with a cheaper search test. A search tests every entry of every leaf whose MBR
 * meets its query, and a leaf of a 128 KB page holds thousands of point entries; an index nested-loop join, one small
 * search per outer record, spent most of its time there (measured in docs/index-organisations.md). Two changes, each
 * leaving every answer as it was:
 * <ul>
 * <li>Two AsterixDB doubles are compared directly ({@link DoubleKeys}); any other pair (a null query key, another
 * numeric type) still goes to the index's comparator.</li>
 * <li>On the pages of disk components ({@code immutablePages}), the entries' {@link LeafRuns run boxes} are computed on
 * a page's first search and kept ({@link PageBoxes}, at most {@value #CACHED_BYTES} bytes per factory, so per index
 * partition: about 1,000 full leaves of points, 3.7 million entries), and a search skips the runs whose box misses its
 * query. Memory components' pages change under the search's feet and get only the first change.</li>
 * </ul>
 */
public final class DoubleKeyLeafFrameFactory extends RTreeNSMLeafFrameFactory {

    private static final long serialVersionUID = 1L;
    /** About 8 KB of boxes per full leaf of points (3,700 entries on a 128 KB page). */
    static final long CACHED_BYTES = 8L << 20;

    /** The boxes kept of disk components' pages; null for frames of pages that may change. */
    private final PageBoxes runs;

    /** @param immutablePages the frames read pages of disk components only, which never change */
    public DoubleKeyLeafFrameFactory(RTreeTypeAwareTupleWriterFactory tupleWriterFactory,
            IPrimitiveValueProviderFactory[] keyValueProviderFactories, RTreePolicyType rtreePolicyType,
            boolean isPointMBR, boolean immutablePages) {
        super(tupleWriterFactory, keyValueProviderFactories, rtreePolicyType, isPointMBR);
        this.runs = immutablePages ? new PageBoxes(CACHED_BYTES) : null;
    }

    @Override
    public Frame createFrame() {
        IPrimitiveValueProvider[] keyValueProviders = new IPrimitiveValueProvider[keyValueProviderFactories.length];
        for (int i = 0; i < keyValueProviders.length; i++) {
            keyValueProviders[i] = keyValueProviderFactories[i].createPrimitiveValueProvider();
        }
        return new Frame(tupleWriterFactory.createTupleWriter(), keyValueProviders, rtreePolicyType, isPointMBR,
                runs);
    }

    /** The stock leaf frame with the cheaper test. */
    static final class Frame extends RTreeNSMLeafFrame {

        private static final byte UNKNOWN = 0;
        private static final byte MEETS = 1;
        private static final byte MISSES = 2;

        /** Null for pages that may change. */
        private final PageBoxes cache;
        /** Whether the current page's runs and the query's box are set up (the first test after setPage). */
        private boolean prepared;
        private LeafRuns pageRuns;
        /** Per run of the current page, whether the current query meets its box; filled as the search goes. */
        private byte[] verdicts = new byte[0];
        /** The same per group of runs. */
        private byte[] groupVerdicts = new byte[0];
        private final QueryBox queryBox = new QueryBox();

        Frame(ITreeIndexTupleWriter tupleWriter, IPrimitiveValueProvider[] keyValueProviders,
                RTreePolicyType rtreePolicyType, boolean isPointMBR, PageBoxes cache) {
            super(tupleWriter, keyValueProviders, rtreePolicyType, isPointMBR);
            this.cache = cache;
        }

        /** A search sets the leaf before it tests its entries against one query: the next test sets up anew. */
        @Override
        public void setPage(ICachedPage page) {
            super.setPage(page);
            prepared = false;
        }

        /** The stock test (query low <= entry high and query high >= entry low on every axis), run by run. */
        @Override
        public boolean intersect(ITupleReference query, int tupleIndex, MultiComparator cmp)
                throws HyracksDataException {
            if (!prepared) {
                prepare(query, cmp);
            }
            if (pageRuns != null && !runMeets(tupleIndex / LeafRuns.RUN)) {
                return false;
            }
            frameTuple.resetByTupleIndex(this, tupleIndex);
            return queryBox.meets(query, frameTuple, cmp);
        }

        /**
         * The first entry from {@code from} on that may meet the query, for {@link RunSkippingSearchCursor}: inside a
         * run whose box meets it, or the entry count if no such run is left. On a leaf without run boxes, every entry
         * may.
         */
        int nextCandidate(ITupleReference query, int from, MultiComparator cmp) {
            if (!prepared) {
                prepare(query, cmp);
            }
            if (pageRuns == null) {
                return from;
            }
            int runs = pageRuns.runs();
            for (int run = from / LeafRuns.RUN; run < runs; run++) {
                if (!groupMeets(run / LeafRuns.GROUP)) {
                    run = (run / LeafRuns.GROUP + 1) * LeafRuns.GROUP - 1;
                } else if (runMeets(run)) {
                    return Math.max(from, run * LeafRuns.RUN);
                }
            }
            return getTupleCount();
        }

        /** Whether the current query meets the box of run {@code run} of the current page; decided once per run. */
        private boolean runMeets(int run) {
            if (verdicts[run] == UNKNOWN) {
                verdicts[run] = pageRuns.meets(run, queryBox.low(), queryBox.high()) ? MEETS : MISSES;
            }
            return verdicts[run] == MEETS;
        }

        private boolean groupMeets(int group) {
            if (groupVerdicts[group] == UNKNOWN) {
                groupVerdicts[group] = pageRuns.groupMeets(group, queryBox.low(), queryBox.high()) ? MEETS : MISSES;
            }
            return groupVerdicts[group] == MEETS;
        }

        /** The query's box, and the page's runs if the query is all doubles and the page an immutable one. */
        private void prepare(ITupleReference query, MultiComparator cmp) {
            prepared = true;
            pageRuns = null;
            int dimensions = cmp.getKeyFieldCount() / 2;
            queryBox.read(query, dimensions);
            if (cache == null || !queryBox.doubles()) {
                return;
            }
            pageRuns = cache.of(page, this, frameTuple, dimensions, LeafRuns.RUN);
            if (pageRuns != null) {
                verdicts = unknown(verdicts, pageRuns.runs());
                groupVerdicts = unknown(groupVerdicts, pageRuns.groups());
            }
        }

        /** The first {@code count} verdicts of {@code verdicts}, or a new array if it is too short, all unknown. */
        private static byte[] unknown(byte[] verdicts, int count) {
            if (verdicts.length < count) {
                return new byte[count];
            }
            Arrays.fill(verdicts, 0, count, UNKNOWN);
            return verdicts;
        }

    }
}

package org.spatiallsm.asterixdb.rtree;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

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
import org.apache.hyracks.storage.common.buffercache.ICachedPageInternal;

/**
 * Leaf frames of spatial-lsm's R-trees with a cheaper search test. A search tests every entry of every leaf whose MBR
 * meets its query, and a leaf of a 128 KB page holds thousands of point entries; an index nested-loop join, one small
 * search per outer record, spent most of its time there (measured in docs/index-organisations.md). Two changes, each
 * leaving every answer as it was:
 * <ul>
 * <li>Two AsterixDB doubles are compared directly ({@link DoubleKeys}); any other pair (a null query key, another
 * numeric type) still goes to the index's comparator.</li>
 * <li>On the pages of disk components ({@code immutablePages}), the entries' {@link LeafRuns run boxes} are computed on
 * a page's first search and kept, and a search skips the runs whose box misses its query. A disk component's pages
 * never change once bulk-loaded, and a page is known by its buffer-cache id: the file id (never reused while the node
 * runs: AsterixDB's file map counts ids up) and the page number. The boxes of at most {@value #CACHED_LEAVES} leaves
 * are kept per factory (one factory serves one index partition, so one buffer cache), least recently used first out.
 * Memory components' pages change under the search's feet and get only the first change.</li>
 * </ul>
 */
public final class DoubleKeyLeafFrameFactory extends RTreeNSMLeafFrameFactory {

    private static final long serialVersionUID = 1L;
    /** About 2 KB of boxes per full leaf of points: 2 MB per index partition. */
    static final int CACHED_LEAVES = 1024;
    /** Cached for a leaf whose entries are not all doubles: its search tests every entry. */
    private static final LeafRuns NO_RUNS = LeafRuns.of(0, 1, (entry, low, high) -> {
    });

    private final boolean immutablePages;
    /** Page id to its leaf's runs; never serialized (the factory is built on the node, see AntiMatterRTreeResource). */
    private transient Map<Long, LeafRuns> runs;

    /** @param immutablePages the frames read pages of disk components only, which never change */
    public DoubleKeyLeafFrameFactory(RTreeTypeAwareTupleWriterFactory tupleWriterFactory,
            IPrimitiveValueProviderFactory[] keyValueProviderFactories, RTreePolicyType rtreePolicyType,
            boolean isPointMBR, boolean immutablePages) {
        super(tupleWriterFactory, keyValueProviderFactories, rtreePolicyType, isPointMBR);
        this.immutablePages = immutablePages;
    }

    @Override
    public Frame createFrame() {
        IPrimitiveValueProvider[] keyValueProviders = new IPrimitiveValueProvider[keyValueProviderFactories.length];
        for (int i = 0; i < keyValueProviders.length; i++) {
            keyValueProviders[i] = keyValueProviderFactories[i].createPrimitiveValueProvider();
        }
        return new Frame(tupleWriterFactory.createTupleWriter(), keyValueProviders, rtreePolicyType, isPointMBR,
                immutablePages ? this : null);
    }

    private synchronized LeafRuns cached(long pageId) {
        if (runs == null) {
            runs = new LinkedHashMap<>(16, 0.75f, true) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<Long, LeafRuns> eldest) {
                    return size() > CACHED_LEAVES;
                }
            };
        }
        return runs.get(pageId);
    }

    private synchronized void cache(long pageId, LeafRuns leaf) {
        runs.put(pageId, leaf);
    }

    /** The stock leaf frame with the cheaper test. */
    static final class Frame extends RTreeNSMLeafFrame {

        private static final byte UNKNOWN = 0;
        private static final byte MEETS = 1;
        private static final byte MISSES = 2;

        /** Null for pages that may change. */
        private final DoubleKeyLeafFrameFactory cache;
        /** Whether the current page's runs and the query's box are set up (the first test after setPage). */
        private boolean prepared;
        private LeafRuns pageRuns;
        /** Per run of the current page, whether the current query meets its box; filled as the search goes. */
        private byte[] verdicts = new byte[0];
        private final QueryBox queryBox = new QueryBox();

        Frame(ITreeIndexTupleWriter tupleWriter, IPrimitiveValueProvider[] keyValueProviders,
                RTreePolicyType rtreePolicyType, boolean isPointMBR, DoubleKeyLeafFrameFactory cache) {
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
            int entries = getTupleCount();
            for (int run = from / LeafRuns.RUN; run < pageRuns.runs(); run++) {
                if (runMeets(run)) {
                    return Math.max(from, run * LeafRuns.RUN);
                }
            }
            return entries;
        }

        /** Whether the current query meets the box of run {@code run} of the current page; decided once per run. */
        private boolean runMeets(int run) {
            if (verdicts[run] == UNKNOWN) {
                verdicts[run] = pageRuns.meets(run, queryBox.low(), queryBox.high()) ? MEETS : MISSES;
            }
            return verdicts[run] == MEETS;
        }

        /** The query's box, and the page's runs if the query is all doubles and the page an immutable one. */
        private void prepare(ITupleReference query, MultiComparator cmp) {
            prepared = true;
            pageRuns = null;
            int dimensions = cmp.getKeyFieldCount() / 2;
            queryBox.read(query, dimensions);
            if (cache == null || !queryBox.doubles() || !(page instanceof ICachedPageInternal internal)) {
                return;
            }
            long pageId = internal.getDiskPageId();
            LeafRuns leaf = cache.cached(pageId);
            if (leaf == null) {
                leaf = runsOfPage(dimensions);
                cache.cache(pageId, leaf);
            }
            if (leaf == NO_RUNS) {
                return;
            }
            pageRuns = leaf;
            if (verdicts.length < leaf.runs()) {
                verdicts = new byte[leaf.runs()];
            } else {
                Arrays.fill(verdicts, 0, leaf.runs(), UNKNOWN);
            }
        }

        /** Every entry's box read once; {@link #NO_RUNS} if some coordinate is not a double. */
        private LeafRuns runsOfPage(int dimensions) {
            boolean[] allDoubles = { true };
            LeafRuns leaf = LeafRuns.of(getTupleCount(), dimensions, (entry, low, high) -> {
                frameTuple.resetByTupleIndex(this, entry);
                allDoubles[0] &= DoubleKeys.readBox(frameTuple, dimensions, low, high);
            });
            return allDoubles[0] ? leaf : NO_RUNS;
        }
    }
}

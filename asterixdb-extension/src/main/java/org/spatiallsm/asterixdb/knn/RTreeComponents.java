package org.spatiallsm.asterixdb.knn;

import java.util.ArrayList;
import java.util.List;

import org.apache.asterix.dataflow.data.nontagged.valueproviders.PrimitiveValueProviderFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.btree.impls.BTree;
import org.apache.hyracks.storage.am.btree.impls.RangePredicate;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProvider;
import org.apache.hyracks.storage.am.common.api.ITreeIndexAccessor;
import org.apache.hyracks.storage.am.common.api.ITreeIndexFrame;
import org.apache.hyracks.storage.am.common.api.ITreeIndexTupleReference;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.LSMComponentType;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMTreeTupleReference;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeMemoryComponent;
import org.apache.hyracks.storage.am.rtree.api.IRTreeInteriorFrame;
import org.apache.hyracks.storage.am.rtree.impls.RTree;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.MultiComparator;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.apache.hyracks.storage.common.buffercache.ICachedPage;
import org.apache.hyracks.storage.common.file.BufferedFileHandle;
import org.spatiallsm.asterixdb.introspection.PrunedIndex;
import org.spatiallsm.partitioning.knn.BestFirstKnn;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Component;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Frontier;
import org.spatiallsm.partitioning.pruning.Box;

/**
 * The components a kNN search entered in one partition of an LSM R-tree with anti-matter, as {@link BestFirstKnn}
 * sees them, newest first. A disk component is an R-tree read page by page, each page when the search reaches it;
 * its lower bound is its MBR's. A memory component's R-tree changes while it is read, so it is read whole through its
 * own search cursor, which follows concurrent splits; its deleted-keys B-tree cancels older versions.
 */
final class RTreeComponents {

    /** AsterixDB's provider reads a serialized double, type tag first; it keeps no state. */
    private static final IPrimitiveValueProvider DOUBLES =
            PrimitiveValueProviderFactory.INSTANCE.createPrimitiveValueProvider();

    private final double x;
    private final double y;
    private final ArrayTupleBuilder copier;
    private final boolean refined;
    private final List<IIndexCursor> opened = new ArrayList<>();

    private RTreeComponents(double x, double y, int fieldCount, boolean refined) {
        this.x = x;
        this.y = y;
        this.copier = new ArrayTupleBuilder(fieldCount);
        this.refined = refined;
    }

    /**
     * The search's view of {@code newestFirst}, the components it entered. The disk components' MBRs are read under
     * the index's operation-tracker lock, as {@link PrunedIndex#mbr} requires; one that left the index meanwhile (a
     * merge replaced it while this search holds it) gets the bound zero: it is read first, never missed. With
     * {@code refined}, entries are offered as candidates at their distance, for a refinement that checks their
     * records.
     */
    static RTreeComponents of(ILSMIndex index, List<ILSMComponent> newestFirst, double x, double y, int fieldCount,
            boolean refined, List<Component<EntryKey>> out) throws HyracksDataException {
        RTreeComponents view = new RTreeComponents(x, y, fieldCount, refined);
        List<Double> bounds = new ArrayList<>();
        synchronized (index.getOperationTracker()) {
            for (ILSMComponent component : newestFirst) {
                if (component.getType() == LSMComponentType.DISK) {
                    // No MBR (an index that prunes by something else) also means: read it first, never miss it.
                    bounds.add(index instanceof PrunedIndex pruned && index.getDiskComponents().contains(component)
                            ? pruned.mbr((ILSMDiskComponent) component)
                                    .map(box -> BestFirstKnn.minDistance(box, x, y)).orElse(0.0)
                            : 0.0);
                } else {
                    bounds.add(0.0);
                }
            }
        }
        for (int i = 0; i < newestFirst.size(); i++) {
            ILSMComponent component = newestFirst.get(i);
            out.add(component.getType() == LSMComponentType.DISK
                    ? view.new Disk((RTree) component.getIndex(), bounds.get(i))
                    : view.new Memory((LSMRTreeMemoryComponent) component));
        }
        return view;
    }

    /** Destroys the cursors the memory components used (each was closed after its last use). */
    void close() throws HyracksDataException {
        HyracksDataException failure = null;
        for (IIndexCursor cursor : opened) {
            try {
                cursor.destroy();
            } catch (HyracksDataException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        opened.clear();
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * The distance of the query point to the entry's MBR (0 inside): a point's distance, and a rectangle's, which
     * is its own MBR, exactly; {@code spatial_distance} and {@code spatial_min_distance} compute the same.
     */
    private void offer(ITupleReference entry, Frontier<EntryKey> frontier) throws HyracksDataException {
        if (refined) {
            frontier.candidate(distance(entry), EntryKey.copy(entry, copier), antiMatter(entry));
        } else {
            frontier.entry(distance(entry), EntryKey.copy(entry, copier), antiMatter(entry));
        }
    }

    private double distance(ITupleReference entry) {
        return BestFirstKnn.minDistance(mbr(entry), x, y);
    }

    /** An entry's MBR, or an interior entry's: lower corner, then upper (a point leaf gives its point twice). */
    private static Box mbr(ITupleReference entry) {
        return Box.of(new double[] { value(entry, 0), value(entry, 1) },
                new double[] { value(entry, 2), value(entry, 3) });
    }

    private static double value(ITupleReference tuple, int field) {
        return DOUBLES.getValue(tuple.getFieldData(field), tuple.getFieldStart(field));
    }

    private static boolean antiMatter(ITupleReference entry) {
        return entry instanceof ILSMTreeTupleReference lsm && lsm.isAntimatter();
    }

    private final class Disk implements Component<EntryKey> {
        private final RTree rtree;
        private final double lowerBound;

        Disk(RTree rtree, double lowerBound) {
            this.rtree = rtree;
            this.lowerBound = lowerBound;
        }

        @Override
        public double lowerBound() {
            return lowerBound;
        }

        @Override
        public boolean onDisk() {
            return true;
        }

        @Override
        public void open(Frontier<EntryKey> frontier) throws HyracksDataException {
            int root = rtree.getRootPageId();
            if (root >= 0) {
                read(root, frontier);
            }
        }

        /** Offers a page's children (an interior page) or entries (a leaf); nothing is kept pinned. */
        private void read(int pageId, Frontier<EntryKey> frontier) throws HyracksDataException {
            IBufferCache bufferCache = rtree.getBufferCache();
            ICachedPage page = bufferCache.pin(BufferedFileHandle.getDiskPageId(rtree.getFileId(), pageId), false);
            page.acquireReadLatch();
            try {
                ITreeIndexFrame frame = rtree.getInteriorFrameFactory().createFrame();
                frame.setPage(page);
                if (frame.isLeaf()) {
                    frame = rtree.getLeafFrameFactory().createFrame();
                    frame.setPage(page);
                }
                ITreeIndexTupleReference entry = frame.createTupleReference();
                for (int i = 0; i < frame.getTupleCount(); i++) {
                    entry.resetByTupleIndex(frame, i);
                    if (frame.isLeaf()) {
                        offer(entry, frontier);
                    } else {
                        int child = ((IRTreeInteriorFrame) frame).getChildPageId(i);
                        frontier.node(distance(entry), f -> read(child, f));
                    }
                }
            } finally {
                page.releaseReadLatch();
                bufferCache.unpin(page);
            }
        }

        @Override
        public boolean cancels(EntryKey key) {
            return false; // its anti-matter entries are in its tree, and reach the queue
        }
    }

    private final class Memory implements Component<EntryKey> {
        private final LSMRTreeMemoryComponent component;
        private ITreeIndexAccessor deletedKeys;
        private IIndexCursor deletedKeysCursor;
        private RangePredicate lookup;
        private final ArrayTupleReference probe = new ArrayTupleReference();

        Memory(LSMRTreeMemoryComponent component) {
            this.component = component;
        }

        @Override
        public double lowerBound() {
            return 0;
        }

        @Override
        public boolean onDisk() {
            return false;
        }

        @Override
        public void open(Frontier<EntryKey> frontier) throws HyracksDataException {
            RTree rtree = component.getIndex();
            ITreeIndexAccessor accessor = rtree.createAccessor(NoOpIndexAccessParameters.INSTANCE);
            IIndexCursor cursor = accessor.createSearchCursor(false);
            opened.add(cursor);
            try {
                accessor.search(cursor, new SearchPredicate(null,
                        MultiComparator.create(rtree.getComparatorFactories())));
                while (cursor.hasNext()) {
                    cursor.next();
                    offer(cursor.getTuple(), frontier);
                }
            } finally {
                cursor.close();
            }
        }

        @Override
        public boolean cancels(EntryKey key) throws HyracksDataException {
            if (deletedKeys == null) {
                BTree btree = component.getBuddyIndex();
                deletedKeys = btree.createAccessor(NoOpIndexAccessParameters.INSTANCE);
                deletedKeysCursor = deletedKeys.createSearchCursor(false);
                opened.add(deletedKeysCursor);
                MultiComparator cmp = MultiComparator.create(btree.getComparatorFactories());
                lookup = new RangePredicate(null, null, true, true, cmp, cmp);
            }
            probe.reset(key.fieldEnds(), key.bytes());
            lookup.setLowKey(probe, true);
            lookup.setHighKey(probe, true);
            deletedKeys.search(deletedKeysCursor, lookup);
            try {
                return deletedKeysCursor.hasNext();
            } finally {
                deletedKeysCursor.close();
            }
        }
    }
}

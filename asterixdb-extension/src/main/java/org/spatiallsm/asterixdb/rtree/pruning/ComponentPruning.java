package org.spatiallsm.asterixdb.rtree.pruning;

import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProvider;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProviderFactory;
import org.apache.hyracks.storage.am.common.api.ITreeIndexFrame;
import org.apache.hyracks.storage.am.common.api.ITreeIndexTupleReference;
import org.apache.hyracks.storage.am.common.impls.AbstractTreeIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.LSMComponentType;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.apache.hyracks.storage.am.common.ophelpers.IndexOperation;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.apache.hyracks.storage.common.buffercache.ICachedPage;
import org.apache.hyracks.storage.common.file.BufferedFileHandle;
import org.spatiallsm.partitioning.pruning.Box;
import org.spatiallsm.partitioning.pruning.ReadAmplification;

/**
 * MBR pruning of the searches of one LSM R-tree partition (Eq. 4.1 of Mao's dissertation): a search opens only the disk
 * components whose MBR overlaps its query window; memory components are always searched. Used by every R-tree index
 * class of spatial-lsm, from two overrides:
 * <ul>
 * <li>{@code getOperationalComponents(ctx)}: after the parent filled the context's component holder, call
 * {@link #prune}; AsterixDB's harness calls it under the operation tracker's lock, with the search predicate already
 * set, and only {@code SEARCH} is pruned: flushes, merges (their cursors are opened on the components the merge
 * holds, never through this method), modifications and disk-component scans keep every component;</li>
 * <li>{@code search(ctx, cursor, pred)}: call {@link #countSearch} first, which counts the search with the components
 * it entered (in {@link #counts}).</li>
 * </ul>
 * <b>Why this is safe with anti-matter.</b> Pruning a component only drops entries the component's own R-tree search
 * would not return: every entry's MBR lies inside the component's MBR, so if that misses the window, so does every
 * entry, matter and anti-matter alike. An anti-matter entry carries the exact key (MBR and primary key) of the entry
 * it deletes, so it overlaps a window exactly when the matter it cancels does: if the anti-matter's component is
 * skipped, the cancelled matter is outside the window and is not returned by the component that holds it either; if
 * the matter's component is skipped, the anti-matter is outside the window too and never reaches the search cursor's
 * reconciliation. Memory components, whose buddy B-tree holds deletions without an MBR test, are never skipped.
 * <p>
 * <b>The MBR of a disk component</b> ({@link #rootPageMbr}) is the union of the entries of its R-tree's root page,
 * read on first use and cached with the component (a component never changes once on disk). It is exact: the root's
 * entries are the tight MBRs of the children a bulk load (every flush and merge writes a disk component by bulk
 * load) computed from their entries, or the entries themselves when the root is a leaf. It costs one page read per
 * component, usually from the buffer cache since the load just wrote it (read under the operation tracker's lock,
 * where a listed component cannot be dropped), and needs nothing persisted beside the component: flushes and merges
 * stay AsterixDB's own, and a restart finds the MBR where it was.
 * An R-tree without entries has an empty MBR and is always skipped. Disk components of
 * {@code LSMRTreeWithAntiMatterTuples} are an R-tree only (anti-matter included); the buddy B-tree exists only in
 * memory. An index that keeps its own component MBRs (e.g. in the component's metadata page) passes them instead.
 */
public final class ComponentPruning {

    /** Where a component's MBR comes from: {@link ComponentPruning#rootPageMbr} unless the index knows it. */
    @FunctionalInterface
    public interface MbrOf {
        Box mbr(ILSMDiskComponent component) throws HyracksDataException;
    }

    /** Stateless (AsterixDB's and Hyracks' providers only read the bytes they are given): shared by all threads. */
    private final IPrimitiveValueProvider[] keyValues;
    private final SearchCounting counting = new SearchCounting();
    /** Components are compared by identity and leave the cache with the component. */
    private final Map<ILSMDiskComponent, Box> rootMbrs = Collections.synchronizedMap(new WeakHashMap<>());

    /** @param keyValues the R-tree's value providers of its 2·d key fields (the lower corner, then the upper) */
    public ComponentPruning(IPrimitiveValueProviderFactory[] keyValues) {
        if (keyValues.length == 0 || keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("an R-tree key has 2 fields per dimension, not " + keyValues.length);
        }
        this.keyValues = new IPrimitiveValueProvider[keyValues.length];
        for (int i = 0; i < keyValues.length; i++) {
            this.keyValues[i] = keyValues[i].createPrimitiveValueProvider();
        }
    }

    /** Removes from a {@code SEARCH}'s operational components the disk components whose MBR misses its window. */
    public void prune(ILSMIndexOperationContext ctx, MbrOf mbrOf) throws HyracksDataException {
        int skipped = 0;
        if (ctx.getOperation() == IndexOperation.SEARCH) {
            Optional<Box> window = window(ctx.getSearchPredicate());
            if (window.isPresent()) {
                skipped = operational(ctx.getComponentHolder(), window.get(), mbrOf);
            }
        }
        counting.pruned(skipped);
    }

    /** Counts a {@code SEARCH} with the disk components it entered and those {@link #prune} skipped for it. */
    public void countSearch(ILSMIndexOperationContext ctx) {
        counting.countSearch(ctx);
    }

    /**
     * Removes from {@code components} every disk component whose MBR does not overlap {@code window}; memory
     * components stay. Returns how many were removed.
     */
    public static int operational(List<ILSMComponent> components, Box window, MbrOf mbrOf)
            throws HyracksDataException {
        int skipped = 0;
        for (Iterator<ILSMComponent> it = components.iterator(); it.hasNext();) {
            ILSMComponent component = it.next();
            if (component.getType() == LSMComponentType.DISK && !mbrOf.mbr((ILSMDiskComponent) component)
                    .overlaps(window)) {
                it.remove();
                skipped++;
            }
        }
        return skipped;
    }

    /**
     * The query window of an R-tree search, if it has one: a full scan (no key) has none, and neither has a key whose
     * fields are not numbers (e.g. a null), which is left to the R-tree's own search.
     */
    public Optional<Box> window(ISearchPredicate predicate) {
        if (!(predicate instanceof SearchPredicate rtree) || rtree.getLowKey() == null
                || rtree.getLowKey().getFieldCount() < keyValues.length) {
            return Optional.empty();
        }
        try {
            return Optional.of(box(rtree.getLowKey()));
        } catch (RuntimeException notNumbers) {
            // AsterixDB's value provider throws on a type tag it cannot read as a number.
            return Optional.empty();
        }
    }

    /** The MBR of a disk component's R-tree, from its root page (see the class comment); cached. */
    public Box rootPageMbr(ILSMDiskComponent component) throws HyracksDataException {
        Box cached = rootMbrs.get(component);
        if (cached == null) {
            cached = readRootPage((AbstractTreeIndex) component.getIndex());
            rootMbrs.put(component, cached);
        }
        return cached;
    }

    public ReadAmplification.Counts counts() {
        return counting.counts();
    }

    private Box readRootPage(AbstractTreeIndex rtree) throws HyracksDataException {
        int dimensions = keyValues.length / 2;
        int rootPage = rtree.getRootPageId();
        if (rootPage < 0) {
            return Box.empty(dimensions);
        }
        IBufferCache bufferCache = rtree.getBufferCache();
        ICachedPage root = bufferCache.pin(BufferedFileHandle.getDiskPageId(rtree.getFileId(), rootPage), false);
        root.acquireReadLatch();
        try {
            ITreeIndexFrame frame = rtree.getInteriorFrameFactory().createFrame();
            frame.setPage(root);
            if (frame.isLeaf()) {
                frame = rtree.getLeafFrameFactory().createFrame();
                frame.setPage(root);
            }
            // The frame's own tuple reference: interior entries hold only the key, point leaves one corner.
            ITreeIndexTupleReference entry = frame.createTupleReference();
            Box mbr = Box.empty(dimensions);
            for (int i = 0; i < frame.getTupleCount(); i++) {
                entry.resetByTupleIndex(frame, i);
                mbr = mbr.union(box(entry));
            }
            return mbr;
        } finally {
            root.releaseReadLatch();
            bufferCache.unpin(root);
        }
    }

    private Box box(ITupleReference key) {
        int dimensions = keyValues.length / 2;
        double[] min = new double[dimensions];
        double[] max = new double[dimensions];
        for (int d = 0; d < dimensions; d++) {
            min[d] = value(key, d);
            max[d] = value(key, dimensions + d);
        }
        return Box.of(min, max);
    }

    private double value(ITupleReference key, int field) {
        return keyValues[field].getValue(key.getFieldData(field), key.getFieldStart(field));
    }
}

package org.spatiallsm.asterixdb.rtree;

import java.io.Serializable;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.hyracks.storage.am.common.api.ITreeIndexFrame;
import org.apache.hyracks.storage.am.common.api.ITreeIndexTupleReference;
import org.apache.hyracks.storage.common.buffercache.ICachedPage;
import org.apache.hyracks.storage.common.buffercache.ICachedPageInternal;

/**
 * The {@link LeafRuns boxes} of the entries of R-tree pages that never change, computed on a page's first search and
 * kept for the next ones. A disk component's pages never change once bulk-loaded, and a page is known by its
 * buffer-cache id: the file id (never reused while the node runs: AsterixDB's file map counts ids up) and the page
 * number. One instance per frame factory, so per index partition and buffer cache; at most {@code budget} bytes of
 * boxes are kept, least recently used first out. Serializable as the factories are, but the boxes themselves are
 * not: a copy starts empty (the factories are built on the node anyway, see AntiMatterRTreeResource).
 */
final class PageBoxes implements Serializable {

    /** Kept for a page whose entries are not all doubles: its search tests every entry as the stock one does. */
    private static final LeafRuns NOT_DOUBLES = LeafRuns.of(0, 1, 1, (entry, low, high) -> {
    });

    private static final long serialVersionUID = 1L;

    private final long budget;
    private transient Map<Long, LeafRuns> boxes;
    private transient long bytes;

    PageBoxes(long budget) {
        this.budget = budget;
    }

    /**
     * The boxes of runs of {@code run} entries of the page {@code frame} is set on, reading each entry through
     * {@code tuple} on a first search; null if the page is not a buffer-cache page or an entry is not all doubles.
     */
    LeafRuns of(ICachedPage page, ITreeIndexFrame frame, ITreeIndexTupleReference tuple, int dimensions, int run) {
        if (!(page instanceof ICachedPageInternal internal)) {
            return null;
        }
        long pageId = internal.getDiskPageId();
        LeafRuns kept = kept(pageId);
        if (kept == null) {
            boolean[] allDoubles = { true };
            LeafRuns read = LeafRuns.of(frame.getTupleCount(), dimensions, run, (entry, low, high) -> {
                tuple.resetByTupleIndex(frame, entry);
                allDoubles[0] &= DoubleKeys.readBox(tuple, dimensions, low, high);
            });
            kept = allDoubles[0] ? read : NOT_DOUBLES;
            keep(pageId, kept);
        }
        return kept == NOT_DOUBLES ? null : kept;
    }

    private synchronized LeafRuns kept(long pageId) {
        return boxes().get(pageId);
    }

    private synchronized void keep(long pageId, LeafRuns pageBoxes) {
        LeafRuns replaced = boxes().put(pageId, pageBoxes);
        bytes += pageBoxes.bytes() - (replaced == null ? 0 : replaced.bytes());
        for (Iterator<LeafRuns> eldest = boxes.values().iterator(); bytes > budget && eldest.hasNext();) {
            bytes -= eldest.next().bytes();
            eldest.remove();
        }
    }

    private Map<Long, LeafRuns> boxes() {
        if (boxes == null) {
            boxes = new LinkedHashMap<>(16, 0.75f, true);
        }
        return boxes;
    }
}

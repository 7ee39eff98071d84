package org.spatiallsm.asterixdb.rtree.pruning;

import org.apache.hyracks.storage.am.common.ophelpers.IndexOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.LSMComponentType;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.spatiallsm.partitioning.pruning.ReadAmplification;

/**
 * The per-search counts of an index that prunes its disk components (by MBR, or by key range): each {@code SEARCH}
 * with the disk components it opened and those pruning skipped for it. Used from two overrides of the index:
 * {@code getOperationalComponents(ctx)} reports what it skipped ({@link #pruned}), and {@code search(ctx, ...)}
 * counts the search ({@link #countSearch}).
 */
public final class SearchCounting {

    private final ReadAmplification counters = new ReadAmplification();
    /**
     * Disk components the last pruning on this thread skipped, until {@link #countSearch}: the harness calls both on
     * the searching thread, and may call {@code getOperationalComponents} again (it retries when it cannot enter a
     * component), so the count is taken once per search, from the attempt that succeeded.
     */
    private final ThreadLocal<int[]> skippedByLastPrune = ThreadLocal.withInitial(() -> new int[1]);

    /** The last pruning on this thread skipped {@code skipped} disk components (0 when it pruned nothing). */
    public void pruned(int skipped) {
        skippedByLastPrune.get()[0] = skipped;
    }

    /** Counts a {@code SEARCH} with the disk components it entered and those the last pruning skipped for it. */
    public void countSearch(ILSMIndexOperationContext ctx) {
        if (ctx.getOperation() != IndexOperation.SEARCH) {
            return;
        }
        int opened = 0;
        for (ILSMComponent component : ctx.getComponentHolder()) {
            if (component.getType() == LSMComponentType.DISK) {
                opened++;
            }
        }
        int[] skipped = skippedByLastPrune.get();
        counters.recordSearch(opened, skipped[0]);
        skipped[0] = 0;
    }

    public ReadAmplification.Counts counts() {
        return counters.counts();
    }
}

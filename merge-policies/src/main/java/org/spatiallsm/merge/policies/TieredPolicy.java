package org.spatiallsm.merge.policies;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;

/**
 * Size-tiered merging (Cassandra SizeTiered, RocksDB Universal) with fan-out B, as in Mao's study. With
 * unit = high-bucket × mean flush size, a component of s bytes is in tier 1 + ceil(log_B(ceil(s / unit))) (so
 * s &lt;= unit is tier 1). From the highest tier down: once B components of a tier are due, they merge, together
 * with further members while the total stays within the tier's capacity unit × B^tier. The output lands in a
 * higher tier, and because the engine (and the simulator) calls {@link #findMerge} again after every merge, full
 * tiers cascade upwards one merge per call.
 *
 * <p>Merges must take consecutive components, but with varying flush sizes the members of a tier are not always
 * adjacent (a large flush lands in tier 2 between tier-1 flushes). So a tier-T merge works on runs of consecutive
 * components of tier at most T: a run holding B tier-T components merges from the newest of them through the
 * B-th (smaller components in between ride along), then further older members while the total fits the
 * capacity. With equal flushes every run holds a single tier and this is exactly the rule of the study: the
 * newest l members of a full tier merge, for the largest l &gt;= B within capacity. (Grouping by tier alone
 * would merge non-adjacent components; requiring single-tier runs would let stragglers pile up forever.)
 *
 * <p>The mean flush size is computed statelessly as (total bytes of all components) / flush count. That is
 * exact when nothing is deleted or overwritten (the simulator); with updates and deletes merges shrink the data,
 * so the unit is underestimated and components drift into higher tiers than their flush count suggests.
 *
 * <p>Concurrent merges: merging components end runs and are never chosen, so other tiers keep merging
 * concurrently; a tier whose merge is running is reconsidered when it completes. {@link #isMergeLagging}: flushes
 * wait while a merge runs and the stack holds more than (B - 1) components per base-B digit of the flush count
 * (the most B-tiering keeps after that many equal flushes) plus one.
 */
public final class TieredPolicy implements MergePolicy {

    /** Tier of a component that is being merged: above every real tier, so it ends every run. */
    private static final int MERGING = Integer.MAX_VALUE;

    private final int fanOut;
    private final BigDecimal highBucket;

    public TieredPolicy(int fanOut, double highBucket) {
        if (fanOut < 2) {
            throw new IllegalArgumentException("size-ratio (B) must be >= 2, was " + fanOut);
        }
        if (!(highBucket > 0)) {
            throw new IllegalArgumentException("high-bucket must be > 0, was " + highBucket);
        }
        this.fanOut = fanOut;
        this.highBucket = BigDecimal.valueOf(highBucket);
    }

    @Override
    public Optional<MergeSpec> findMerge(StackView stack) {
        long totalBytes = stack.totalBytes();
        if (stack.flushCount() == 0 || totalBytes == 0) {
            return Optional.empty();
        }
        long[] ceilings = tierCeilings(totalBytes, stack.flushCount());
        int[] tiers = stack.newestFirst().stream()
                .mapToInt(component -> component.merging() ? MERGING : tierOf(component.sizeBytes(), ceilings))
                .toArray();
        for (int tier = Arrays.stream(tiers).filter(t -> t != MERGING).max().orElse(0); tier >= 1; tier--) {
            Optional<MergeSpec> merge = mergeInTier(stack, tiers, tier, ceilings);
            if (merge.isPresent()) {
                return merge;
            }
        }
        return Optional.empty();
    }

    /** The first run, newest first, of consecutive components of tier at most {@code tier} that is due. */
    private Optional<MergeSpec> mergeInTier(StackView stack, int[] tiers, int tier, long[] ceilings) {
        for (int runStart = 0; runStart < tiers.length;) {
            int runEnd = runStart;
            while (runEnd < tiers.length && tiers[runEnd] <= tier) {
                runEnd++;
            }
            Optional<MergeSpec> merge = mergeInRun(stack, tiers, tier, runStart, runEnd, ceilings);
            if (merge.isPresent()) {
                return merge;
            }
            runStart = runEnd + 1; // skip the higher-tier or merging component that ended the run
        }
        return Optional.empty();
    }

    /**
     * Within the run [start, end) of components of tier at most {@code tier}: if it holds B components of that
     * tier, merge from the newest of them through the B-th, then further older members while the total stays
     * within the tier's capacity.
     */
    private Optional<MergeSpec> mergeInRun(StackView stack, int[] tiers, int tier, int start, int end,
            long[] ceilings) {
        long capacity = capacity(tier, ceilings);
        int newest = -1;
        int oldest = -1;
        int membersOfTier = 0;
        long bytes = 0;
        for (int index = start; index < end; index++) {
            if (tiers[index] == tier) {
                newest = newest < 0 ? index : newest;
                membersOfTier++;
            }
            if (newest < 0) {
                continue; // smaller components newer than the tier's newest member are not due yet
            }
            bytes += stack.bytesAt(index);
            if (membersOfTier >= fanOut && (oldest < 0 || bytes <= capacity)) {
                oldest = index;
            }
        }
        return oldest < 0 ? Optional.empty() : Optional.of(new MergeSpec(newest, oldest));
    }

    @Override
    public boolean isMergeLagging(StackView stack) {
        return FlowControl.lagging(stack, (long) (fanOut - 1) * digits(stack.flushCount()));
    }

    /**
     * ceilings[e] = the largest byte count that is at most unit × B^e, i.e. floor(high-bucket × total × B^e / t),
     * computed exactly once per decision so that tier boundaries do not depend on floating-point rounding (with
     * high-bucket 1.2, 6 bytes must be exactly 5 units). Tier e + 1 holds components of ceilings[e - 1] + 1 ..
     * ceilings[e] bytes and merges runs of up to ceilings[e + 1] bytes. The last ceiling covers all bytes.
     */
    private long[] tierCeilings(long totalBytes, long flushCount) {
        BigDecimal unitTimesFlushes = highBucket.multiply(BigDecimal.valueOf(totalBytes));
        BigDecimal flushes = BigDecimal.valueOf(flushCount);
        BigDecimal base = BigDecimal.valueOf(fanOut);
        List<Long> ceilings = new ArrayList<>();
        for (BigDecimal power = BigDecimal.ONE;; power = power.multiply(base)) {
            BigDecimal ceiling = unitTimesFlushes.multiply(power).divide(flushes, 0, RoundingMode.FLOOR);
            ceilings.add(ceiling.min(BigDecimal.valueOf(Long.MAX_VALUE)).longValueExact());
            if (ceilings.get(ceilings.size() - 1) >= totalBytes) {
                return ceilings.stream().mapToLong(Long::longValue).toArray();
            }
        }
    }

    private static int tierOf(long bytes, long[] ceilings) {
        int exponent = 0;
        while (bytes > ceilings[exponent]) {
            exponent++;
        }
        return exponent + 1;
    }

    private static long capacity(int tier, long[] ceilings) {
        // Past the last ceiling everything fits: no run holds more than all bytes.
        return tier < ceilings.length ? ceilings[tier] : Long.MAX_VALUE;
    }

    private long digits(long flushCount) {
        long digits = 0;
        for (long rest = flushCount; rest > 0; rest /= fanOut) {
            digits++;
        }
        return digits;
    }

    @Override
    public String toString() {
        return "tiered(size-ratio=" + fanOut + ", high-bucket=" + highBucket + ")";
    }
}

package org.spatiallsm.merge.policies;

import java.util.Locale;
import java.util.Optional;

import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;

/**
 * Binomial and MinLatency (Mathieu et al.; Mao): static policies whose stack after flush t depends only on k and
 * t. Both split the flush sequence into consecutive blocks; block d is a tree tau*(d, h) of C(d + h, d) flushes,
 * and flush t keeps {@code 1 + B(d, h, x)} components, where x is t's offset in its block. The two differ only
 * in the tree height h: MinLatency uses k - 1 throughout, Binomial min(d, k) - 1, which makes it merge early
 * while the stack is shallow (the "small n" regime) and behave like MinLatency once d &gt; k.
 *
 * <p>Decision: keep {@link #keepCount(long) i} components, i.e. merge the i-th oldest component with everything
 * newer. The rule is applied on flushes and on merge completions alike; with instant merges the stack already
 * has i components after the merge, so a completion changes nothing.
 *
 * <p>Concurrent merges: if the wanted run contains a component that is being merged, nothing is merged now.
 * The completion of the running merge re-evaluates the rule for the then-current flush count, so the deferred
 * merge happens there (the schedule is static, so the catch-up needs no memory). Until then the stack may hold
 * more than k components; {@link #isMergeLagging} lets one extra flush in and then holds flushes back.
 */
public final class StaticSchedulePolicy implements MergePolicy {

    /** Which tree each block of flushes follows. */
    public enum Schedule {
        BINOMIAL {
            @Override
            int treeHeight(int block, int k) {
                return Math.min(block, k) - 1;
            }
        },
        MIN_LATENCY {
            @Override
            int treeHeight(int block, int k) {
                return k - 1;
            }
        };

        abstract int treeHeight(int block, int k);
    }

    private final Schedule schedule;
    private final int k;

    public StaticSchedulePolicy(Schedule schedule, int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
        this.schedule = schedule;
        this.k = k;
    }

    public static StaticSchedulePolicy binomial(int k) {
        return new StaticSchedulePolicy(Schedule.BINOMIAL, k);
    }

    public static StaticSchedulePolicy minLatency(int k) {
        return new StaticSchedulePolicy(Schedule.MIN_LATENCY, k);
    }

    @Override
    public Optional<MergeSpec> findMerge(StackView stack) {
        if (stack.flushCount() == 0) {
            return Optional.empty(); // only bulk-loaded components: the schedule has not started
        }
        int keep = keepCount(stack.flushCount());
        if (stack.size() <= keep) {
            return Optional.empty();
        }
        MergeSpec run = new MergeSpec(0, stack.size() - keep);
        return stack.anyMerging(run) ? Optional.empty() : Optional.of(run);
    }

    @Override
    public boolean isMergeLagging(StackView stack) {
        return FlowControl.lagging(stack, k);
    }

    /** i(t): how many components the schedule keeps after flush t (1 &lt;= i &lt;= k). */
    public int keepCount(long t) {
        if (t < 1) {
            throw new IllegalArgumentException("flush count must be >= 1, was " + t);
        }
        long offset = t - 1;
        for (int block = 1;; block++) {
            int height = schedule.treeHeight(block, k);
            long blockSize = Combinatorics.binomial(block + height, block);
            if (offset < blockSize) {
                return 1 + Combinatorics.stackDepth(block, height, offset);
            }
            offset -= blockSize;
        }
    }

    /**
     * Flushes covered by the first {@code blocks} blocks: Binomial's thresholds T_k(m), or MinLatency's tree sizes
     * C(m + k, k) - 1 (saturating at {@link Long#MAX_VALUE}).
     */
    public long flushesCoveredBy(int blocks) {
        long flushes = 0;
        for (int block = 1; block <= blocks; block++) {
            flushes = Combinatorics.add(flushes,
                    Combinatorics.binomial(block + schedule.treeHeight(block, k), block));
        }
        return flushes;
    }

    @Override
    public String toString() {
        return schedule.name().toLowerCase(Locale.ROOT).replace('_', '-') + "(k=" + k + ")";
    }
}

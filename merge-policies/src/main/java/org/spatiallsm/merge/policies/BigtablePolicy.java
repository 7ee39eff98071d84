package org.spatiallsm.merge.policies;

import java.util.Optional;

import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;

/**
 * Bigtable's default policy as described by Mathieu et al.: while at most k components exist, just add the flush;
 * otherwise merge the newest components, as few as possible, such that afterwards every component is larger than
 * the sum of all newer ones. Merging a suffix does not change what any older component is compared with, so the
 * run must reach exactly to the oldest component that is not larger than everything newer than it; if there is
 * none, the two newest merge.
 *
 * <p>The rule is the same on flushes and merge completions (after an instant merge at most k components remain,
 * so a completion changes nothing). Concurrent merges: sizes of merging components still count in the
 * comparison, but if the chosen run contains a merging component nothing is merged now; the running merge's
 * completion re-evaluates the rule.
 */
public final class BigtablePolicy implements MergePolicy {

    private final int k;

    public BigtablePolicy(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
        this.k = k;
    }

    @Override
    public Optional<MergeSpec> findMerge(StackView stack) {
        if (stack.size() <= k) {
            return Optional.empty();
        }
        MergeSpec run = new MergeSpec(0, oldestNotLargerThanNewer(stack));
        return stack.anyMerging(run) ? Optional.empty() : Optional.of(run);
    }

    @Override
    public boolean isMergeLagging(StackView stack) {
        return FlowControl.lagging(stack, k);
    }

    /** Index of the oldest component (index &gt;= 2) not larger than all newer ones together, else 1. */
    private static int oldestNotLargerThanNewer(StackView stack) {
        long newerBytes = stack.totalBytes();
        for (int index = stack.size() - 1; index >= 2; index--) {
            newerBytes -= stack.bytesAt(index);
            if (stack.bytesAt(index) <= newerBytes) {
                return index;
            }
        }
        return 1;
    }

    @Override
    public String toString() {
        return "bigtable(k=" + k + ")";
    }
}

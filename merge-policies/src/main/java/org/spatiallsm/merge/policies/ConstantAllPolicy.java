package org.spatiallsm.merge.policies;

import java.util.Optional;

import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;

/**
 * The "Constant" policy of Mao's merge-policy study: while at most k components exist, just add the flush; once
 * there are more, merge all of them into one. (Not AsterixDB's stock {@code constant}, which computes a
 * binomial-style schedule; hence the catalog name {@code constant-all}.)
 *
 * <p>The rule is the same on flushes and merge completions. Concurrent merges: a full merge cannot start while
 * any component is being merged, so nothing is merged now; the running merge's completion re-evaluates the rule.
 */
public final class ConstantAllPolicy implements MergePolicy {

    private final int k;

    public ConstantAllPolicy(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
        this.k = k;
    }

    @Override
    public Optional<MergeSpec> findMerge(StackView stack) {
        if (stack.size() <= k || stack.anyMerging()) {
            return Optional.empty();
        }
        return Optional.of(new MergeSpec(0, stack.size() - 1));
    }

    @Override
    public boolean isMergeLagging(StackView stack) {
        return FlowControl.lagging(stack, k);
    }

    @Override
    public String toString() {
        return "constant-all(k=" + k + ")";
    }
}

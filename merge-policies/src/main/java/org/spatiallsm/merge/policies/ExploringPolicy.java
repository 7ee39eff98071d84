package org.spatiallsm.merge.policies;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;

/**
 * HBase's exploring policy in the bounded-depth form of Mao's study, with parameters k, lambda, C (min-merge) and
 * D (max-merge). A candidate is a window of C..min(D, k) consecutive components whose largest member is at most
 * lambda × the sum of the others. With at most k components the longest candidate merges (ties: smaller total);
 * with more than k the candidate with the smallest average component size merges (ties: longer); if there is
 * no candidate and more than k components, the C consecutive components with the smallest total merge. Remaining
 * ties go to the newest window. D is capped at k, as in the authors' simulator.
 *
 * <p>Exploring is not eager: a candidate need not contain the newest component. Like the paper's model it takes
 * at most one optional merge per flush: on a merge completion it only acts while more than k components exist
 * (with instant merges that never happens, so merge completions change nothing in the simulator).
 *
 * <p>Concurrent merges: windows containing a merging component are not considered, so Exploring works around a
 * running merge on whatever idle components remain; if that leaves nothing, the running merge's completion
 * re-evaluates.
 */
public final class ExploringPolicy implements MergePolicy {

    private static final Comparator<Window> NEWEST_FIRST = Comparator.comparingInt(Window::newest);
    private static final Comparator<Window> LONGEST_THEN_SMALLEST = Comparator.comparingInt(Window::length)
            .reversed().thenComparingLong(Window::bytes).thenComparing(NEWEST_FIRST);
    private static final Comparator<Window> SMALLEST_AVERAGE = ((Comparator<Window>) ExploringPolicy::byAverage)
            .thenComparing(Comparator.comparingInt(Window::length).reversed()).thenComparing(NEWEST_FIRST);
    private static final Comparator<Window> SMALLEST_TOTAL = Comparator.comparingLong(Window::bytes)
            .thenComparing(NEWEST_FIRST);

    private final int k;
    private final BigDecimal lambda;
    private final int minMerge;
    private final int maxMerge;

    /**
     * @param maxMerge D as configured; windows are limited to min(D, k)
     * @throws IllegalArgumentException unless 2 &lt;= minMerge &lt;= min(maxMerge, k) and lambda &gt; 0
     */
    public ExploringPolicy(int k, double lambda, int minMerge, int maxMerge) {
        if (minMerge < 2 || minMerge > maxMerge || minMerge > k) {
            throw new IllegalArgumentException("need 2 <= min-merge <= max-merge and min-merge <= k, got min-merge="
                    + minMerge + ", max-merge=" + maxMerge + ", k=" + k);
        }
        if (!(lambda > 0)) {
            throw new IllegalArgumentException("lambda must be > 0, was " + lambda);
        }
        this.k = k;
        this.lambda = BigDecimal.valueOf(lambda);
        this.minMerge = minMerge;
        this.maxMerge = Math.min(maxMerge, k);
    }

    @Override
    public Optional<MergeSpec> findMerge(StackView stack) {
        boolean overBound = stack.size() > k;
        if (stack.event() == StackView.Event.MERGE_COMPLETED && !overBound) {
            return Optional.empty();
        }
        List<Window> windows = idleWindows(stack);
        Optional<Window> candidate = windows.stream().filter(this::balanced)
                .min(overBound ? SMALLEST_AVERAGE : LONGEST_THEN_SMALLEST);
        if (candidate.isEmpty() && overBound) {
            candidate = windows.stream().filter(window -> window.length() == minMerge).min(SMALLEST_TOTAL);
        }
        return candidate.map(Window::toMergeSpec);
    }

    @Override
    public boolean isMergeLagging(StackView stack) {
        return FlowControl.lagging(stack, k);
    }

    /** Every window of minMerge..maxMerge consecutive components none of which is merging. */
    private List<Window> idleWindows(StackView stack) {
        List<Window> windows = new ArrayList<>();
        for (int newest = 0; newest < stack.size(); newest++) {
            long bytes = 0;
            long largest = 0;
            for (int length = 1; length <= maxMerge && newest + length <= stack.size(); length++) {
                int index = newest + length - 1;
                if (stack.newestFirst().get(index).merging()) {
                    break;
                }
                bytes += stack.bytesAt(index);
                largest = Math.max(largest, stack.bytesAt(index));
                if (length >= minMerge) {
                    windows.add(new Window(newest, length, bytes, largest));
                }
            }
        }
        return windows;
    }

    /** largest &lt;= lambda × (sum of the others), exactly. */
    private boolean balanced(Window window) {
        BigDecimal others = BigDecimal.valueOf(window.bytes() - window.largest());
        return BigDecimal.valueOf(window.largest()).compareTo(lambda.multiply(others)) <= 0;
    }

    private static int byAverage(Window a, Window b) {
        // a.bytes / a.length vs b.bytes / b.length without rounding
        return Long.compare(Math.multiplyExact(a.bytes(), b.length()), Math.multiplyExact(b.bytes(), a.length()));
    }

    private record Window(int newest, int length, long bytes, long largest) {
        MergeSpec toMergeSpec() {
            return new MergeSpec(newest, newest + length - 1);
        }
    }

    @Override
    public String toString() {
        return "exploring(k=" + k + ", lambda=" + lambda + ", min-merge=" + minMerge + ", max-merge=" + maxMerge + ")";
    }
}

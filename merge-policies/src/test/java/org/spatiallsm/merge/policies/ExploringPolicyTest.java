package org.spatiallsm.merge.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.spatiallsm.merge.Stacks.afterFlush;
import static org.spatiallsm.merge.Stacks.afterMerge;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.MergeSpec;

class ExploringPolicyTest {

    private static final ExploringPolicy DEFAULTS = new ExploringPolicy(10, 1.2, 3, 10);

    @Test
    void withAtMostKComponentsTheLongestBalancedWindowMerges() {
        assertThat(DEFAULTS.findMerge(afterFlush(3, "1 1 1"))).contains(new MergeSpec(0, 2));
        // 3 <= 1.2 × (1 + 1 + 1): all four qualify, which beats the three 1s.
        assertThat(DEFAULTS.findMerge(afterFlush(6, "1 1 1 3"))).contains(new MergeSpec(0, 3));
        // 3 > 1.2 × 2 and fewer than 3 components otherwise: nothing to merge and no need to.
        assertThat(DEFAULTS.findMerge(afterFlush(5, "1 1 3"))).isEmpty();
        assertThat(DEFAULTS.findMerge(afterFlush(4, "1 3"))).isEmpty();
    }

    @Test
    void amongEquallyLongWindowsTheSmallerTotalWinsEvenIfOlder() {
        ExploringPolicy pairs = new ExploringPolicy(10, 1.2, 2, 2);

        assertThat(pairs.findMerge(afterFlush(12, "5 5 1 1"))).contains(new MergeSpec(2, 3));
    }

    @Test
    void isNotEagerAWindowWithoutTheFlushMayWin() {
        ExploringPolicy exploring = new ExploringPolicy(5, 1.2, 2, 4);

        // [1, 10, 10, 30] is unbalanced (30 > 25.2); [10, 10, 30, 30] is the longest balanced window.
        assertThat(exploring.findMerge(afterFlush(81, "1 10 10 30 30"))).contains(new MergeSpec(1, 4));
    }

    @Test
    void withMoreThanKComponentsTheSmallestAverageWins() {
        ExploringPolicy exploring = new ExploringPolicy(4, 1.2, 2, 4);

        // Balanced: [10,10] avg 10, [30,30] avg 30, [1,10,10] avg 7, [10,30,30] avg 23.3, [10,10,30,30] avg 20.
        assertThat(exploring.findMerge(afterFlush(81, "1 10 10 30 30"))).contains(new MergeSpec(0, 2));
    }

    @Test
    void withMoreThanKComponentsAndNoBalancedWindowTheCheapestMinMergeWindowMerges() {
        ExploringPolicy exploring = new ExploringPolicy(3, 1.2, 2, 3);

        assertThat(exploring.findMerge(afterFlush(85, "1 4 16 64"))).contains(new MergeSpec(0, 1));
    }

    @Test
    void windowsAreCappedAtK() {
        // D = 10 is capped at k = 4; equal averages prefer the longer window, then the newest.
        assertThat(new ExploringPolicy(4, 1.2, 3, 10).findMerge(afterFlush(5, "1 1 1 1 1")))
                .contains(new MergeSpec(0, 3));
    }

    @Test
    void aMergeCompletionOnlyActsAboveK() {
        assertThat(DEFAULTS.findMerge(afterMerge(3, "1 1 1"))).isEmpty();
        assertThat(new ExploringPolicy(3, 1.2, 3, 10).findMerge(afterMerge(5, "1 1 1 1 1")))
                .contains(new MergeSpec(0, 2));
    }

    @Test
    void windowsTouchingARunningMergeAreSkipped() {
        assertThat(DEFAULTS.findMerge(afterFlush(6, "1 1* 1* 1 1 1"))).contains(new MergeSpec(3, 5));
        assertThat(DEFAULTS.findMerge(afterFlush(6, "1 1 1* 1* 1 1"))).isEmpty();
    }

    @Test
    void lagsOnlyWhileMergingWithMoreThanKPlusOneComponents() {
        ExploringPolicy exploring = new ExploringPolicy(3, 1.2, 2, 3);

        assertThat(exploring.isMergeLagging(afterFlush(9, "1 1 1 1 1"))).isFalse();
        assertThat(exploring.isMergeLagging(afterFlush(9, "1 1 1* 1*"))).isFalse();
        assertThat(exploring.isMergeLagging(afterFlush(9, "1 1 1 1* 1*"))).isTrue();
    }

    @Test
    void rejectsWindowBoundsThatCannotBeSatisfied() {
        assertThatIllegalArgumentException().isThrownBy(() -> new ExploringPolicy(10, 1.2, 5, 4));
        assertThatIllegalArgumentException().isThrownBy(() -> new ExploringPolicy(3, 1.2, 4, 10));
        assertThatIllegalArgumentException().isThrownBy(() -> new ExploringPolicy(10, 1.2, 1, 10));
    }
}

package org.spatiallsm.merge.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.merge.Stacks.afterFlush;
import static org.spatiallsm.merge.Stacks.afterMerge;
import static org.spatiallsm.merge.Stacks.stateAfter;
import static org.spatiallsm.merge.Stacks.uniformStates;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.MergeSpec;

class ConstantAllPolicyTest {

    @Test
    void k4MergesEverythingAtFlushes5_9And13() {
        List<List<Long>> states = uniformStates(new ConstantAllPolicy(4), 14);

        assertThat(stateAfter(states, 4)).containsExactly(1L, 1L, 1L, 1L);
        assertThat(stateAfter(states, 5)).containsExactly(5L);
        assertThat(stateAfter(states, 6)).containsExactly(1L, 5L);
        assertThat(stateAfter(states, 7)).containsExactly(1L, 1L, 5L);
        assertThat(stateAfter(states, 8)).containsExactly(1L, 1L, 1L, 5L);
        assertThat(stateAfter(states, 9)).containsExactly(9L);
        assertThat(stateAfter(states, 13)).containsExactly(13L);
        assertThat(stateAfter(states, 14)).containsExactly(1L, 13L);
    }

    @Test
    void waitsUntilNothingIsMergingThenMergesEverything() {
        ConstantAllPolicy constant = new ConstantAllPolicy(2);

        assertThat(constant.findMerge(afterFlush(9, "1 3 5"))).contains(new MergeSpec(0, 2));
        assertThat(constant.findMerge(afterFlush(9, "1 3* 5*"))).isEmpty();
        assertThat(constant.findMerge(afterMerge(9, "1 8"))).isEmpty();
        assertThat(constant.findMerge(afterMerge(10, "1 1 8"))).contains(new MergeSpec(0, 2));
    }

    @Test
    void lagsOnlyWhileMergingWithMoreThanKPlusOneComponents() {
        ConstantAllPolicy constant = new ConstantAllPolicy(2);

        assertThat(constant.isMergeLagging(afterFlush(9, "1 1 1 1"))).isFalse();
        assertThat(constant.isMergeLagging(afterFlush(9, "1 1* 1*"))).isFalse();
        assertThat(constant.isMergeLagging(afterFlush(9, "1 1 1* 1*"))).isTrue();
    }
}

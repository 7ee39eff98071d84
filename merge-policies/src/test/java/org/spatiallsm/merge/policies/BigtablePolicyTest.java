package org.spatiallsm.merge.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.merge.Stacks.afterFlush;
import static org.spatiallsm.merge.Stacks.afterMerge;
import static org.spatiallsm.merge.Stacks.uniformStates;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.MergeSpec;

class BigtablePolicyTest {

    @Test
    void k4StatePerFlush() {
        assertThat(uniformStates(new BigtablePolicy(4), 16)).containsExactly(
                List.of(1L), List.of(1L, 1L), List.of(1L, 1L, 1L), List.of(1L, 1L, 1L, 1L), List.of(5L),
                List.of(1L, 5L), List.of(1L, 1L, 5L), List.of(1L, 1L, 1L, 5L), List.of(4L, 5L),
                List.of(1L, 4L, 5L), List.of(1L, 1L, 4L, 5L), List.of(12L), List.of(1L, 12L),
                List.of(1L, 1L, 12L), List.of(1L, 1L, 1L, 12L), List.of(4L, 12L));
    }

    @Test
    void mergesUpToTheOldestComponentNotLargerThanAllNewerOnes() {
        BigtablePolicy bigtable = new BigtablePolicy(3);

        // 9 > 1+2+3, but 3 <= 1+2: the run reaches the 3.
        assertThat(bigtable.findMerge(afterFlush(7, "1 2 3 9"))).contains(new MergeSpec(0, 2));
        // Every component outweighs the newer ones: the two newest merge.
        assertThat(bigtable.findMerge(afterFlush(7, "1 2 4 8"))).contains(new MergeSpec(0, 1));
        // At most k components: just add the flush.
        assertThat(bigtable.findMerge(afterFlush(7, "1 1 1"))).isEmpty();
    }

    @Test
    void waitsForARunningMergeThatTheWantedRunOverlaps() {
        BigtablePolicy bigtable = new BigtablePolicy(3);

        assertThat(bigtable.findMerge(afterFlush(7, "1 2* 3* 9"))).isEmpty();
        assertThat(bigtable.findMerge(afterMerge(7, "1 5 9"))).isEmpty();
        // A running merge outside the wanted run does not matter.
        assertThat(bigtable.findMerge(afterFlush(7, "1 1 1 4* 12*"))).contains(new MergeSpec(0, 2));
    }

    @Test
    void lagsOnlyWhileMergingWithMoreThanKPlusOneComponents() {
        BigtablePolicy bigtable = new BigtablePolicy(3);

        assertThat(bigtable.isMergeLagging(afterFlush(7, "1 1 1 1 1"))).isFalse();
        assertThat(bigtable.isMergeLagging(afterFlush(7, "1 1 1* 1*"))).isFalse();
        assertThat(bigtable.isMergeLagging(afterFlush(7, "1 1 1 1* 1*"))).isTrue();
    }
}

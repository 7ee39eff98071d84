package org.spatiallsm.merge.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.merge.Stacks.afterFlush;
import static org.spatiallsm.merge.Stacks.afterMerge;
import static org.spatiallsm.merge.Stacks.stateAfter;
import static org.spatiallsm.merge.Stacks.uniformStates;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.simulation.Simulator;

class TieredPolicyTest {

    @Test
    void fanOut4MatchesTable41() {
        List<List<Long>> states = uniformStates(new TieredPolicy(4, 1.2), 60);

        assertThat(stateAfter(states, 20)).containsExactly(4L, 16L);
        assertThat(stateAfter(states, 40)).containsExactly(4L, 4L, 16L, 16L);
        assertThat(stateAfter(states, 60)).containsExactly(4L, 4L, 4L, 16L, 16L, 16L);
    }

    @Test
    void fanOut2StatePerFlushWithCascadesAt4_8_12And16() {
        assertThat(uniformStates(new TieredPolicy(2, 1.2), 16)).containsExactly(
                List.of(1L), List.of(2L), List.of(1L, 2L), List.of(4L), List.of(1L, 4L), List.of(2L, 4L),
                List.of(1L, 2L, 4L), List.of(8L), List.of(1L, 8L), List.of(2L, 8L), List.of(1L, 2L, 8L),
                List.of(4L, 8L), List.of(1L, 4L, 8L), List.of(2L, 4L, 8L), List.of(1L, 2L, 4L, 8L), List.of(16L));
    }

    @Test
    void aCascadeTakesOneMergePerCall() {
        TieredPolicy tiered = new TieredPolicy(2, 1.2);

        assertThat(tiered.findMerge(afterFlush(4, "1 1 2"))).contains(new MergeSpec(0, 1));
        assertThat(tiered.findMerge(afterMerge(4, "2 2"))).contains(new MergeSpec(0, 1));
        assertThat(tiered.findMerge(afterMerge(4, "4"))).isEmpty();
    }

    @Test
    void theHighestFullTierMergesFirst() {
        assertThat(new TieredPolicy(2, 1.2).findMerge(afterFlush(6, "1 1 2 2"))).contains(new MergeSpec(2, 3));
    }

    @Test
    void aLargerComponentInBetweenKeepsTierMembersApart() {
        // The newest 1 is separated from the older 1s by an 8 (tier 4), so only the older ones can merge.
        assertThat(new TieredPolicy(2, 1.2).findMerge(afterFlush(12, "1 8 1 1"))).contains(new MergeSpec(2, 3));
    }

    @Test
    void smallerComponentsBetweenTierMembersRideAlong() {
        // 5 bytes over 6 flushes: unit exactly 1, so 2 is tier 2 and 1 is tier 1. The two 2s are due; the 1
        // between them must merge with them (merges take consecutive components), the newer 1 need not.
        TieredPolicy tiered = new TieredPolicy(2, 1.2);

        assertThat(tiered.findMerge(afterFlush(6, "2 1 2"))).contains(new MergeSpec(0, 2));
        assertThat(tiered.findMerge(afterFlush(6, "1 2 2"))).contains(new MergeSpec(1, 2));
    }

    @ParameterizedTest(name = "B={0}")
    @ValueSource(ints = { 2, 4 })
    void varyingFlushSizesDoNotLetComponentsPileUp(int fanOut) {
        Simulator simulator = new Simulator(new TieredPolicy(fanOut, 1.2));
        Random random = new Random(fanOut);

        for (int t = 1; t <= 5_000; t++) {
            int count = simulator.flush(500 + random.nextInt(1_000)).componentCount();
            int digits = Long.toString(t, fanOut).length();
            assertThat(count).as("after flush %d", t).isLessThanOrEqualTo(2 * (fanOut - 1) * digits);
        }
    }

    @Test
    void mergesTheLargestNumberOfNewestMembersThatFitsTheTierCapacity() {
        // unit 1.2: tier-1 capacity 2.4 admits two of the three 1s.
        assertThat(new TieredPolicy(2, 1.2).findMerge(afterFlush(3, "1 1 1"))).contains(new MergeSpec(0, 1));
        // unit 2: capacity 4 admits all four.
        assertThat(new TieredPolicy(2, 2.0).findMerge(afterFlush(4, "1 1 1 1"))).contains(new MergeSpec(0, 3));
    }

    @Test
    void tierBoundariesAreExact() {
        // 10 bytes over 12 flushes with high-bucket 1.2: unit is exactly 1, so each 4 is exactly 4 units (tier 3)
        // and the two of them exactly fill tier 3's capacity 1 × 2^3.
        assertThat(new TieredPolicy(2, 1.2).findMerge(afterFlush(12, "4 4 2"))).contains(new MergeSpec(0, 1));
        assertThat(new TieredPolicy(2, 1.2).findMerge(afterFlush(12, "5 3 2"))).isEmpty();
    }

    @Test
    void runningMergesSplitRunsAndAreNeverChosen() {
        TieredPolicy tiered = new TieredPolicy(2, 1.2);

        assertThat(tiered.findMerge(afterFlush(5, "1 1* 1* 1 1"))).contains(new MergeSpec(3, 4));
        assertThat(tiered.findMerge(afterFlush(3, "1 1* 1*"))).isEmpty();
    }

    @Test
    void nothingToDecideWithoutFlushesOrData() {
        assertThat(new TieredPolicy(2, 1.2).findMerge(afterMerge(0, "3 3"))).isEmpty();
        assertThat(new TieredPolicy(2, 1.2).findMerge(afterFlush(2, "0 0"))).isEmpty();
    }

    @Test
    void lagsWhileMergingWithMoreComponentsThanUniformTieringKeepsPlusOne() {
        TieredPolicy tiered = new TieredPolicy(4, 1.2);
        // 60 has three base-4 digits: at most 3 × 3 = 9 components, 10 with the tolerance.
        String tenComponents = "1 1* 1* 1* 1* 4 4 4 16 16";

        assertThat(tiered.isMergeLagging(afterFlush(60, tenComponents))).isFalse();
        assertThat(tiered.isMergeLagging(afterFlush(60, "1 " + tenComponents))).isTrue();
        assertThat(tiered.isMergeLagging(afterFlush(60, "1 1 1 1 1 1 1 1 1 1 1"))).isFalse();
    }
}

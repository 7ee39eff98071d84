package org.spatiallsm.merge.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.merge.simulation.EngineEvents.flush;
import static org.spatiallsm.merge.simulation.EngineEvents.flushed;
import static org.spatiallsm.merge.simulation.EngineEvents.flushes;
import static org.spatiallsm.merge.simulation.EngineEvents.merge;
import static org.spatiallsm.merge.simulation.EngineEvents.merged;
import static org.spatiallsm.merge.simulation.EngineEvents.merging;
import static org.spatiallsm.merge.simulation.EngineEvents.scheduled;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.policies.BigtablePolicy;
import org.spatiallsm.merge.policies.ConstantAllPolicy;
import org.spatiallsm.merge.simulation.DecisionReplay.Decision;
import org.spatiallsm.merge.simulation.DecisionReplay.FlushReplay;

class DecisionReplayTest {

    private static final MergePolicy CONSTANT_ALL_2 = new ConstantAllPolicy(2);

    private static final EngineComponent ONE = flushed(1, 100);
    private static final EngineComponent TWO = flushed(2, 100);
    private static final EngineComponent THREE = flushed(3, 100);
    private static final EngineComponent FOUR = flushed(4, 100);
    private static final EngineComponent FIVE = flushed(5, 100);

    @Test
    void anEngineThatMergedWhatTheCoreDecidesReplaysTheSameEvenWhenAFlushLandsDuringTheMerge() {
        // Constant-all k = 2: flush 3 makes three components, all merged; flush 4 lands while that merge runs.
        EngineComponent oneToThree = merged(1, 3, 280);
        List<EngineEvent> events = List.of(flush(1, ONE, ONE), flush(2, TWO, TWO, ONE),
                flush(3, THREE, THREE, TWO, ONE), scheduled(3, THREE, TWO, ONE),
                flush(4, FOUR, FOUR, merging(THREE), merging(TWO), merging(ONE)),
                merge(4, List.of(THREE, TWO, ONE), oneToThree, FOUR, oneToThree));
        PartitionHistory history = new PartitionHistory(events);

        FlushReplay replay = DecisionReplay.replayFlushes(CONSTANT_ALL_2, history);
        List<Decision> decisions = DecisionReplay.decisionsAtEachEvent(CONSTANT_ALL_2, history);

        assertThat(replay.merges()).containsExactly(flushes(1, 3));
        assertThat(replay.stacks()).containsExactly(List.of(flushes(1, 1)), List.of(flushes(2, 2), flushes(1, 1)),
                List.of(flushes(1, 3)), List.of(flushes(4, 4), flushes(1, 3)));
        assertThat(DecisionReplay.makesTheEnginesMerges(CONSTANT_ALL_2, history)).isTrue();
        assertThat(DecisionReplay.difference(CONSTANT_ALL_2, history)).isEmpty();
        // No decision after the scheduling itself; after flush 4 the core waits for the running merge.
        assertThat(decisions).extracting(Decision::after).containsExactly(events.get(0), events.get(1),
                events.get(2), events.get(4), events.get(5));
        List<FlushRange> all = List.of(flushes(3, 3), flushes(2, 2), flushes(1, 1));
        assertThat(decisions).extracting(Decision::core).containsExactly(Optional.empty(), Optional.empty(),
                Optional.of(all), Optional.empty(), Optional.empty());
        assertThat(decisions).extracting(Decision::engine).containsExactly(Optional.empty(), Optional.empty(),
                Optional.of(all), Optional.empty(), Optional.empty());
        assertThat(decisions).allMatch(Decision::agrees);
    }

    @Test
    void anEngineThatMergedOtherComponentsDiffers() {
        // Constant-all k = 2 merges all three components after flush 3; this engine merged only the two newest.
        EngineComponent twoToThree = merged(2, 3, 190);
        List<EngineEvent> events = List.of(flush(1, ONE, ONE), flush(2, TWO, TWO, ONE),
                flush(3, THREE, THREE, TWO, ONE), scheduled(3, THREE, TWO),
                merge(3, List.of(THREE, TWO), twoToThree, twoToThree, ONE));
        PartitionHistory history = new PartitionHistory(events);

        List<Decision> decisions = DecisionReplay.decisionsAtEachEvent(CONSTANT_ALL_2, history);

        assertThat(DecisionReplay.replayFlushes(CONSTANT_ALL_2, history).merges()).containsExactly(flushes(1, 3));
        assertThat(history.mergedRanges()).containsExactly(flushes(2, 3));
        assertThat(DecisionReplay.makesTheEnginesMerges(CONSTANT_ALL_2, history)).isFalse();
        assertThat(decisions).filteredOn(d -> !d.agrees()).singleElement().satisfies(d -> {
            assertThat(d.after()).isEqualTo(events.get(2));
            assertThat(d.core()).contains(List.of(flushes(3, 3), flushes(2, 2), flushes(1, 1)));
            assertThat(d.engine()).contains(List.of(flushes(3, 3), flushes(2, 2)));
        });
        assertThat(DecisionReplay.difference(CONSTANT_ALL_2, history))
                .contains("engine and core differ after flush 3: the core merges [3, 2, 1], the engine [3, 2]");
    }

    @Test
    void anEngineThatDidNotMergeDiffers() {
        List<EngineEvent> events = List.of(flush(1, ONE, ONE), flush(2, TWO, TWO, ONE),
                flush(3, THREE, THREE, TWO, ONE));
        PartitionHistory history = new PartitionHistory(events);

        assertThat(DecisionReplay.makesTheEnginesMerges(CONSTANT_ALL_2, history)).isFalse();
        assertThat(DecisionReplay.decisionsAtEachEvent(CONSTANT_ALL_2, history)).extracting(Decision::agrees)
                .containsExactly(true, true, false);
        assertThat(DecisionReplay.difference(CONSTANT_ALL_2, history))
                .contains("engine and core differ after flush 3: the core merges [3, 2, 1], the engine nothing");
    }

    @Test
    void theEnginesMergedSizesDecideWhereTheStudiesModelWouldNot() {
        // Bigtable k = 2 merges the oldest component with everything newer if it is not larger than all newer ones
        // together. After flush 5 the stack is [100, 100, merge of 1-3]: the engine's 190 bytes are not larger than
        // 200, so it merges all; the studies' 300 bytes would be, and only flushes 4 and 5 would merge.
        MergePolicy bigtable = new BigtablePolicy(2);
        EngineComponent oneToThree = merged(1, 3, 190);
        EngineComponent oneToFive = merged(1, 5, 380);
        PartitionHistory history = new PartitionHistory(List.of(flush(1, ONE, ONE), flush(2, TWO, TWO, ONE),
                flush(3, THREE, THREE, TWO, ONE), scheduled(3, THREE, TWO, ONE),
                merge(3, List.of(THREE, TWO, ONE), oneToThree, oneToThree), flush(4, FOUR, FOUR, oneToThree),
                flush(5, FIVE, FIVE, FOUR, oneToThree), scheduled(5, FIVE, FOUR, oneToThree),
                merge(5, List.of(FIVE, FOUR, oneToThree), oneToFive, oneToFive)));

        FlushReplay withEngineSizes = DecisionReplay.replayFlushes(bigtable, history);
        FlushReplay withSums = DecisionReplay.replayFlushes(bigtable, history.flushSizes(),
                MergedSize.SUM_OF_INPUTS);

        assertThat(withEngineSizes.merges()).containsExactly(flushes(1, 3), flushes(1, 5));
        assertThat(withEngineSizes.stacks().get(4)).containsExactly(flushes(1, 5));
        assertThat(DecisionReplay.makesTheEnginesMerges(bigtable, history)).isTrue();
        assertThat(DecisionReplay.decisionsAtEachEvent(bigtable, history)).allMatch(Decision::agrees);
        assertThat(withSums.merges()).containsExactly(flushes(1, 3), flushes(4, 5));
        assertThat(withSums.stacks().get(4)).containsExactly(flushes(4, 5), flushes(1, 3));
    }
}

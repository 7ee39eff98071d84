package org.spatiallsm.merge.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;
import org.spatiallsm.merge.policies.BigtablePolicy;
import org.spatiallsm.merge.policies.BoundedDepth;
import org.spatiallsm.merge.policies.ConstantAllPolicy;
import org.spatiallsm.merge.policies.StaticSchedulePolicy;
import org.spatiallsm.merge.policies.TieredPolicy;

class SimulatorTest {

    private static final double EXACT = 1e-12;

    @Test
    void maxWritesPerRecordCountsWhatWCounts() {
        // Constant-all k=2 over flushes 1, 1, 1: flushes 1 and 2 are written by their flush and by the merge at
        // flush 3; flush 3's own component is consumed in its step, so the merge output is its one write.
        Simulator simulator = new Simulator(new ConstantAllPolicy(2));
        for (int t = 0; t < 3; t++) {
            simulator.flush(1);
        }

        assertThat(simulator.maxWritesPerRecord()).isEqualTo(2);
    }

    @ParameterizedTest(name = "k={0}")
    @CsvSource({ "4, 10", "10, 4" })
    void minLatencyReachesTheBoundedDepthOptimumWhenItsTreeIsComplete(int k, int optimum) {
        // 1,000 = C(14, 4) - 1 = C(14, 10) - 1: tau*(m, k) is complete, so its deepest record is written m times.
        Simulator simulator = new Simulator(StaticSchedulePolicy.minLatency(k));
        for (int t = 0; t < 1000; t++) {
            simulator.flush(1);
        }

        assertThat(BoundedDepth.optimalMaxWrites(1000, k)).isEqualTo(optimum);
        assertThat(simulator.maxWritesPerRecord()).isEqualTo(optimum);
    }

    @Test
    void aFlushMergedAtOnceCountsOnceInWButTwiceInTheLog() {
        // Constant-all k=2: [1], [1,1], then flush 3 merges all three into [3].
        // W = (1 + 1 + 3) / 3; the log saw 3 flushed bytes plus a 3-byte merge output.
        List<SimulationStep> steps = new ArrayList<>();
        SimulationSummary summary = Simulator.run(new ConstantAllPolicy(2), new long[] { 1, 1, 1 }, steps::add);

        assertThat(steps).extracting(SimulationStep::runsNewestFirst)
                .containsExactly(List.of(1L), List.of(1L, 1L), List.of(3L));
        assertThat(summary.writeAmplification()).isCloseTo(5.0 / 3, within(EXACT));
        assertThat(summary.writeAmplificationLogged()).isCloseTo(2.0, within(EXACT));
        assertThat(summary.readAmplification()).isCloseTo(4.0 / 3, within(EXACT));
        assertThat(summary.maxReadAmplification()).isEqualTo(2);
        assertThat(summary.transientSpaceAmplification()).isCloseTo(2.0, within(EXACT));
        assertThat(summary).extracting(SimulationSummary::merges, SimulationSummary::bytesFlushed,
                SimulationSummary::bytesWrittenByMerges, SimulationSummary::bytesWritten)
                .containsExactly(1L, 3L, 3L, 6L);
        // Per step: nothing merged until flush 3, whose merge holds its inputs and output, 6 of 3 flushed; the
        // records of flushes 1 and 2 were written twice, counted as W counts (flush 3's merged at once: once).
        assertThat(steps).extracting(SimulationStep::transientSpaceOfFlush).containsExactly(1.0, 1.0, 2.0);
        assertThat(steps).extracting(SimulationStep::transientSpace).containsExactly(1.0, 1.0, 2.0);
        assertThat(steps).extracting(SimulationStep::maxWritesPerRecord).containsExactly(1, 1, 2);
    }

    @Test
    void intermediateCascadeOutputsCountOnlyInTheLog() {
        // Tiered B=2: flush 2 merges [1,1] -> [2]; flush 4 merges [1,1] -> [2] and then [2,2] -> [4].
        // W = (1 + 2 + 1 + 4) / 4 = 2; W_logged = (4 + 2 + 2 + 4) / 4 = 3.
        List<SimulationStep> steps = new ArrayList<>();
        SimulationSummary summary = Simulator.run(new TieredPolicy(2, 1.2), new long[] { 1, 1, 1, 1 }, steps::add);

        assertThat(steps).extracting(SimulationStep::writeAmplification)
                .containsExactly(1.0, 1.5, 4.0 / 3, 2.0);
        assertThat(steps).extracting(SimulationStep::writeAmplificationLogged)
                .containsExactly(1.0, 2.0, 5.0 / 3, 3.0);
        assertThat(steps).extracting(SimulationStep::readAmplification)
                .containsExactly(1.0, 1.0, 4.0 / 3, 5.0 / 4);
        assertThat(summary.merges()).isEqualTo(3);
        assertThat(summary.writeAmplification()).isEqualTo(2.0);
        assertThat(summary.writeAmplificationLogged()).isEqualTo(3.0);
        // The largest merge of flush 4's cascade (output 4, all 4 bytes) doubles the space.
        assertThat(summary.transientSpaceAmplification()).isEqualTo(2.0);
    }

    @Test
    void unequalFlushSizesAreWeightedByBytes() {
        // Bigtable k=2: [100], [1,100], then [1,1,100] merges the two 1s (100 outweighs them) into [2,100].
        SimulationSummary summary = Simulator.run(new BigtablePolicy(2), new long[] { 100, 1, 1 }, step -> { });

        assertThat(summary.writeAmplification()).isCloseTo(103.0 / 102, within(EXACT));
        assertThat(summary.writeAmplificationLogged()).isCloseTo(104.0 / 102, within(EXACT));
        assertThat(summary.transientSpaceAmplification()).isCloseTo(104.0 / 102, within(EXACT));
    }

    @Test
    void componentsKnowTheFlushesTheyHold() {
        // Tiered B=2 as above: after flush 3 the stack is [3, 1-2], after flush 4 the cascade leaves [1-4].
        List<SimulationStep> steps = new ArrayList<>();
        Simulator.run(new TieredPolicy(2, 1.2), new long[] { 1, 1, 1, 1 }, steps::add);

        assertThat(steps.get(2).components()).containsExactly(new SimulatedComponent(3, 3, 1),
                new SimulatedComponent(1, 2, 2));
        assertThat(steps.get(3).components()).containsExactly(new SimulatedComponent(1, 4, 4));
    }

    @Test
    void aFixedOverheadPerComponentIsWrittenOncePerMerge() {
        // Constant-all k=2, flushes of 10 bytes, 2 of them fixed cost: merging three writes 30 - 2 x 2 = 26.
        SimulationSummary summary = Simulator.run(new ConstantAllPolicy(2), MergedSize.fixedOverheadPerComponent(2),
                new long[] { 10, 10, 10 }, step -> { });

        assertThat(summary.bytesWrittenByMerges()).isEqualTo(26);
        assertThat(summary.writeAmplificationLogged()).isCloseTo(56.0 / 30, within(EXACT));
        assertThat(summary.writeAmplification()).isCloseTo((10 + 10 + 26) / 30.0, within(EXACT));
        // Built beside its inputs: 30 stored + 26 being written.
        assertThat(summary.transientSpaceAmplification()).isCloseTo(56.0 / 30, within(EXACT));
    }

    @Test
    void theMergedSizeModelCanChangeASizeBasedDecision() {
        // Bigtable k=2. Summed: [10,10,10] -> [30]; [10,30]; [10,10,30]: 30 outweighs 20, only the two 10s merge.
        // Overhead 6: [10,10,10] -> [18]; [10,18]; [10,10,18]: 18 does not outweigh 20, everything merges.
        long[] flushes = { 10, 10, 10, 10, 10 };
        List<SimulationStep> summed = new ArrayList<>();
        List<SimulationStep> withOverhead = new ArrayList<>();
        Simulator.run(new BigtablePolicy(2), flushes, summed::add);
        Simulator.run(new BigtablePolicy(2), MergedSize.fixedOverheadPerComponent(6), flushes, withOverhead::add);

        assertThat(summed.get(4).runsNewestFirst()).containsExactly(20L, 30L);
        assertThat(withOverhead.get(4).runsNewestFirst()).containsExactly(26L);
    }

    @Test
    void theMergedSizeModelSeesTheInputsAndTheirFlushes() {
        List<List<SimulatedComponent>> asked = new ArrayList<>();
        MergedSize recordingSum = inputs -> {
            asked.add(inputs);
            return MergedSize.SUM_OF_INPUTS.bytes(inputs);
        };
        Simulator.run(new ConstantAllPolicy(2), recordingSum, new long[] { 1, 2, 3 }, step -> { });

        assertThat(asked).containsExactly(List.of(new SimulatedComponent(3, 3, 3), new SimulatedComponent(2, 2, 2),
                new SimulatedComponent(1, 1, 1)));
    }

    @Test
    void measuredSizesReplaceTheSumWhereKnown() {
        // Constant-all k=2 over flushes of 10: flushes 1-3 merge into the measured 25; flushes 1-5 were never
        // measured, so that merge (10 + 10 + 25) is summed.
        MergedSize measured = MergedSize.measuredOrSum(
                (first, last) -> first == 1 && last == 3 ? OptionalLong.of(25) : OptionalLong.empty());
        List<SimulationStep> steps = new ArrayList<>();
        Simulator.run(new ConstantAllPolicy(2), measured, new long[] { 10, 10, 10, 10, 10 }, steps::add);

        assertThat(steps.get(2).components()).containsExactly(new SimulatedComponent(1, 3, 25));
        assertThat(steps.get(4).components()).containsExactly(new SimulatedComponent(1, 5, 45));
    }

    @Test
    void aFixedOverheadNeverShrinksAMergeBelowItsLargestInput() {
        List<SimulatedComponent> inputs = List.of(new SimulatedComponent(2, 2, 3), new SimulatedComponent(1, 1, 50));

        assertThat(MergedSize.fixedOverheadPerComponent(2).bytes(inputs)).isEqualTo(51);
        assertThat(MergedSize.fixedOverheadPerComponent(10).bytes(inputs)).isEqualTo(50);
        assertThat(MergedSize.fixedOverheadPerComponent(0).bytes(inputs)).isEqualTo(53);
        assertThatIllegalArgumentException().isThrownBy(() -> MergedSize.fixedOverheadPerComponent(-1));
    }

    @Test
    void withoutMergesEverythingIsOne() {
        SimulationSummary summary = Simulator.run(new ConstantAllPolicy(10), new long[] { 5, 7 }, step -> { });

        assertThat(summary).extracting(SimulationSummary::writeAmplification,
                SimulationSummary::writeAmplificationLogged, SimulationSummary::transientSpaceAmplification)
                .containsExactly(1.0, 1.0, 1.0);
        assertThat(summary.readAmplification()).isEqualTo(1.5);
    }

    @Test
    void rejectsEmptyFlushesAndSummariesOfNothing() {
        Simulator simulator = new Simulator(new ConstantAllPolicy(2));

        assertThatIllegalArgumentException().isThrownBy(() -> simulator.flush(0));
        assertThatIllegalStateException().isThrownBy(simulator::summary);
    }

    @Test
    void rejectsAPolicyThatNamesComponentsThatDoNotExist() {
        MergePolicy broken = new MergePolicy() {
            @Override
            public Optional<MergeSpec> findMerge(StackView stack) {
                return Optional.of(new MergeSpec(0, stack.size()));
            }

            @Override
            public boolean isMergeLagging(StackView stack) {
                return false;
            }
        };

        assertThatIllegalStateException().isThrownBy(() -> new Simulator(broken).flush(1))
                .withMessageContaining("of only 1 components at flush 1");
    }
}

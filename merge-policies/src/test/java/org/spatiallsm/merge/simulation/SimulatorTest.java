package org.spatiallsm.merge.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;
import org.spatiallsm.merge.policies.BigtablePolicy;
import org.spatiallsm.merge.policies.ConstantAllPolicy;
import org.spatiallsm.merge.policies.TieredPolicy;

class SimulatorTest {

    private static final double EXACT = 1e-12;

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

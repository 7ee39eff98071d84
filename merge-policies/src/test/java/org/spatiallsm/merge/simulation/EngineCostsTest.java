package org.spatiallsm.merge.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.spatiallsm.merge.simulation.EngineEvents.flush;
import static org.spatiallsm.merge.simulation.EngineEvents.flushed;
import static org.spatiallsm.merge.simulation.EngineEvents.flushes;
import static org.spatiallsm.merge.simulation.EngineEvents.merge;
import static org.spatiallsm.merge.simulation.EngineEvents.merged;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.merge.policies.BoundedDepth;

class EngineCostsTest {

    @Test
    void aRecordIsWrittenByItsFlushAndByEveryMergeThatHoldsIt() {
        // Flush 1 is in outputs 1-2 and 1-4: three writes; flush 3 only in 1-4: two; flush 5 only its flush.
        assertThat(EngineCosts.maxWritesPerRecord(5, List.of(flushes(1, 2), flushes(1, 4), flushes(3, 4))))
                .isEqualTo(3);
        assertThat(EngineCosts.maxWritesPerRecord(5, List.of())).isEqualTo(1);
        assertThat(EngineCosts.maxWritesPerRecord(0, List.of())).isZero();
        assertThatIllegalArgumentException().isThrownBy(() -> EngineCosts.maxWritesPerRecord(3, List.of(flushes(2,
                4)))).withMessage("merge output 2-4 holds flushes after the last, 3");
    }

    @Test
    void bytesAndTransientSpaceOfAHandMadeHistory() {
        // Flushes of 100 and 120, then a merge of both into 190: while it runs, 220 bytes of inputs plus 190 of
        // output are on disk, 410 / 220 flushed.
        EngineComponent one = flushed(1, 100);
        EngineComponent two = flushed(2, 120);
        EngineComponent both = merged(1, 2, 190);
        EngineComponent three = flushed(3, 110);
        PartitionHistory history = new PartitionHistory(List.of(flush(1, one, one), flush(2, two, two, one),
                merge(2, List.of(two, one), both, both), flush(3, three, three, both)));

        EngineCosts costs = EngineCosts.of(history, true);

        assertThat(costs).isEqualTo(new EngineCosts(3, 330, 190, 2, 410, 410.0 / 220));
        assertThat(costs.writeAmplification()).isEqualTo(520.0 / 330);
        assertThat(EngineCosts.of(history, false).maxWritesPerRecord()).isZero();
        // Before the merge, every flush step held exactly what was flushed.
        PartitionHistory flushesOnly = new PartitionHistory(List.of(flush(1, one, one), flush(2, two, two, one)));
        assertThat(EngineCosts.of(flushesOnly, true).transientSpace()).isEqualTo(1.0);
    }

    @Test
    void minLatencyReachesTheBoundedDepthOptimumAtAThousandFlushes() {
        // The simulator's merges of MinLatency k = 4 and 10 (its tree is complete at 1,000 flushes): the per-record
        // count equals the optimum d, 10 and 4.
        for (int k : new int[] { 4, 10 }) {
            PolicyParameters values = PolicyParameters.parse(MergePolicies.byName("min-latency"),
                    Map.of("k", Integer.toString(k)));
            MergePolicy core = values.descriptor().create(values);
            long[] flushSizes = new long[1000];
            Arrays.fill(flushSizes, 1);
            DecisionReplay.FlushReplay replay = DecisionReplay.replayFlushes(core, flushSizes,
                    MergedSize.SUM_OF_INPUTS);
            assertThat(EngineCosts.maxWritesPerRecord(1000, replay.merges())).as("k = %d", k)
                    .isEqualTo(BoundedDepth.optimalMaxWrites(1000, k));
        }
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.PartitionHistories;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.merge.simulation.DecisionReplay;
import org.spatiallsm.merge.simulation.FlushRange;
import org.spatiallsm.merge.simulation.MergedSize;
import org.spatiallsm.merge.simulation.PartitionHistory;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The stacks an engine's index partitions held after each flush (once its merges completed), and the check that
 * they are what the simulator predicts for the flush sizes the engine wrote.
 */
final class EngineSchedule {

    private final MergePolicy core;
    /** The index whose partitions are recorded; null for every index of the dataset. */
    private final String index;
    private final Map<IndexPartition, List<List<FlushRange>>> stacks = new LinkedHashMap<>();

    EngineSchedule(String policy, String parametersJson) throws JsonProcessingException {
        this(policy, parametersJson, null);
    }

    /** Records only the partitions of {@code index}, which runs {@code policy}. */
    EngineSchedule(String policy, String parametersJson, String index) throws JsonProcessingException {
        this.core = core(policy, parametersJson);
        this.index = index;
    }

    /** The policy's decision core, as the engine and the simulator run it. */
    static MergePolicy core(String policy, String parametersJson) throws JsonProcessingException {
        PolicyDescriptor descriptor = MergePolicies.byName(policy);
        Map<String, String> values = new LinkedHashMap<>();
        new ObjectMapper().readTree(parametersJson).fields()
                .forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
        return descriptor.create(PolicyParameters.parse(descriptor, values));
    }

    /** Records the stacks after flush t; every partition must have seen exactly t flushes. */
    void recordFlush(long t, List<IndexComponents> settled) {
        for (IndexComponents partition : settled) {
            if (index != null && !index.equals(partition.where().index())) {
                continue;
            }
            assertThat(partition.flushCount()).as("flush count of %s", partition.where()).isEqualTo(t);
            long base = partition.components().get(partition.components().size() - 1).firstSequence();
            stacks.computeIfAbsent(partition.where(), p -> new ArrayList<>()).add(partition.components().stream()
                    .map(c -> FlushRange.ofSequences(c.firstSequence(), c.lastSequence(), base)).toList());
        }
    }

    /**
     * Compares every partition's stacks with the simulator fed that partition's flush sizes (from the flush events),
     * merged sizes taken from the engine; with {@code mergedSizesMatter} false the decisions cannot depend on merged
     * sizes, and the simulator with the studies' model (merged size = sum of the inputs) must agree too.
     * AsterixDB's merged components are smaller than that sum (each component carries fixed overhead), so
     * size-based policies compare different numbers under the studies' model; given the engine's own sizes they
     * must decide exactly as the engine did.
     */
    void assertFollowsSimulator(List<LsmEvent> events, boolean mergedSizesMatter) {
        assertThat(stacks).as("index partitions").hasSize(2);
        stacks.forEach((partition, engineStacks) -> {
            PartitionHistory history = PartitionHistories.of(
                    events.stream().filter(e -> e.where().equals(partition)).toList());
            long[] flushSizes = history.flushSizes();
            assertThat(flushSizes).as("flush events of %s", partition).hasSize(engineStacks.size());
            assertThat(engineStacks).as("%s after each flush: engine vs simulator with the engine's merged sizes",
                    partition).isEqualTo(DecisionReplay.replayFlushes(core, history).stacks());
            if (!mergedSizesMatter) {
                assertThat(engineStacks).as("%s after each flush: engine vs simulator", partition).isEqualTo(
                        DecisionReplay.replayFlushes(core, flushSizes, MergedSize.SUM_OF_INPUTS).stacks());
            }
        });
    }
}

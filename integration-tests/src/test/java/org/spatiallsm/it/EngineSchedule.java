package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;

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
    private final Map<IndexPartition, List<List<FlushInterval>>> stacks = new LinkedHashMap<>();

    EngineSchedule(String policy, String parametersJson) throws JsonProcessingException {
        this(policy, parametersJson, null);
    }

    /** Records only the partitions of {@code index}, which runs {@code policy}. */
    EngineSchedule(String policy, String parametersJson, String index) throws JsonProcessingException {
        PolicyDescriptor descriptor = MergePolicies.byName(policy);
        Map<String, String> values = new LinkedHashMap<>();
        new ObjectMapper().readTree(parametersJson).fields()
                .forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
        this.core = descriptor.create(PolicyParameters.parse(descriptor, values));
        this.index = index;
    }

    /** Records the stacks after flush t; every partition must have seen exactly t flushes. */
    void recordFlush(long t, List<IndexComponents> settled) {
        for (IndexComponents partition : settled) {
            if (index != null && !index.equals(partition.where().index())) {
                continue;
            }
            assertThat(partition.flushCount()).as("flush count of %s", partition.where()).isEqualTo(t);
            long base = partition.components().get(partition.components().size() - 1).firstSequence();
            stacks.computeIfAbsent(partition.where(), p -> new ArrayList<>())
                    .add(partition.components().stream().map(c -> FlushInterval.of(c, base)).toList());
        }
    }

    /**
     * Compares every partition's stacks with the simulator fed that partition's flush sizes (from the flush events),
     * merged sizes taken from the engine; with {@code mergedSizesMatter} false the decisions cannot depend on merged
     * sizes, and the unmodified simulator must agree too.
     */
    void assertFollowsSimulator(List<LsmEvent> events, boolean mergedSizesMatter) {
        assertThat(stacks).as("index partitions").hasSize(2);
        stacks.forEach((partition, engineStacks) -> {
            List<LsmEvent> partitionEvents = events.stream().filter(e -> e.where().equals(partition)).toList();
            long[] flushSizes = partitionEvents.stream().filter(LsmEvent::isFlush).mapToLong(LsmEvent::bytesWritten)
                    .toArray();
            assertThat(flushSizes).as("flush events of %s", partition).hasSize(engineStacks.size());
            assertThat(engineStacks).as("%s after each flush: engine vs simulator with the engine's merged sizes",
                    partition).isEqualTo(ScheduleReplay.withEngineMergeSizes(core, flushSizes, partitionEvents));
            if (!mergedSizesMatter) {
                assertThat(engineStacks).as("%s after each flush: engine vs simulator", partition)
                        .isEqualTo(ScheduleReplay.simulator(core, flushSizes));
            }
        });
    }

    /** The policy's decision core, as the engine and the simulator run it. */
    MergePolicy core() {
        return core;
    }
}

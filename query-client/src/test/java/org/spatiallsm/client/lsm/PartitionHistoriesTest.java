package org.spatiallsm.client.lsm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.simulation.EngineComponent;
import org.spatiallsm.merge.simulation.EngineEvent;
import org.spatiallsm.merge.simulation.FlushRange;
import org.spatiallsm.merge.simulation.PartitionHistory;

class PartitionHistoriesTest {

    private static final IndexPartition RTREE = new IndexPartition("Tour", "CheckIns", "locationIndex", 0);
    private static final IndexPartition OTHER = new IndexPartition("Tour", "CheckIns", "locationIndex", 1);

    @Test
    void groupsThePartitionsInOrderAndKeepsEveryFieldTheAnalysisReads() {
        // A secondary index created with its dataset: its first flush has sequence 1, so flush 1 is sequence 1.
        DiskComponent first = component(1, 1, 100, false);
        DiskComponent second = component(2, 2, 120, false);
        DiskComponent merged = component(1, 2, 190, false);
        List<LsmEvent> events = List.of(
                event(LsmEvent.FLUSH, OTHER, 1, Optional.of(second), List.of(), List.of(second)),
                event(LsmEvent.FLUSH, RTREE, 1, Optional.of(first), List.of(), List.of(first)),
                event(LsmEvent.FLUSH, RTREE, 2, Optional.of(second), List.of(), List.of(second, first)),
                event(LsmEvent.MERGE_SCHEDULED, RTREE, 2, Optional.empty(),
                        List.of(component(2, 2, 120, true), component(1, 1, 100, true)), List.of()),
                event("checkpoint", RTREE, 2, Optional.empty(), List.of(), List.of()),
                event(LsmEvent.MERGE, RTREE, 2, Optional.of(merged), List.of(second, first), List.of(merged)));

        Map<IndexPartition, PartitionHistory> histories = PartitionHistories.byPartition(events);
        PartitionHistory rtree = histories.get(RTREE);

        assertThat(histories.keySet()).containsExactly(OTHER, RTREE);
        assertThat(rtree.flushSizes()).containsExactly(100, 120);
        assertThat(rtree.mergedRanges()).containsExactly(new FlushRange(1, 2));
        EngineComponent one = new EngineComponent(1, 1, 100, false);
        EngineComponent two = new EngineComponent(2, 2, 120, false);
        EngineComponent oneToTwo = new EngineComponent(1, 2, 190, false);
        assertThat(rtree.events()).containsExactly(
                new EngineEvent(EngineEvent.Type.FLUSH, 1, Optional.of(one), List.of(), 100, List.of(one)),
                new EngineEvent(EngineEvent.Type.FLUSH, 2, Optional.of(two), List.of(), 120, List.of(two, one)),
                new EngineEvent(EngineEvent.Type.MERGE, 2, Optional.of(oneToTwo), List.of(two, one), 190,
                        List.of(oneToTwo)));
        assertThat(PartitionHistories.engineEvent(events.get(3))).contains(new EngineEvent(
                EngineEvent.Type.MERGE_SCHEDULED, 2, Optional.empty(), List.of(new EngineComponent(2, 2, 120, true),
                        new EngineComponent(1, 1, 100, true)), 0, List.of()));
        assertThat(PartitionHistories.engineEvent(events.get(4))).as("an event type the analysis does not know")
                .isEmpty();
        assertThat(rtree.scheduledMergesNeverInstalled()).isEmpty();
    }

    private static DiskComponent component(long first, long last, long bytes, boolean merging) {
        return new DiskComponent(first, last, first, last, bytes, OptionalLong.empty(), merging);
    }

    private static LsmEvent event(String type, IndexPartition where, long t, Optional<DiskComponent> component,
            List<DiskComponent> inputs, List<DiskComponent> stack) {
        return new LsmEvent(type, "asterix_nc1", where, "2026-11-22T09:00:00Z", t, component,
                component.stream().toList(), OptionalInt.empty(), inputs,
                component.map(DiskComponent::bytes).orElse(0L), OptionalDouble.empty(), stack);
    }
}

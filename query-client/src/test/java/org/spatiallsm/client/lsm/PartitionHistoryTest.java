package org.spatiallsm.client.lsm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.lsm.PartitionHistory.FlushRange;

class PartitionHistoryTest {

    private static final IndexPartition RTREE = new IndexPartition("Tour", "CheckIns", "locationIndex", 0);
    private static final IndexPartition OTHER = new IndexPartition("Tour", "CheckIns", "locationIndex", 1);

    @Test
    void numbersFlushesFromTheIndexsFirstFlush() {
        // A secondary index created with its dataset: its first flush has sequence 1, so flush 1 is sequence 1.
        DiskComponent first = component(1, 1, 100);
        DiskComponent second = component(2, 2, 120);
        DiskComponent merged = component(1, 2, 190);
        List<LsmEvent> events = List.of(event(LsmEvent.FLUSH, RTREE, first), event(LsmEvent.FLUSH, OTHER, second),
                event(LsmEvent.MERGE_SCHEDULED, RTREE, merged), event(LsmEvent.FLUSH, RTREE, second),
                event(LsmEvent.MERGE, RTREE, merged));

        PartitionHistory history = PartitionHistory.byPartition(events).get(RTREE);

        assertThat(history.flushSizes()).containsExactly(100, 120);
        assertThat(history.events()).extracting(LsmEvent::type).containsExactly(LsmEvent.FLUSH, LsmEvent.FLUSH,
                LsmEvent.MERGE);
        assertThat(history.mergedBytes(1, 2)).isEqualTo(OptionalLong.of(190));
        assertThat(history.mergedBytes(2, 3)).isEmpty();
        assertThat(history.mergedRanges()).containsExactly(new FlushRange(1, 2));
        assertThat(PartitionHistory.byPartition(events)).containsOnlyKeys(RTREE, OTHER);
    }

    private static DiskComponent component(long first, long last, long bytes) {
        return new DiskComponent(first, last, first, last, bytes, OptionalLong.empty(), false);
    }

    private static LsmEvent event(String type, IndexPartition where, DiskComponent component) {
        return new LsmEvent(type, "asterix_nc1", where, "2026-11-22T09:00:00Z", component.lastSequence(),
                Optional.of(component), List.of(), component.bytes(), OptionalDouble.empty(), List.of(component));
    }
}

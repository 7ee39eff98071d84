package org.spatiallsm.merge.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.spatiallsm.merge.simulation.EngineEvents.flush;
import static org.spatiallsm.merge.simulation.EngineEvents.flushed;
import static org.spatiallsm.merge.simulation.EngineEvents.flushes;
import static org.spatiallsm.merge.simulation.EngineEvents.merge;
import static org.spatiallsm.merge.simulation.EngineEvents.merged;
import static org.spatiallsm.merge.simulation.EngineEvents.scheduled;

import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

class PartitionHistoryTest {

    @Test
    void numbersFlushesFromTheIndexsFirstFlush() {
        // A secondary index created with its dataset: its first flush has sequence 1, so flush 1 is sequence 1.
        EngineComponent first = new EngineComponent(1, 1, 100, false);
        EngineComponent second = new EngineComponent(2, 2, 120, false);
        EngineComponent output = new EngineComponent(1, 2, 190, false);
        List<EngineEvent> events = List.of(flush(1, first, first), flush(2, second, second, first),
                scheduled(2, second, first), merge(2, List.of(second, first), output, output));

        PartitionHistory history = new PartitionHistory(events);

        assertThat(history.flushSizes()).containsExactly(100, 120);
        assertThat(history.events()).extracting(EngineEvent::type).containsExactly(EngineEvent.Type.FLUSH,
                EngineEvent.Type.FLUSH, EngineEvent.Type.MERGE);
        assertThat(history.mergedBytes(1, 2)).isEqualTo(OptionalLong.of(190));
        assertThat(history.mergedBytes(2, 3)).isEmpty();
        assertThat(history.mergedRanges()).containsExactly(flushes(1, 2));
        assertThat(history.flushes(output)).isEqualTo(flushes(1, 2));
        assertThat(history.flushes(List.of(second, first))).containsExactly(flushes(2, 2), flushes(1, 1));
        assertThat(history.scheduledMergesNeverInstalled()).isEmpty();
    }

    @Test
    void aScheduledMergeIsInstalledOnlyByAMergeOfExactlyItsInputs() {
        EngineComponent one = flushed(1, 100);
        EngineComponent two = flushed(2, 100);
        EngineComponent three = flushed(3, 100);
        EngineEvent scheduledAll = scheduled(3, three, two, one);
        // The engine merged only the two newest: the merge it scheduled never completed.
        List<EngineEvent> events = List.of(flush(1, one, one), flush(2, two, two, one), flush(3, three, three, two,
                one), scheduledAll, merge(3, List.of(three, two), merged(2, 3, 190), merged(2, 3, 190), one));

        PartitionHistory history = new PartitionHistory(events);

        assertThat(history.scheduledMergesNeverInstalled()).containsExactly(scheduledAll);
        assertThat(history.mergedRanges()).containsExactly(flushes(2, 3));
    }

    @Test
    void withoutAFlushNothingCanBeNumbered() {
        PartitionHistory empty = new PartitionHistory(List.of());

        assertThat(empty.flushSizes()).isEmpty();
        assertThat(empty.mergedRanges()).isEmpty();
        assertThatIllegalStateException().isThrownBy(() -> empty.flushes(flushed(1, 100)))
                .withMessage("no flush in this partition's events: flushes cannot be numbered");
    }
}

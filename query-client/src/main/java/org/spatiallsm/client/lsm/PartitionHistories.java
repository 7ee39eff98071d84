package org.spatiallsm.client.lsm;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.spatiallsm.merge.simulation.EngineComponent;
import org.spatiallsm.merge.simulation.EngineEvent;
import org.spatiallsm.merge.simulation.PartitionHistory;

/**
 * The events as the pure input of the event analysis ({@link PartitionHistory}, beside the simulator in
 * merge-policies): this side only translates.
 */
public final class PartitionHistories {

    private PartitionHistories() {
    }

    /** One history per index partition, in the order the partitions first appear. */
    public static Map<IndexPartition, PartitionHistory> byPartition(List<LsmEvent> events) {
        return events.stream().collect(Collectors.groupingBy(LsmEvent::where, LinkedHashMap::new,
                Collectors.collectingAndThen(Collectors.toList(), PartitionHistories::of)));
    }

    /** @param partitionEvents one partition's events in the order they happened */
    public static PartitionHistory of(List<LsmEvent> partitionEvents) {
        return new PartitionHistory(partitionEvents.stream().flatMap(e -> engineEvent(e).stream()).toList());
    }

    /** Empty for an event type the analysis does not know: it says nothing about flushes and merges. */
    static Optional<EngineEvent> engineEvent(LsmEvent event) {
        EngineEvent.Type type = switch (event.type()) {
            case LsmEvent.FLUSH -> EngineEvent.Type.FLUSH;
            case LsmEvent.MERGE_SCHEDULED -> EngineEvent.Type.MERGE_SCHEDULED;
            case LsmEvent.MERGE -> EngineEvent.Type.MERGE;
            default -> null;
        };
        return Optional.ofNullable(type).map(known -> new EngineEvent(known, event.flushCount(),
                event.component().map(PartitionHistories::engineComponent), engineComponents(event.inputs()),
                event.bytesWritten(), engineComponents(event.stack())));
    }

    private static EngineComponent engineComponent(DiskComponent component) {
        return new EngineComponent(component.firstSequence(), component.lastSequence(), component.bytes(),
                component.merging());
    }

    private static List<EngineComponent> engineComponents(List<DiskComponent> components) {
        return components.stream().map(PartitionHistories::engineComponent).toList();
    }
}

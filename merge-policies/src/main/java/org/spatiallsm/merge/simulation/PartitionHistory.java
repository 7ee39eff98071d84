package org.spatiallsm.merge.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The flushes and merges of one index partition, as the engine's events tell them, numbered like a simulation:
 * flush 1 is the partition's first flush. A component's sequence numbers start at the first flush's (0 for a
 * primary index, 1 for a secondary index created with its dataset, whose creation spends sequence 0).
 */
public final class PartitionHistory {

    /** Every event, scheduled merges included, in order. */
    private final List<EngineEvent> allEvents;
    private final List<EngineEvent> flushesAndMerges;
    private final long[] flushSizes;
    /** The sequence of flush 1; empty before the first flush. */
    private final OptionalLong firstFlushSequence;
    /** Bytes of each merge output, by the flushes it holds. */
    private final Map<FlushRange, Long> mergeOutputs = new HashMap<>();

    /** @param partitionEvents one partition's events in the order they happened */
    public PartitionHistory(List<EngineEvent> partitionEvents) {
        this.allEvents = List.copyOf(partitionEvents);
        this.flushesAndMerges = allEvents.stream().filter(e -> e.isFlush() || e.isMerge()).toList();
        this.flushSizes = allEvents.stream().filter(EngineEvent::isFlush).mapToLong(EngineEvent::bytesWritten)
                .toArray();
        this.firstFlushSequence = allEvents.stream().filter(EngineEvent::isFlush).findFirst()
                .map(flush -> OptionalLong.of(flush.component().orElseThrow().firstSequence()))
                .orElse(OptionalLong.empty());
        if (firstFlushSequence.isPresent()) {
            for (EngineEvent merge : allEvents.stream().filter(EngineEvent::isMerge).toList()) {
                mergeOutputs.put(flushes(merge.component().orElseThrow()), merge.bytesWritten());
            }
        }
    }

    /** The flush and merge events, in order. */
    public List<EngineEvent> events() {
        return flushesAndMerges;
    }

    /** Every event, scheduled merges included, in order. */
    List<EngineEvent> allEvents() {
        return allEvents;
    }

    /** The size of every flush, flush 1 first. */
    public long[] flushSizes() {
        return flushSizes.clone();
    }

    /** The bytes of the merge output that held exactly flushes {@code first..last} (1-based), if the engine made it. */
    public OptionalLong mergedBytes(long first, long last) {
        Long bytes = mergeOutputs.get(new FlushRange(first, last));
        return bytes == null ? OptionalLong.empty() : OptionalLong.of(bytes);
    }

    /** The merges the engine made, by the flushes each output holds. */
    public Set<FlushRange> mergedRanges() {
        return Set.copyOf(mergeOutputs.keySet());
    }

    /** The flushes {@code component} holds. */
    public FlushRange flushes(EngineComponent component) {
        if (firstFlushSequence.isEmpty()) {
            throw new IllegalStateException("no flush in this partition's events: flushes cannot be numbered");
        }
        return FlushRange.ofSequences(component.firstSequence(), component.lastSequence(),
                firstFlushSequence.getAsLong());
    }

    /** The flushes each of {@code components} holds, in their order. */
    public List<FlushRange> flushes(List<EngineComponent> components) {
        return components.stream().map(this::flushes).toList();
    }

    /** The scheduled merges that no later merge event installed with exactly the scheduled inputs. */
    public List<EngineEvent> scheduledMergesNeverInstalled() {
        List<EngineEvent> missing = new ArrayList<>();
        for (int i = 0; i < allEvents.size(); i++) {
            EngineEvent scheduled = allEvents.get(i);
            if (scheduled.isMergeScheduled() && allEvents.subList(i + 1, allEvents.size()).stream()
                    .noneMatch(later -> later.isMerge()
                            && flushes(later.inputs()).equals(flushes(scheduled.inputs())))) {
                missing.add(scheduled);
            }
        }
        return missing;
    }
}

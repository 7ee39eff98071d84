package org.spatiallsm.client.lsm;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The flushes and merges of one index partition, as its LSM events tell them, numbered like a simulation: flush 1 is
 * the partition's first flush. A component's sequence numbers start at the first flush's (0 for a primary index, 1
 * for a secondary index created with its dataset, whose creation spends sequence 0).
 */
public final class PartitionHistory {

    private final List<LsmEvent> events;
    private final long[] flushSizes;
    /** Bytes of each merge output, by the flushes it holds. */
    private final Map<FlushRange, Long> mergeOutputs = new HashMap<>();

    /** @param partitionEvents one partition's events in the order they happened; only flushes and merges count */
    public PartitionHistory(List<LsmEvent> partitionEvents) {
        this.events = partitionEvents.stream().filter(e -> e.isFlush() || e.isMerge()).toList();
        this.flushSizes = events.stream().filter(LsmEvent::isFlush).mapToLong(LsmEvent::bytesWritten).toArray();
        if (flushSizes.length > 0) {
            long base = events.stream().filter(LsmEvent::isFlush).findFirst().orElseThrow().component()
                    .orElseThrow().firstSequence();
            for (LsmEvent merge : events.stream().filter(LsmEvent::isMerge).toList()) {
                DiskComponent output = merge.component().orElseThrow();
                mergeOutputs.put(new FlushRange(output.firstSequence() - base + 1, output.lastSequence() - base + 1),
                        merge.bytesWritten());
            }
        }
    }

    /** One history per index partition, in the order the partitions first appear. */
    public static Map<IndexPartition, PartitionHistory> byPartition(List<LsmEvent> events) {
        return events.stream().collect(Collectors.groupingBy(LsmEvent::where, LinkedHashMap::new,
                Collectors.collectingAndThen(Collectors.toList(), PartitionHistory::new)));
    }

    /** The flush and merge events, in order. */
    public List<LsmEvent> events() {
        return events;
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

    /** Flushes {@code first..last}, 1-based and inclusive. */
    public record FlushRange(long first, long last) {
    }
}

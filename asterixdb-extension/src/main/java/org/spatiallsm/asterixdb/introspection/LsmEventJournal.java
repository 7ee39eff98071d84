package org.spatiallsm.asterixdb.introspection;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import org.apache.asterix.common.context.BaseOperationTracker;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.spatiallsm.asterixdb.introspection.LsmEventFile.EventKey;
import org.spatiallsm.introspection.EventComponent;
import org.spatiallsm.introspection.FlushOrMerge;
import org.spatiallsm.introspection.MergeScheduled;

/**
 * Turns one index partition's successive disk-component stacks into flush and merge events. AsterixDB 0.9.8 tells a
 * merge policy neither what happened nor when an operation started, so the journal compares each stack with the
 * previous one: a new single-sequence component on top is a flush (or a bulk load), a new multi-sequence component
 * is a merge of the components it covers. A merge's duration runs from the moment the policy scheduled it to the
 * moment it was installed (queueing and pauses by the I/O scheduler included); a flush has no observable start.
 * Called under the index's operation-tracker lock; it never throws: an event it cannot build is counted as lost by
 * the log, which the {@code /spatial-lsm/events} answer reports.
 */
public final class LsmEventJournal {

    private final LsmEventLog log;
    private final String node;
    private IndexPartition where;
    /** The stack of the previous call, newest first; null before the first call. */
    private List<ComponentSnapshot> previous;
    /** System.nanoTime() of every scheduled merge, by the sequence range its inputs span. */
    private final Map<SequenceRange, Long> mergesScheduledAt = new HashMap<>();

    public LsmEventJournal(LsmEventLog log, String node) {
        this.log = log;
        this.node = node;
    }

    /**
     * After a flush, a bulk load or a merge: reports what changed since the previous call. Components are compared
     * by file, not by sequence range: a leveled merge writes K outputs, which may share a range with a sibling left
     * in place, and all outputs of one call form one merge event. A leveled move changes no file and is not an event.
     */
    public void stackChanged(ILSMIndex index, List<ILSMDiskComponent> components, long flushCount) {
        try {
            List<ComponentSnapshot> stack = snapshots(components);
            List<ComponentSnapshot> before = previous != null ? previous : assumedPrevious(stack);
            List<ComponentSnapshot> removed = notIn(before, stack);
            List<ComponentSnapshot> outputs = new ArrayList<>();
            OptionalInt outputLevel = OptionalInt.empty();
            for (int i = 0; i < stack.size(); i++) {
                ComponentSnapshot component = stack.get(i);
                if (before.stream().anyMatch(component::sameComponent)) {
                    continue;
                }
                boolean flush = component.firstSequence() == component.lastSequence()
                        && removed.stream().noneMatch(component::covers);
                if (flush) {
                    log.append(flushEvent(index, component, level(index, components.get(i)), stack, flushCount));
                } else {
                    // A leveled merge writes all its outputs into one level: the first one's is the merge's.
                    if (outputs.isEmpty()) {
                        outputLevel = level(index, components.get(i));
                    }
                    outputs.add(component);
                }
            }
            if (!outputs.isEmpty()) {
                log.append(mergeEvent(index, outputs, outputLevel, removed, stack, flushCount));
            }
            previous = stack;
        } catch (RuntimeException e) {
            log.notRecorded(key(index), e);
        }
    }

    /** The policy has just scheduled a merge of {@code inputs} (newest first). */
    public void mergeScheduled(ILSMIndex index, List<ILSMDiskComponent> components, long flushCount) {
        try {
            List<ComponentSnapshot> inputs = snapshots(components);
            SequenceRange output = SequenceRange.spanning(inputs);
            mergesScheduledAt.put(output, System.nanoTime());
            Header header = header(index, flushCount);
            log.append(new MergeScheduled(header.time, node, header.where.dataverse(), header.where.dataset(),
                    header.where.index(), header.where.partition(), header.datasetId, flushCount, events(inputs)));
        } catch (RuntimeException e) {
            log.notRecorded(key(index), e);
        }
    }

    private FlushOrMerge flushEvent(ILSMIndex index, ComponentSnapshot component, OptionalInt level,
            List<ComponentSnapshot> stack, long flushCount) {
        return event(header(index, flushCount), FlushOrMerge.FLUSH, component, null, level, component.sizeBytes(),
                null, null, stack);
    }

    /**
     * {@code outputs} newest first; {@code removed}: the components that left the stack since the previous call,
     * the merge's inputs (an index whose first call is a merge's has lost them already: none).
     */
    private FlushOrMerge mergeEvent(ILSMIndex index, List<ComponentSnapshot> outputs, OptionalInt level,
            List<ComponentSnapshot> removed, List<ComponentSnapshot> stack, long flushCount) {
        Header header = header(index, flushCount);
        Long scheduledAt = removed.isEmpty() ? null : mergesScheduledAt.remove(SequenceRange.spanning(removed));
        Double durationMillis = scheduledAt == null ? null : (System.nanoTime() - scheduledAt) / 1_000_000.0;
        return event(header, FlushOrMerge.MERGE, outputs.get(0), outputs, level,
                outputs.stream().mapToLong(ComponentSnapshot::sizeBytes).sum(), removed, durationMillis, stack);
    }

    /** A flush has neither outputs nor inputs (null: absent from its line) nor a duration. */
    private FlushOrMerge event(Header header, String type, ComponentSnapshot component,
            List<ComponentSnapshot> outputs, OptionalInt level, long bytesWritten, List<ComponentSnapshot> inputs,
            Double durationMillis, List<ComponentSnapshot> stack) {
        return new FlushOrMerge(header.time, node, type, header.where.dataverse(), header.where.dataset(),
                header.where.index(), header.where.partition(), header.datasetId, header.flushCount,
                component.toEventComponent(), outputs == null ? null : events(outputs),
                level.isPresent() ? level.getAsInt() : null, bytesWritten, inputs == null ? null : events(inputs),
                inputs == null ? null : inputs.stream().mapToLong(ComponentSnapshot::sizeBytes).sum(),
                durationMillis, events(stack));
    }

    /** A new component's level: for an index whose policy has levels (a leveled R-tree), else empty. */
    private static OptionalInt level(ILSMIndex index, ILSMDiskComponent component) {
        PrunedIndex pruned = PrunedIndex.of(index);
        return pruned != null ? pruned.level(component) : OptionalInt.empty();
    }

    /** The components of {@code these} that are not in {@code others}, by file. */
    private static List<ComponentSnapshot> notIn(List<ComponentSnapshot> these, List<ComponentSnapshot> others) {
        return these.stream().filter(c -> others.stream().noneMatch(c::sameComponent)).toList();
    }

    /** What every event of the index says first: when, where and at which flush count. */
    private record Header(String time, IndexPartition where, int datasetId, long flushCount) {
    }

    private Header header(ILSMIndex index, long flushCount) {
        if (where == null) {
            where = IndexPartition.of(index);
        }
        // A dataset dropped and created again under the same name gets a new id: it tells the two apart.
        return new Header(Instant.now().toString(), where, datasetId(index), flushCount);
    }

    private static int datasetId(ILSMIndex index) {
        return index.getOperationTracker() instanceof BaseOperationTracker tracker
                ? tracker.getDatasetInfo().getDatasetID() : -1;
    }

    /**
     * The first call after the index opened has no previous stack: everything but a flush on top existed before.
     */
    private static List<ComponentSnapshot> assumedPrevious(List<ComponentSnapshot> stack) {
        if (stack.isEmpty()) {
            return stack;
        }
        ComponentSnapshot newest = stack.get(0);
        boolean flushOnTop = newest.firstSequence() == newest.lastSequence()
                && stack.stream().skip(1).allMatch(c -> c.lastSequence() < newest.firstSequence());
        return flushOnTop ? stack.subList(1, stack.size()) : stack;
    }

    private static List<ComponentSnapshot> snapshots(List<ILSMDiskComponent> components) {
        return components.stream().map(ComponentSnapshot::of).toList();
    }

    private static List<EventComponent> events(List<ComponentSnapshot> components) {
        return components.stream().map(ComponentSnapshot::toEventComponent).toList();
    }

    /** The dataset the index belongs to, for counting a lost event; an empty name if even that cannot be read. */
    private EventKey key(ILSMIndex index) {
        try {
            IndexPartition partition = where != null ? where : IndexPartition.of(index);
            return new EventKey(partition.dataverse(), partition.dataset(), datasetId(index));
        } catch (RuntimeException e) {
            return new EventKey("", "", -1);
        }
    }

    private record SequenceRange(long first, long last) {
        /** The range a merge of {@code components} (or its outputs together) covers. */
        static SequenceRange spanning(List<ComponentSnapshot> components) {
            long first = components.stream().mapToLong(ComponentSnapshot::firstSequence).min().orElseThrow();
            long last = components.stream().mapToLong(ComponentSnapshot::lastSequence).max().orElseThrow();
            return new SequenceRange(first, last);
        }
    }
}

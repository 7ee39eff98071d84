package org.spatiallsm.asterixdb.introspection;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.OptionalLong;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.lsm.common.api.AbstractLSMWithBloomFilterDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.ComponentState;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponentId;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.impls.IndexComponentFileReference;
import org.spatiallsm.introspection.EventComponent;

/**
 * One disk component as introspection reports it. Taken under the index's operation-tracker lock, where the
 * component list cannot change.
 *
 * @param firstSequence first flush sequence the component covers (from its file names; 0-based, per index)
 * @param lastSequence  last flush sequence it covers; equal to firstSequence for a flushed component
 * @param minId         AsterixDB component id range (shared by all indexes of a dataset partition)
 * @param maxId         see minId
 * @param sizeBytes     the component's size as AsterixDB reports it: its tree and Bloom filter files (not the page
 *                      map of a compressed file)
 * @param tuples        entries recorded by the component's Bloom filter: exact for a flush, the sum of the inputs'
 *                      counts for a merge; empty for indexes without one (secondary B-trees, R-trees)
 * @param merging       true while the component is the input of a running or queued merge
 * @param fileName      the component's file name (not in the JSON): what tells two components apart
 */
public record ComponentSnapshot(long firstSequence, long lastSequence, long minId, long maxId, long sizeBytes,
        OptionalLong tuples, boolean merging, String fileName) {

    /**
     * @throws UncheckedIOException if the component's id cannot be read from its metadata page: the listing answers
     *                              with that error, the journal counts the event as lost
     */
    public static ComponentSnapshot of(ILSMDiskComponent component) {
        IndexComponentFileReference file = FlushCount.fileName(component);
        ILSMComponentId id = id(component);
        return new ComponentSnapshot(file.getSequenceStart(), file.getSequenceEnd(), id.getMinId(), id.getMaxId(),
                component.getComponentSize(), tuples(component),
                component.getState() == ComponentState.READABLE_MERGING, file.getFileName());
    }

    /**
     * True when both are the same component: its file name. A leveled merge's outputs can share a sequence range
     * with a sibling left in place, so a range does not identify a component.
     */
    boolean sameComponent(ComponentSnapshot other) {
        return fileName.equals(other.fileName);
    }

    /** True when {@code other}'s sequences lie inside this component's range. */
    boolean covers(ComponentSnapshot other) {
        return firstSequence <= other.firstSequence && other.lastSequence <= lastSequence;
    }

    /** As events report it. */
    public EventComponent toEventComponent() {
        return new EventComponent(List.of(firstSequence, lastSequence), List.of(minId, maxId), sizeBytes,
                tuples.isPresent() ? tuples.getAsLong() : null, merging);
    }

    private static ILSMComponentId id(ILSMDiskComponent component) {
        try {
            return component.getId();
        } catch (HyracksDataException e) {
            throw new UncheckedIOException("cannot read the component id of "
                    + component.getLSMComponentPhysicalFiles() + ": " + e.getMessage(), e);
        }
    }

    private static OptionalLong tuples(ILSMDiskComponent component) {
        if (component instanceof AbstractLSMWithBloomFilterDiskComponent withBloomFilter) {
            try {
                return OptionalLong.of(withBloomFilter.getBloomFilter().getNumElements());
            } catch (HyracksDataException e) {
                // The filter is not active (the component is being dropped): no count to give.
                return OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }
}

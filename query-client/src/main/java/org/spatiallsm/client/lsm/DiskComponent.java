package org.spatiallsm.client.lsm;

import java.util.OptionalLong;

import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.EventComponent;

/**
 * One disk component of an index partition, as the NC introspection endpoints and events report it.
 *
 * @param firstSequence first flush sequence covered (from the file names; the index's oldest component starts at
 *                      its first flush's sequence, 0 unless its creation spent one)
 * @param lastSequence  last flush sequence covered; a flushed component covers one
 * @param minId         AsterixDB's component id range, shared by all indexes of a dataset partition
 * @param maxId         see minId
 * @param bytes         size on disk
 * @param tuples        entries counted by the component's Bloom filter, when it has one
 * @param merging       true while a running or queued merge holds the component
 */
public record DiskComponent(long firstSequence, long lastSequence, long minId, long maxId, long bytes,
        OptionalLong tuples, boolean merging) {

    static DiskComponent of(EventComponent component) {
        return new DiskComponent(component.sequences().get(0), component.sequences().get(1), component.ids().get(0),
                component.ids().get(1), component.bytes(),
                component.tuples() == null ? OptionalLong.empty() : OptionalLong.of(component.tuples()),
                component.merging());
    }

    static DiskComponent of(ComponentListing component) {
        return of(new EventComponent(component.sequences(), component.ids(), component.bytes(), component.tuples(),
                component.merging()));
    }
}

package org.spatiallsm.introspection;

import java.util.List;

/**
 * One disk component as an LSM event reports it (the components listing adds its files, MBR and level).
 *
 * @param sequences the first and the last flush sequence it covers (from its file names)
 * @param ids       AsterixDB's component id range, shared by all indexes of a dataset partition
 * @param bytes     size on disk
 * @param tuples    entries counted by its Bloom filter; null for a component without one
 * @param merging   true while a running or queued merge holds it
 */
public record EventComponent(List<Long> sequences, List<Long> ids, long bytes, Long tuples, boolean merging) {

    public EventComponent {
        sequences = ComponentListing.pair("sequences", sequences);
        ids = ComponentListing.pair("ids", ids);
    }
}

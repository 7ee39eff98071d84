package org.spatiallsm.introspection;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;

/**
 * One disk component of an index partition.
 *
 * @param sequences the first and the last flush sequence it covers (from its file names)
 * @param ids       AsterixDB's component id range, shared by all indexes of a dataset partition
 * @param bytes     size on disk
 * @param tuples    entries counted by its Bloom filter; null for a component without one
 * @param merging   true while a running or queued merge holds it
 * @param files     its file names, in the index partition's directory
 * @param mbr       the MBR searches test it against; null for an index that does not prune
 * @param level     its level; null but for a leveled index
 */
public record ComponentListing(List<Long> sequences, List<Long> ids, long bytes, Long tuples, boolean merging,
        @JsonInclude(Include.NON_NULL) List<String> files, MbrListing mbr, Integer level) {

    public ComponentListing {
        sequences = pair("sequences", sequences);
        ids = pair("ids", ids);
        files = files == null ? null : List.copyOf(files);
    }

    /** A first and a last value, as the listing and the events write a component's ranges. */
    static List<Long> pair(String name, List<Long> values) {
        if (values == null || values.size() != 2) {
            throw new IllegalArgumentException(name + " must be [first, last], was " + values);
        }
        return List.copyOf(values);
    }
}

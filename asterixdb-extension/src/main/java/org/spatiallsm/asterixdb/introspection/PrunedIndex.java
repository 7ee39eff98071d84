package org.spatiallsm.asterixdb.introspection;

import java.util.OptionalInt;
import java.util.OptionalLong;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.spatiallsm.partitioning.pruning.Box;
import org.spatiallsm.partitioning.pruning.ReadAmplification;

/** An LSM index whose searches skip disk components by their MBR: what introspection shows of it. */
public interface PrunedIndex {

    /** Searches since the index was opened, and the disk components they opened and skipped. */
    ReadAmplification.Counts readAmplification();

    /** The MBR a search tests {@code component} against; call under the index's operation-tracker lock. */
    Box mbr(ILSMDiskComponent component) throws HyracksDataException;

    /** The component's level, for an index whose policy has levels; same lock as {@link #mbr}. */
    default OptionalInt level(ILSMDiskComponent component) {
        return OptionalInt.empty();
    }

    /**
     * For an index that records its components' MBRs (a leveled R-tree's manifest): how many components its
     * activations had to scan because no record described them; empty for every other index.
     */
    default OptionalLong componentsScannedAtActivation() {
        return OptionalLong.empty();
    }
}

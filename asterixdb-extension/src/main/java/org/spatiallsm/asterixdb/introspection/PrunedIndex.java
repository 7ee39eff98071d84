package org.spatiallsm.asterixdb.introspection;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;
import org.spatiallsm.partitioning.knn.KnnCounters;
import org.spatiallsm.partitioning.pruning.Box;
import org.spatiallsm.partitioning.pruning.ReadAmplification;

/**
 * An LSM index whose searches skip disk components by their bounds (an R-tree's MBRs, a leveled B-tree's key
 * ranges): what introspection shows of it.
 */
public interface PrunedIndex {

    /** The pruning side of {@code index}: the index itself, or a leveled organisation's levels; null for others. */
    static PrunedIndex of(ILSMIndex index) {
        if (index instanceof PrunedIndex pruned) {
            return pruned;
        }
        return index instanceof OrganisationBTree organisation ? organisation.levels().orElse(null) : null;
    }

    /** Searches since the index was opened, and the disk components they opened and skipped. */
    ReadAmplification.Counts readAmplification();

    /** Its kNN searches, for an index that answers them (counted apart from {@link #readAmplification}). */
    default Optional<KnnCounters.Counts> knnCounts() {
        return Optional.empty();
    }

    /**
     * The MBR a search tests {@code component} against, for an index that prunes by MBR; empty for one that prunes
     * by something else. Call under the index's operation-tracker lock.
     */
    default Optional<Box> mbr(ILSMDiskComponent component) throws HyracksDataException {
        return Optional.empty();
    }

    /** The component's level, for an index whose policy has levels; same lock as {@link #mbr}. */
    default OptionalInt level(ILSMDiskComponent component) {
        return OptionalInt.empty();
    }

    /**
     * For an index that records its components' bounds (a leveled index's manifest): how many components its
     * activations had to scan because no record described them; empty for every other index.
     */
    default OptionalLong componentsScannedAtActivation() {
        return OptionalLong.empty();
    }
}

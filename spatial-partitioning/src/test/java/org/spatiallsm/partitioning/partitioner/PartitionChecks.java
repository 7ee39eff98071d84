package org.spatiallsm.partitioning.partitioner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;

import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.ordering.Ordering;

/** The invariants every partitioner promises (see {@link Partitioner}). */
final class PartitionChecks {

    private PartitionChecks() {
    }

    /** Every id in [0, total) lands in exactly one partition; partitions are non-empty, numbered and consistent. */
    static void everyEntryExactlyOnce(List<PartitionCollector.Collected> partitions, MergeOutcome outcome,
            int total) {
        BitSet seen = new BitSet(total);
        assertThat(outcome.partitions()).hasSameSizeAs(partitions);
        for (int p = 0; p < partitions.size(); p++) {
            PartitionCollector.Collected partition = partitions.get(p);
            assertThat(partition.info()).isEqualTo(outcome.partitions().get(p));
            assertThat(partition.info().index()).isEqualTo(p);
            assertThat(partition.entries().size()).isPositive().isEqualTo((int) partition.info().entries());
            for (int row = 0; row < partition.entries().size(); row++) {
                int id = (int) partition.entries().id(row);
                assertThat(seen.get(id)).as("id %d seen twice", id).isFalse();
                seen.set(id);
            }
        }
        assertThat(seen.cardinality()).isEqualTo(total);
        assertThat(seen.length()).isEqualTo(total);
        assertThat(outcome.entries()).isEqualTo(total);
    }

    /** Each partition's entries come strictly in the ordering, and its MBR is the union of theirs. */
    static void sortedWithExactMbr(List<PartitionCollector.Collected> partitions, Ordering ordering) {
        for (PartitionCollector.Collected partition : partitions) {
            Entries e = partition.entries();
            Rect union = e.mbr(0);
            for (int row = 1; row < e.size(); row++) {
                assertThat(ordering.compare(e, row - 1, ordering.key(e, row - 1), e, row, ordering.key(e, row)))
                        .as("partition %d row %d", partition.info().index(), row).isNegative();
                union = union.union(e.mbr(row));
            }
            assertThat(partition.info().mbr()).isEqualTo(union);
        }
    }

    /** Each entry's centre lies in its partition's region, and the regions do not overlap (half-open boxes). */
    static void disjointByCentre(List<PartitionCollector.Collected> partitions) {
        for (PartitionCollector.Collected partition : partitions) {
            Entries e = partition.entries();
            for (int row = 0; row < e.size(); row++) {
                assertThat(partition.info().regionHolds(e.centerX(row), e.centerY(row)))
                        .as("centre of %d in %s", e.id(row), partition.info().region()).isTrue();
            }
        }
        for (int a = 0; a < partitions.size(); a++) {
            Rect ra = partitions.get(a).info().region();
            for (int b = a + 1; b < partitions.size(); b++) {
                Rect rb = partitions.get(b).info().region();
                boolean overlap = ra.minX() < rb.maxX() && rb.minX() < ra.maxX() && ra.minY() < rb.maxY()
                        && rb.minY() < ra.maxY();
                assertThat(overlap).as("regions %s and %s", ra, rb).isFalse();
            }
        }
    }
}

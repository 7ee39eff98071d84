package org.spatiallsm.asterixdb.rtree.leveled;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.partitioning.partitioner.OutputAssignment;

class MergeScratchTest {

    @Test
    void eachIndexPartitionHasItsOwnDirectory(@TempDir Path root) {
        Path index = Path.of("/data/nc1/storage/partition_0/Default/Points/0/loc");
        Path scratch = MergeScratch.of(root, index);
        assertThat(scratch.getParent()).isEqualTo(root);
        assertThat(scratch.getFileName().toString()).matches("spatial-lsm-merge-loc-[0-9a-f]{16}");
        assertThat(MergeScratch.of(root, Path.of("/data/nc1/storage/partition_0/Default/Points/0/../0/loc")))
                .isEqualTo(scratch);
        assertThat(MergeScratch.of(root, Path.of("/data/nc2/storage/partition_0/Default/Points/0/loc")))
                .isNotEqualTo(scratch);
    }

    @Test
    void clearDeletesWhatAKilledMergeLeftAndNothingElse(@TempDir Path root) throws Exception {
        Path mine = MergeScratch.create(MergeScratch.of(root, root.resolve("a/loc")));
        Path other = MergeScratch.create(MergeScratch.of(root, root.resolve("b/loc")));
        // A merge killed mid-way: its output table is never closed, a spilled run is left beside it.
        OutputAssignment table = new OutputAssignment(mine, 1000);
        table.set(999, 3);
        Files.writeString(mine.resolve("spatial-lsm-partition-1.run"), "run");
        Files.writeString(other.resolve("spatial-lsm-partition-2.run"), "run");
        Files.writeString(root.resolve("unrelated.tmp"), "keep");

        assertThat(MergeScratch.clear(mine)).isEqualTo(2);
        assertThat(mine).doesNotExist();
        assertThat(other.resolve("spatial-lsm-partition-2.run")).exists();
        assertThat(root.resolve("unrelated.tmp")).exists();
        assertThat(MergeScratch.clear(mine)).as("nothing left").isZero();
        table.close();
    }
}

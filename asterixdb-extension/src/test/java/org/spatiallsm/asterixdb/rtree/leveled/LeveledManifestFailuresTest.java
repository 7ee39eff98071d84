package org.spatiallsm.asterixdb.rtree.leveled;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Component;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Edit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.FlushEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MergeEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Version;
import org.spatiallsm.geometry.Rect;

/** What start-up makes of the traces a failed write leaves: a flush without its edit, an edit without its file. */
class LeveledManifestFailuresTest {

    private static final Rect BOX = new Rect(0, 0, 1, 1);

    private static FlushEdit flush(String name) {
        return new FlushEdit(new Component(name, 0, BOX, 10, 100));
    }

    private static Version replay(Edit... edits) {
        Version version = Version.EMPTY;
        for (Edit edit : edits) {
            version = version.apply(edit);
        }
        return version;
    }

    @Test
    void aFlushWithoutItsEditIsTheNewestDataWhenNothingBelowLevelZeroIsNewer() {
        // The node died between flush 2's valid bit and its edit: level 1 holds only flushes 0 and 1.
        Version version = replay(flush("0_0"), flush("1_1"), new MergeEdit(0, List.of("0_0", "1_1"),
                List.of(new Component("0_1_m0p0", 1, BOX, 20, 200)), List.of()), flush("3_3"));
        assertThat(version.newerBelowLevel0("2_2")).isEmpty();
    }

    @Test
    void aFlushWithoutItsEditUnderNewerMergedDataIsCorruption() {
        // Flush 2's edit failed while the node went on: flushes 3 and 4 came, and a merge took flush 3 (with its
        // deletes and upserts of flush 2's records) into level 1.
        Component merged = new Component("0_3_m1p0", 1, BOX, 30, 300);
        Version version = replay(flush("0_0"), flush("1_1"), new MergeEdit(0, List.of("0_0", "1_1"),
                List.of(new Component("0_1_m0p0", 1, BOX, 20, 200)), List.of()), flush("3_3"), flush("4_4"),
                new MergeEdit(1, List.of("3_3", "0_1_m0p0"), List.of(merged), List.of()));
        assertThat(version.newerBelowLevel0("2_2")).contains(merged);
        // A newer flush still at level 0 is searched before it, as it should be: that alone is no corruption.
        assertThat(replay(flush("3_3")).newerBelowLevel0("2_2")).isEmpty();
    }

    @Test
    void flushEditsNoCheckpointNamedAreForgottenWhenAsterixDbDeletedTheirFiles() {
        Version version = replay(flush("0_0"), new MergeEdit(0, List.of("0_0"),
                List.of(new Component("0_0_m0p0", 1, BOX, 10, 100)), List.of()), flush("1_1"), flush("2_2"));
        // The checkpoint names flush 1; flush 2's file was deleted at start-up (its records are in the log).
        Set<String> files = Set.of("0_0_m0p0", "1_1");
        assertThat(version.uncheckpointedFlushes(files, 1)).containsExactly("2_2");
        Version forgotten = version.forget(List.of("2_2"));
        assertThat(forgotten.live()).containsOnlyKeys("0_0_m0p0", "1_1");
        assertThat(forgotten.removed()).isEqualTo(version.removed());
        assertThat(forgotten.lastSerial()).isEqualTo(version.lastSerial());
        // A checkpointed flush or a merge output without its file is not this case: never forgotten here.
        assertThat(version.uncheckpointedFlushes(Set.of(), 2)).isEmpty();
    }
}

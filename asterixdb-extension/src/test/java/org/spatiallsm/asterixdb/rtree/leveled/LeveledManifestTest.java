package org.spatiallsm.asterixdb.rtree.leveled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Component;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MergeEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MoveEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Version;

class LeveledManifestTest {

    private static final List<Double> BOX = List.of(0.0, 0.0, 1.0, 1.0);

    /** Merge 0 takes flushes 0 and 1 into two level-1 outputs; merge 1 takes flush 2 and output p1 of merge 0. */
    private static final MergeEdit FIRST = new MergeEdit(0, List.of("0_0", "1_1"),
            List.of(new Component("0_1_m0p0", 1, BOX, 10, 100), new Component("0_1_m0p1", 1, BOX, 7, 90)),
            List.of(new Component("0_0", 0, BOX, 9, 90), new Component("1_1", 0, BOX, 8, 80)));
    private static final MergeEdit SECOND = new MergeEdit(1, List.of("2_2", "0_1_m0p1"),
            List.of(new Component("0_2_m1p0", 1, List.of(2.0, 2.0, 3.0, 3.0), 12, 120)),
            List.of(new Component("2_2", 0, BOX, 5, 50), new Component("0_1_m0p1", 1, BOX, 7, 90)));

    @Test
    void mergeEditsReplaceInputsByOutputs() {
        Version version = replay(FIRST, SECOND);
        assertThat(version.live()).containsOnlyKeys("0_1_m0p0", "0_2_m1p0");
        assertThat(version.removed()).containsExactlyInAnyOrder("0_0", "1_1", "2_2", "0_1_m0p1");
        assertThat(version.lastSerial()).isEqualTo(1);
        assertThat(version.live().get("0_2_m1p0").entries()).isEqualTo(12);
        assertThat(version.live().get("0_2_m1p0").mbr()).containsExactly(2.0, 2.0, 3.0, 3.0);
        assertThat(version.levelOf("0_2_m1p0")).isEqualTo(1);
        assertThat(version.levelOf("7_7")).as("a flush no edit names").isZero();
    }

    @Test
    void moveChangesOnlyTheLevel() {
        Version version = replay(FIRST, new MoveEdit("0_1_m0p0", 1, 2, FIRST.added().get(0)),
                new MoveEdit("3_3", 0, 1, new Component("3_3", 0, BOX, 4, 40)));
        assertThat(version.levelOf("0_1_m0p0")).isEqualTo(2);
        assertThat(version.live().get("0_1_m0p0").entries()).isEqualTo(10);
        assertThat(version.levelOf("3_3")).isEqualTo(1);
        assertThat(version.live().get("3_3")).isEqualTo(new Component("3_3", 1, BOX, 4, 40));
    }

    @Test
    void aTornLastLineWasNeverCommitted() {
        String second = LeveledManifest.encode(SECOND);
        Version version = LeveledManifest.replay(List.of(LeveledManifest.encode(FIRST),
                second.substring(0, second.length() / 2)));
        assertThat(version).isEqualTo(replay(FIRST));
    }

    @Test
    void aBadLineBeforeTheLastIsCorruption() {
        assertThatThrownBy(() -> LeveledManifest.replay(List.of("{\"edit\":\"mer", LeveledManifest.encode(FIRST))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("line 1");
    }

    @Test
    void appendCutsATornTailAndForcesEachLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LeveledManifest.FILE_NAME);
        assertThat(LeveledManifest.read(file)).isEqualTo(Version.EMPTY);
        LeveledManifest.append(file, FIRST);
        Files.writeString(file, "{\"edit\":\"merge\",\"ser", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertThat(LeveledManifest.read(file)).isEqualTo(replay(FIRST));
        LeveledManifest.append(file, SECOND);
        assertThat(Files.readAllLines(file)).hasSize(2);
        assertThat(LeveledManifest.read(file)).isEqualTo(replay(FIRST, SECOND));
    }

    @Test
    void startUpKeepsWhatTheManifestSaysAndDeletesOrphansAndConsumedInputs() {
        Version version = replay(FIRST, SECOND, new MoveEdit("0_2_m1p0", 1, 2, SECOND.added().get(0)));
        // On disk: a newer flush, an input of merge 1 not deleted yet (2_2), a crashed merge's output (m2), and a
        // live output whose range is a prefix of the crashed one's.
        List<String> files = List.of("3_3", "4_4", "2_2", "0_1_m0p0", "0_2_m1p0", "0_4_m2p0", "0_1_m0p1");
        LeveledManifest.Selection selection = LeveledManifest.select(files, version);
        assertThat(selection.keptInOrder()).containsExactly("4_4", "3_3", "0_1_m0p0", "0_2_m1p0");
        assertThat(selection.deleted()).containsExactly("0_1_m0p1", "0_4_m2p0", "2_2");
    }

    @Test
    void namesKeepTheSequenceRangeInFront() {
        assertThat(LeveledManifest.Name.output(3, 9, 12, 4)).isEqualTo("3_9_m12p4");
        LeveledManifest.Name name = LeveledManifest.Name.parse("3_9_m12p4").orElseThrow();
        assertThat(name).isEqualTo(new LeveledManifest.Name(3, 9, 12, 4));
        assertThat(name.isMergeOutput()).isTrue();
        assertThat(LeveledManifest.Name.parse("5_5").orElseThrow().isMergeOutput()).isFalse();
        assertThat(LeveledManifest.Name.parse(".metadata")).isEmpty();
        // Age: by newest data first, then by merge and output.
        assertThat(LeveledManifest.Name.parse("9_9").orElseThrow().age()).isLessThan(name.age());
        assertThat(name.age()).isLessThan(LeveledManifest.Name.parse("10_10").orElseThrow().age());
        assertThat(name.age()).isLessThan(LeveledManifest.Name.parse("0_9_m13p0").orElseThrow().age());
    }

    private static Version replay(LeveledManifest.Edit... edits) {
        return LeveledManifest.replay(java.util.Arrays.stream(edits).map(LeveledManifest::encode).toList());
    }
}

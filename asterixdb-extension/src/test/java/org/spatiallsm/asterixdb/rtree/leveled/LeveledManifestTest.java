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
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.FlushEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MergeEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MoveEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.SnapshotEdit;
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

    /** The flush edits of the inputs of {@link #FIRST} and {@link #SECOND}, as their installs wrote them. */
    private static final FlushEdit FLUSH_0 = new FlushEdit(new Component("0_0", 0, BOX, 9, 90));
    private static final FlushEdit FLUSH_1 = new FlushEdit(new Component("1_1", 0, BOX, 8, 80));
    private static final FlushEdit FLUSH_2 = new FlushEdit(new Component("2_2", 0, BOX, 5, 50));

    @Test
    void aFlushEditDescribesItsComponentAtLevelZero() {
        FlushEdit flush = new FlushEdit(new Component("3_3", 0, List.of(-1.5, 2.0, 4.0, 8.25), 31, 16384));
        assertThat(LeveledManifest.encode(flush)).isEqualTo("{\"edit\":\"flush\",\"component\":{\"name\":\"3_3\","
                + "\"level\":0,\"mbr\":[-1.5,2.0,4.0,8.25],\"entries\":31,\"bytes\":16384}}");
        Version version = replay(FLUSH_0, flush);
        assertThat(version.live()).containsOnlyKeys("0_0", "3_3");
        assertThat(version.live().get("3_3")).isEqualTo(flush.component());
        assertThat(version.levelOf("3_3")).isZero();
        assertThat(version.removed()).isEmpty();
        assertThat(version.lastSerial()).isEqualTo(-1);
    }

    @Test
    void aMergeRemovesTheFlushesItConsumedAndAMoveKeepsTheirRecord() {
        Version version = replay(FLUSH_0, FLUSH_1, FIRST, FLUSH_2,
                new FlushEdit(new Component("3_3", 0, BOX, 4, 40)), SECOND,
                new MoveEdit("3_3", 0, 1, new Component("3_3", 0, BOX, 4, 40)));
        assertThat(version.live()).containsOnlyKeys("0_1_m0p0", "0_2_m1p0", "3_3");
        assertThat(version.removed()).as("consumed flushes; a consumed output needs no record")
                .containsExactlyInAnyOrder("0_0", "1_1", "2_2");
        assertThat(version.live().get("3_3")).isEqualTo(new Component("3_3", 1, BOX, 4, 40));
        // Without the flush edits the merge edits alone give the same state of the merged components.
        assertThat(version.live().get("0_2_m1p0")).isEqualTo(replay(FIRST, SECOND).live().get("0_2_m1p0"));
    }

    @Test
    void aTornFlushEditWasNeverWritten() {
        String flush = LeveledManifest.encode(FLUSH_2);
        Version version = LeveledManifest.replay(List.of(LeveledManifest.encode(FLUSH_0),
                LeveledManifest.encode(FLUSH_1), LeveledManifest.encode(FIRST),
                flush.substring(0, flush.length() - 3)));
        assertThat(version).isEqualTo(replay(FLUSH_0, FLUSH_1, FIRST));
        assertThat(version.live()).doesNotContainKey("2_2");
    }

    @Test
    void startUpKeepsFlushesWithAndWithoutTheirEditUnlessAMergeConsumedThem() {
        Version version = replay(FLUSH_0, FLUSH_1, FIRST, FLUSH_2, new FlushEdit(new Component("3_3", 0, BOX, 4, 40)),
                SECOND);
        // 0_0 and 2_2 were consumed (their files not deleted yet), 3_3 has its edit, 4_4 none (the node died between
        // its valid bit and its edit): both flushes are data, at level 0.
        List<String> files = List.of("0_0", "2_2", "3_3", "4_4", "0_1_m0p0", "0_2_m1p0", "0_1_m0p1");
        LeveledManifest.Selection selection = LeveledManifest.select(files, version);
        assertThat(selection.keptInOrder()).containsExactly("4_4", "3_3", "0_2_m1p0", "0_1_m0p0");
        assertThat(selection.deleted()).containsExactly("0_0", "0_1_m0p1", "2_2");
        assertThat(version.live()).as("described, so not scanned at activation").containsKey("3_3")
                .doesNotContainKey("4_4");
    }

    @Test
    void mergeEditsReplaceInputsByOutputs() {
        Version version = replay(FIRST, SECOND);
        assertThat(version.live()).containsOnlyKeys("0_1_m0p0", "0_2_m1p0");
        assertThat(version.removed()).as("consumed flushes; a consumed output needs no record")
                .containsExactlyInAnyOrder("0_0", "1_1", "2_2");
        assertThat(version.lastSerial()).isEqualTo(1);
        assertThat(version.live().get("0_2_m1p0").entries()).isEqualTo(12);
        assertThat(version.live().get("0_2_m1p0").mbr()).containsExactly(2.0, 2.0, 3.0, 3.0);
        assertThat(version.levelOf("0_2_m1p0")).isEqualTo(1);
        assertThat(version.levelOf("7_7")).as("a flush no edit names").isZero();
    }

    @Test
    void consumedFlushesWhoseFilesAreGoneNeedNoRecord() {
        Version version = replay(FLUSH_0, FLUSH_1, FIRST, FLUSH_2, SECOND);
        Version pruned = version.retainRemoved(java.util.Set.of("1_1")::contains);
        assertThat(pruned.removed()).containsExactly("1_1");
        assertThat(pruned.live()).isEqualTo(version.live());
        assertThat(pruned.lastSerial()).isEqualTo(version.lastSerial());
        assertThat(version.retainRemoved(name -> true)).isSameAs(version);
        // Start-up still deletes the consumed flush whose file is left, and keeps the live outputs.
        LeveledManifest.Selection selection = LeveledManifest.select(List.of("1_1", "0_2_m1p0", "0_1_m0p0"), pruned);
        assertThat(selection.deleted()).containsExactly("1_1");
        assertThat(selection.keptInOrder()).containsExactly("0_2_m1p0", "0_1_m0p0");
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

    /** Many flushes, merges and moves: a manifest that is long next to the components it leaves live. */
    private static List<LeveledManifest.Edit> longHistory() {
        List<LeveledManifest.Edit> edits = new java.util.ArrayList<>();
        for (int serial = 0; serial < 40; serial++) {
            String older = (2 * serial) + "_" + (2 * serial);
            String newer = (2 * serial + 1) + "_" + (2 * serial + 1);
            Component a = new Component(older, 0, List.of(0.0, 0.0, (double) serial, 1.0), serial, 10L * serial);
            Component b = new Component(newer, 0, List.of((double) serial, 0.0, 50.0, 2.0), 2, 20);
            edits.add(new FlushEdit(a));
            edits.add(new FlushEdit(b));
            String output = LeveledManifest.Name.output(2 * serial, 2 * serial + 1, serial, 0);
            Component merged = new Component(output, 1, List.of(0.0, 0.0, 50.0, 2.0), serial + 2, 30);
            edits.add(new MergeEdit(serial, List.of(older, newer), List.of(merged), List.of(a, b)));
            edits.add(new MoveEdit(output, 1, 2, merged));
        }
        // The newest flush stays at level 0.
        edits.add(new FlushEdit(new Component("80_80", 0, BOX, 3, 30)));
        return edits;
    }

    @Test
    void aLongManifestIsRewrittenAsOneSnapshotThatReplaysToTheSameVersion(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LeveledManifest.FILE_NAME);
        longHistory().forEach(edit -> LeveledManifest.append(file, edit));
        LeveledManifest.Log log = LeveledManifest.readLog(file);
        assertThat(log.edits()).isEqualTo(161);
        assertThat(log.version().live()).hasSize(41);
        assertThat(log.isLong()).as("161 edits > 2 x 41 + 64").isTrue();

        LeveledManifest.rewrite(file, log.version());
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(1);
        assertThat(LeveledManifest.decode(lines.get(0))).isInstanceOf(SnapshotEdit.class);
        LeveledManifest.Log rewritten = LeveledManifest.readLog(file);
        assertThat(rewritten.version()).isEqualTo(log.version());
        assertThat(rewritten.version().removed()).hasSize(80);
        assertThat(rewritten.version().lastSerial()).isEqualTo(39);
        assertThat(rewritten.isLong()).isFalse();
        assertThat(dir.resolve(LeveledManifest.REWRITE_NAME)).doesNotExist();
        // Edits after the snapshot apply on top of it, as on top of the edits it replaced.
        MoveEdit move = new MoveEdit("80_80", 0, 1, new Component("80_80", 0, BOX, 3, 30));
        LeveledManifest.append(file, move);
        assertThat(LeveledManifest.read(file)).isEqualTo(log.version().apply(move));
    }

    @Test
    void aManifestIsLongBeyondTwiceItsLiveComponentsPlus64Edits() {
        Version version = replay(longHistory().toArray(LeveledManifest.Edit[]::new));
        assertThat(version.live()).hasSize(41);
        assertThat(new LeveledManifest.Log(version, 2 * 41 + 64).isLong()).isFalse();
        assertThat(new LeveledManifest.Log(version, 2 * 41 + 65).isLong()).isTrue();
        assertThat(new LeveledManifest.Log(Version.EMPTY, 64).isLong()).isFalse();
        assertThat(new LeveledManifest.Log(Version.EMPTY, 65).isLong()).isTrue();
    }

    @Test
    void aCrashBeforeTheRenameLeavesTheOldManifestWhole(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LeveledManifest.FILE_NAME);
        longHistory().forEach(edit -> LeveledManifest.append(file, edit));
        byte[] before = Files.readAllBytes(file);
        Version version = LeveledManifest.read(file);
        Path unfinished = LeveledManifest.prepareRewrite(file, version);
        // The node dies here: the snapshot is beside the manifest, not over it.
        assertThat(unfinished.getFileName().toString()).startsWith(".");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        assertThat(LeveledManifest.read(file)).isEqualTo(version);
        // Never a component: the dot-file is neither a flush nor a merge output by name.
        assertThat(LeveledManifest.Name.parse(unfinished.getFileName().toString())).isEmpty();
        // Start-up deletes it before it reads the manifest (a half-written snapshot too).
        Files.writeString(unfinished, "{\"edit\":\"snap", StandardCharsets.UTF_8);
        LeveledManifest.discardUnfinishedRewrite(file);
        assertThat(unfinished).doesNotExist();
        assertThat(LeveledManifest.read(file)).isEqualTo(version);
        LeveledManifest.discardUnfinishedRewrite(file);
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

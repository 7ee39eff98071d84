package org.spatiallsm.asterixdb.rtree.leveled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Component;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.FlushEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.KeyBounds;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MergeEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MoveEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.SnapshotEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Version;

class LeveledManifestTest {

    private static final Rect BOX = new Rect(0, 0, 1, 1);

    /** Merge 0 takes flushes 0 and 1 into two level-1 outputs; merge 1 takes flush 2 and output p1 of merge 0. */
    private static final MergeEdit FIRST = new MergeEdit(0, List.of("0_0", "1_1"),
            List.of(new Component("0_1_m0p0", 1, BOX, 10, 100), new Component("0_1_m0p1", 1, BOX, 7, 90)),
            List.of(new Component("0_0", 0, BOX, 9, 90), new Component("1_1", 0, BOX, 8, 80)));
    private static final MergeEdit SECOND = new MergeEdit(1, List.of("2_2", "0_1_m0p1"),
            List.of(new Component("0_2_m1p0", 1, new Rect(2, 2, 3, 3), 12, 120)),
            List.of(new Component("2_2", 0, BOX, 5, 50), new Component("0_1_m0p1", 1, BOX, 7, 90)));

    /** The flush edits of the inputs of {@link #FIRST} and {@link #SECOND}, as their installs wrote them. */
    private static final FlushEdit FLUSH_0 = new FlushEdit(new Component("0_0", 0, BOX, 9, 90));
    private static final FlushEdit FLUSH_1 = new FlushEdit(new Component("1_1", 0, BOX, 8, 80));
    private static final FlushEdit FLUSH_2 = new FlushEdit(new Component("2_2", 0, BOX, 5, 50));

    @Test
    void aFlushEditDescribesItsComponentAtLevelZero() {
        FlushEdit flush = new FlushEdit(new Component("3_3", 0, new Rect(-1.5, 2, 4, 8.25), 31, 16384));
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
    void aBTreeComponentRecordsItsKeyRangeAsTheFieldsBytesInHex() {
        KeyBounds keys = KeyBounds.of(new byte[][] { { 0x0d, 0x03, 'a' }, { 0x04, 0, 7 } },
                new byte[][] { { 0x0d, 0x03, 'z' }, { 0x04, 1, (byte) 0xff } });
        FlushEdit flush = new FlushEdit(new Component("4_4", 0, keys, 3, 32768));
        assertThat(LeveledManifest.encode(flush)).isEqualTo("{\"edit\":\"flush\",\"component\":{\"name\":\"4_4\","
                + "\"level\":0,\"keys\":{\"min\":[\"0d0361\",\"040007\"],\"max\":[\"0d037a\",\"0401ff\"]},"
                + "\"entries\":3,\"bytes\":32768}}");
        MergeEdit merge = new MergeEdit(0, List.of("4_4"), List.of(new Component("4_4_m0p0", 1, keys, 3, 32768)),
                List.of(flush.component()));
        Version version = replay(flush, merge);
        Component merged = version.live().get("4_4_m0p0");
        assertThat(merged.mbr()).isNull();
        assertThat(merged.keys().minFields()).isDeepEqualTo(new byte[][] { { 0x0d, 0x03, 'a' }, { 0x04, 0, 7 } });
        assertThat(merged.keys().maxFields()).isDeepEqualTo(new byte[][] { { 0x0d, 0x03, 'z' }, { 0x04, 1, -1 } });
        assertThat(LeveledManifest.decode(LeveledManifest.encode(merge))).isEqualTo(merge);
        assertThat(LeveledManifest.encode(FLUSH_0)).doesNotContain("keys");
    }

    @Test
    void linesWrittenBeforeTheMbrWasARectangleReadAndAreWrittenTheSame() throws Exception {
        // As earlier versions wrote them, when a component's MBR was a list of four numbers.
        String merge = "{\"edit\":\"merge\",\"serial\":0,\"removed\":[\"0_0\",\"1_1\"],\"added\":[{\"name\":"
                + "\"0_1_m0p0\",\"level\":1,\"mbr\":[0.0,0.0,1.0,1.0],\"entries\":10,\"bytes\":100},{\"name\":"
                + "\"0_1_m0p1\",\"level\":1,\"mbr\":[0.0,0.0,1.0,1.0],\"entries\":7,\"bytes\":90}],\"inputs\":"
                + "[{\"name\":\"0_0\",\"level\":0,\"mbr\":[0.0,0.0,1.0,1.0],\"entries\":9,\"bytes\":90},{\"name\":"
                + "\"1_1\",\"level\":0,\"mbr\":[0.0,0.0,1.0,1.0],\"entries\":8,\"bytes\":80}]}";
        String snapshot = "{\"edit\":\"snapshot\",\"live\":[{\"name\":\"0_2_m1p0\",\"level\":1,\"mbr\":"
                + "[-1.5,2.0,4.0,8.25],\"entries\":12,\"bytes\":120}],\"removed\":[\"0_0\"],\"lastSerial\":1}";
        assertThat(LeveledManifest.decode(merge)).isEqualTo(FIRST);
        assertThat(LeveledManifest.decode(snapshot)).isEqualTo(new SnapshotEdit(
                List.of(new Component("0_2_m1p0", 1, new Rect(-1.5, 2, 4, 8.25), 12, 120)), List.of("0_0"), 1));
        assertThat(LeveledManifest.encode(LeveledManifest.decode(merge))).isEqualTo(merge);
        assertThat(LeveledManifest.encode(LeveledManifest.decode(snapshot))).isEqualTo(snapshot);
    }

    @Test
    void anMbrThatIsNoRectangleIsACorruptLine() {
        FlushEdit unbounded = new FlushEdit(new Component("3_3", 0, new Rect(Double.NEGATIVE_INFINITY, 0,
                Double.POSITIVE_INFINITY, 1), 2, 20));
        assertThat(replay(unbounded).live().get("3_3")).isEqualTo(unbounded.component());
        String good = LeveledManifest.encode(FLUSH_0);
        for (String mbr : List.of("[0.0,0.0,1.0]", "[1.0,0.0,0.0,1.0]")) {
            String bad = good.replace("[0.0,0.0,1.0,1.0]", mbr);
            assertThatThrownBy(() -> LeveledManifest.replay(List.of(bad, good))).as(mbr)
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("line 1 is corrupt");
        }
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
        assertThat(version.live().get("0_2_m1p0").mbr()).isEqualTo(new Rect(2, 2, 3, 3));
        assertThat(version.levelOf("0_2_m1p0")).isEqualTo(1);
        assertThat(version.levelOf("7_7")).as("a flush no edit names").isZero();
    }

    @Test
    void consumedFlushesWhoseFilesAreGoneNeedNoRecord() {
        Version version = replay(FLUSH_0, FLUSH_1, FIRST, FLUSH_2, SECOND);
        Version pruned = version.retainRemoved(Set.of("1_1")::contains);
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
            Component a = new Component(older, 0, new Rect(0, 0, serial, 1), serial, 10L * serial);
            Component b = new Component(newer, 0, new Rect(serial, 0, 50, 2), 2, 20);
            edits.add(new FlushEdit(a));
            edits.add(new FlushEdit(b));
            String output = LeveledManifest.Name.output(2 * serial, 2 * serial + 1, serial, 0);
            Component merged = new Component(output, 1, new Rect(0, 0, 50, 2), serial + 2, 30);
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
    }

    @Test
    void aLastLineWithoutItsNewlineWasNeverCommittedEvenIfItParses(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LeveledManifest.FILE_NAME);
        LeveledManifest.append(file, FIRST);
        byte[] committed = Files.readAllBytes(file);
        byte[] second = (LeveledManifest.line(SECOND) + "\n").getBytes(StandardCharsets.UTF_8);
        // Every tear of the next append: only the whole line, newline included, is an edit.
        for (int kept = 0; kept <= second.length; kept++) {
            Files.write(file, concat(committed, java.util.Arrays.copyOf(second, kept)));
            Version expected = kept == second.length ? replay(FIRST, SECOND) : replay(FIRST);
            assertThat(LeveledManifest.read(file)).as(kept + " bytes of the line").isEqualTo(expected);
            // The next append keeps exactly what was read.
            LeveledManifest.append(file, FLUSH_2);
            assertThat(LeveledManifest.read(file)).as("after an append on " + kept + " bytes")
                    .isEqualTo(expected.apply(FLUSH_2));
        }
    }

    @Test
    void aWholeLastLineWithABadChecksumWasNeverCommittedAndIsCutOff(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LeveledManifest.FILE_NAME);
        LeveledManifest.append(file, FIRST);
        // A power loss kept the newline but not all of the line's bytes: still JSON, one digit off.
        String damaged = LeveledManifest.line(SECOND).replace("\"entries\":12", "\"entries\":13");
        Files.writeString(file, damaged + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertThat(LeveledManifest.read(file)).isEqualTo(replay(FIRST));
        LeveledManifest.append(file, FLUSH_2);
        assertThat(Files.readAllLines(file)).hasSize(2).doesNotContain(damaged);
        assertThat(LeveledManifest.read(file)).isEqualTo(replay(FIRST, FLUSH_2));
    }

    @Test
    void aBadChecksumBeforeTheLastLineIsCorruption(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LeveledManifest.FILE_NAME);
        String damaged = LeveledManifest.line(FIRST).replace("\"entries\":10", "\"entries\":11");
        Files.write(file, List.of(LeveledManifest.line(FLUSH_0), damaged, LeveledManifest.line(FLUSH_2)));
        assertThatThrownBy(() -> LeveledManifest.read(file)).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("leveled manifest line 2 is corrupt (checksum mismatch");
    }

    @Test
    void aManifestWrittenWithoutChecksumsStillOpensAndTakesNewLines(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LeveledManifest.FILE_NAME);
        // The format before checksums: bare JSON lines.
        Files.write(file, List.of(LeveledManifest.encode(FLUSH_0), LeveledManifest.encode(FLUSH_1),
                LeveledManifest.encode(FIRST)));
        assertThat(LeveledManifest.read(file)).isEqualTo(replay(FLUSH_0, FLUSH_1, FIRST));
        LeveledManifest.append(file, FLUSH_2);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(3)).isEqualTo(LeveledManifest.line(FLUSH_2)).matches("[0-9a-f]{8} \\{.*");
        assertThat(LeveledManifest.read(file)).isEqualTo(replay(FLUSH_0, FLUSH_1, FIRST, FLUSH_2));
    }

    @Test
    void outputsWithoutTheirManifestRefuseToOpen() {
        List<String> files = List.of("3_3", "0_1_m0p0", "0_2_m1p0");
        assertThat(LeveledManifest.inconsistency(files, false, Version.EMPTY))
                .contains("2 merge outputs (e.g. 0_2_m1p0) but no manifest");
        // Flushes alone need no manifest (an index that never merged, or one from before the manifest).
        assertThat(LeveledManifest.inconsistency(List.of("3_3", "4_4"), false, Version.EMPTY)).isEmpty();
        assertThat(LeveledManifest.inconsistency(List.of(), false, Version.EMPTY)).isEmpty();
    }

    @Test
    void aManifestOlderThanTheOutputsRefusesToOpen() {
        Version version = replay(FLUSH_0, FLUSH_1, FIRST);
        // Merge 1 may have crashed before its commit: its outputs are orphans, the manifest is not behind.
        assertThat(LeveledManifest.inconsistency(List.of("0_1_m0p0", "0_1_m0p1", "0_2_m1p0"), true, version))
                .isEmpty();
        assertThat(LeveledManifest.inconsistency(List.of("0_1_m0p0", "0_1_m0p1", "0_5_m2p0"), true, version))
                .contains("merge output 0_5_m2p0 is newer than the manifest's last merge 0: the manifest is older"
                        + " than the files");
    }

    @Test
    void aLiveComponentWithoutItsFileRefusesToOpen() {
        Version version = replay(FLUSH_0, FLUSH_1, FIRST, FLUSH_2);
        assertThat(version.liveWithoutFile(List.of("0_1_m0p0", "0_1_m0p1", "2_2"))).isEmpty();
        assertThat(version.liveWithoutFile(List.of("0_1_m0p0", "2_2")))
                .contains("live component 0_1_m0p1 has no valid file");
        assertThat(version.liveWithoutFile(List.of("0_1_m0p0", "0_1_m0p1")))
                .contains("live component 2_2 has no valid file");
    }

    @Test
    void aFlushNoCheckpointNamedOpensWithoutItsFileOnceForgotten() {
        // The node died after flush 2_2's edit, before the checkpoint: AsterixDB deleted 2_2 and replays its records.
        Version version = replay(FLUSH_0, FLUSH_1, FIRST, FLUSH_2);
        List<String> files = List.of("0_1_m0p0", "0_1_m0p1");
        assertThat(LeveledManifest.inconsistency(files, true, version)).as("checked before the activation").isEmpty();
        List<String> replayed = version.uncheckpointedFlushes(Set.copyOf(files), 1);
        assertThat(replayed).containsExactly("2_2");
        assertThat(version.forget(replayed).liveWithoutFile(files)).isEmpty();
        // Checkpointed, the same missing file is a lost component.
        assertThat(version.uncheckpointedFlushes(Set.copyOf(files), 2)).isEmpty();
        assertThat(version.liveWithoutFile(files)).contains("live component 2_2 has no valid file");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static Version replay(LeveledManifest.Edit... edits) {
        return LeveledManifest.replay(java.util.Arrays.stream(edits).map(LeveledManifest::line).toList());
    }
}

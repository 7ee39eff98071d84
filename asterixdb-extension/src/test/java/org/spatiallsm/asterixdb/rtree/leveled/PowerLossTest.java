package org.spatiallsm.asterixdb.rtree.leveled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Component;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.FlushEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MergeEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Version;
import org.spatiallsm.geometry.Rect;

/**
 * The manifest writer under {@link PowerLossStorage}: what a committed append wrote survives a power loss, and the
 * files a merge edit names do too. Each {@code force} of {@link LeveledManifest#append} matters here: without the
 * file's, the committed edits are lost; without the directory's on creation, the whole manifest is; without the
 * directory's before a merge edit, the outputs are.
 */
class PowerLossTest {

    private static final Rect BOX = new Rect(0.0, 0.0, 1.0, 1.0);
    private static final FlushEdit FLUSH_0 = new FlushEdit(new Component("0_0", 0, BOX, 9, 90));
    private static final FlushEdit FLUSH_1 = new FlushEdit(new Component("1_1", 0, BOX, 8, 80));
    private static final MergeEdit MERGE = new MergeEdit(0, List.of("0_0", "1_1"),
            List.of(new Component("0_1_m0p0", 1, BOX, 10, 100), new Component("0_1_m0p1", 1, BOX, 7, 90)),
            List.of(FLUSH_0.component(), FLUSH_1.component()));

    private final PowerLossStorage storage = new PowerLossStorage();

    @Test
    void theModelKeepsOnlyWhatWasForced(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("f");
        write(file, "lost", false, false);
        storage.powerLoss();
        assertThat(file).as("a name whose directory was never forced").doesNotExist();
        write(file, "kept", true, true);
        write(file, " and lost", false, false);
        storage.powerLoss();
        assertThat(Files.readString(file)).isEqualTo("kept");
    }

    @Test
    void committedEditsSurviveAPowerLoss(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LeveledManifest.FILE_NAME);
        LeveledManifest.append(storage, file, FLUSH_0);
        LeveledManifest.append(storage, file, FLUSH_1);
        storage.powerLoss();
        assertThat(LeveledManifest.read(file)).isEqualTo(Version.EMPTY.apply(FLUSH_0).apply(FLUSH_1));
    }

    @Test
    void anAppendCutByAPowerLossLeavesTheCommittedEdits(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LeveledManifest.FILE_NAME);
        LeveledManifest.append(storage, file, FLUSH_0);
        storage.failNextFileForce();
        assertThatThrownBy(() -> LeveledManifest.append(storage, file, FLUSH_1))
                .isInstanceOf(UncheckedIOException.class);
        assertThat(LeveledManifest.read(file)).isEqualTo(Version.EMPTY.apply(FLUSH_0));
        LeveledManifest.append(storage, file, FLUSH_1);
        storage.powerLoss();
        assertThat(LeveledManifest.read(file)).isEqualTo(Version.EMPTY.apply(FLUSH_0).apply(FLUSH_1));
    }

    @Test
    void aMergeEditCommitsOnlyOutputsWhoseNamesAreDurable(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LeveledManifest.FILE_NAME);
        for (String flush : List.of("0_0", "1_1")) {
            Files.writeString(dir.resolve(flush), flush);
        }
        LeveledManifest.append(storage, file, FLUSH_0);
        LeveledManifest.append(storage, file, FLUSH_1);
        // The merge wrote and forced its outputs; their names are new in the directory.
        for (Component output : MERGE.added()) {
            Files.writeString(dir.resolve(output.name()), output.name());
            storage.created(dir.resolve(output.name()));
        }
        LeveledManifest.append(storage, file, MERGE);
        storage.powerLoss();
        Version version = LeveledManifest.read(file);
        assertThat(version.live()).containsOnlyKeys("0_1_m0p0", "0_1_m0p1");
        List<String> files;
        try (Stream<Path> listing = Files.list(dir)) {
            files = listing.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).toList();
        }
        assertThat(LeveledManifest.inconsistency(files, true, version)).isEmpty();
        assertThat(version.liveWithoutFile(files)).isEmpty();
    }

    private void write(Path file, String text, boolean forceFile, boolean forceDirectory) throws Exception {
        try (FileChannel channel = storage.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
            if (forceFile) {
                channel.force(true);
            }
        }
        if (forceDirectory) {
            LeveledManifest.forceDirectory(storage, file.getParent());
        }
    }
}

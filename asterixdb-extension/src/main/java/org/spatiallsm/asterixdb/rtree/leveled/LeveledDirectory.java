package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The files a leveled index partition keeps besides its components, whatever its key type: the manifest, and the
 * merge's temporary directory; and the start-up choice of the components it opens with ({@link #open}), which
 * the file managers of the leveled R-tree and the leveled B-tree both make from the manifest.
 */
final class LeveledDirectory {

    private static final Logger LOGGER = LogManager.getLogger();

    /**
     * Where merges put their temporary files (the output table, spilled runs): beside the storage directory of the IO
     * device that holds the index, so on the data disk the merge writes to anyway, never in a possibly small or full
     * {@code java.io.tmpdir}; and outside {@code storage/}, whose tree AsterixDB walks (the resource repository looks
     * for index metadata files in every subdirectory) and would fail on a directory a merge deletes meanwhile.
     */
    static final String MERGE_TEMPORARY_ROOT = "spatial-lsm-merge-temporary";

    private final FileReference baseDir;

    LeveledDirectory(FileReference baseDir) {
        this.baseDir = baseDir;
    }

    Path manifest() {
        return baseDir.getFile().toPath().resolve(LeveledManifest.FILE_NAME);
    }

    /** This index partition's merge temporary directory: one merge runs per index partition at a time. */
    Path mergeTemporaryDirectory() {
        return baseDir.getDeviceHandle().getMount().toPath().resolve(MERGE_TEMPORARY_ROOT)
                .resolve(baseDir.getRelativePath());
    }

    /**
     * Where this index partition's merges put their temporary files when {@link #mergeTemporaryDirectory} cannot be
     * created (a file in its way, no permission): the same path under {@code java.io.tmpdir}, below the IO device's
     * absolute path, so that two clusters (or nodes) on one machine never share it.
     */
    Path fallbackMergeTemporaryDirectory() {
        Path mount = baseDir.getDeviceHandle().getMount().toPath().toAbsolutePath();
        Path root = Path.of(System.getProperty("java.io.tmpdir")).resolve(MERGE_TEMPORARY_ROOT);
        for (Path name : mount) {
            root = root.resolve(name.toString());
        }
        return root.resolve(baseDir.getRelativePath());
    }

    /**
     * Deletes the merge temporary directories with whatever a merge, or a crash during one, left in them. Best
     * effort: what cannot be deleted is logged and left for the next merge or start-up, since neither a finished
     * merge nor an index's activation may fail on it.
     */
    void deleteMergeTemporaryDirectories() {
        for (Path directory : List.of(mergeTemporaryDirectory(), fallbackMergeTemporaryDirectory())) {
            if (!Files.isDirectory(directory)) {
                continue;
            }
            try (Stream<Path> left = Files.list(directory)) {
                for (Path file : left.toList()) {
                    Files.deleteIfExists(file);
                }
                Files.deleteIfExists(directory);
            } catch (IOException e) {
                LOGGER.warn("spatial-lsm: cannot delete the leveled merge's temporary files in {}: {}", directory,
                        e.toString());
            }
        }
    }

    /** The component name of output {@code output} of merge {@code serial} whose inputs span the sequences. */
    static String outputName(long minSeq, long maxSeq, long serial, int output) {
        return LeveledManifest.Name.output(minSeq, maxSeq, serial, output);
    }

    FileReference child(String fileName) {
        return baseDir.getChild(fileName);
    }

    /** Deletes one component file at start-up (the file manager's {@code delete}). */
    @FunctionalInterface
    interface Deletion {
        void delete(FileReference file) throws HyracksDataException;
    }

    /**
     * At start-up, after the stock code dropped the components whose valid bit is not set: the valid components
     * ({@code validFiles}: each component's files, by component name) that open, in search order, as the manifest
     * says; the others (consumed inputs, orphans of a merge that never committed) are deleted. An unfinished
     * rewrite of the manifest and a merge's temporary files are deleted first. An index partition whose files and
     * manifest disagree ({@link LeveledManifest#inconsistency}) refuses to open, with one line, before anything is
     * deleted.
     */
    List<LSMComponentFileReferences> open(Map<String, LSMComponentFileReferences> validFiles, Deletion deletion)
            throws HyracksDataException {
        LeveledManifest.Selection selection;
        try {
            selection = select(validFiles.keySet());
        } catch (RuntimeException e) {
            throw HyracksDataException.create(e);
        }
        for (String name : selection.deleted()) {
            for (FileReference file : validFiles.get(name).getFileReferences()) {
                if (file != null) {
                    deletion.delete(file);
                }
            }
        }
        List<LSMComponentFileReferences> components = new ArrayList<>();
        for (String name : selection.keptInOrder()) {
            components.add(validFiles.get(name));
        }
        return components;
    }

    private LeveledManifest.Selection select(Collection<String> validNames) {
        LeveledManifest.discardUnfinishedRewrite(manifest());
        deleteMergeTemporaryDirectories();
        LeveledManifest.Version version = LeveledManifest.read(manifest());
        Optional<String> inconsistency = LeveledManifest.inconsistency(validNames, Files.exists(manifest()), version);
        if (inconsistency.isPresent()) {
            // Before anything is deleted: opening would drop or delete components.
            throw new IllegalStateException("leveled index " + baseDir.getRelativePath() + " refuses to open: "
                    + inconsistency.get() + " (manifest " + manifest()
                    + "); nothing was deleted. Restore the manifest that belongs with these files.");
        }
        return LeveledManifest.select(new ArrayList<>(validNames), version);
    }
}

package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.storage.am.common.api.ITreeIndex;
import org.apache.hyracks.storage.am.lsm.common.impls.IndexComponentFileReference;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.TreeIndexFactory;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuplesFileManager;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The stock file manager of an anti-matter R-tree, except that the components an index opens with are those of its
 * manifest ({@link LeveledManifest#select}), never chosen by sequence-range nesting, that an unfinished rewrite
 * of the manifest and a merge's temporary files are deleted at start-up, and that an index partition whose files
 * and manifest disagree ({@link LeveledManifest#inconsistency}) refuses to open before any component is deleted.
 */
final class LeveledRTreeFileManager extends LSMRTreeWithAntiMatterTuplesFileManager {

    private static final Logger LOGGER = LogManager.getLogger();

    LeveledRTreeFileManager(IIOManager ioManager, FileReference file,
            TreeIndexFactory<? extends ITreeIndex> rtreeFactory) {
        super(ioManager, file, rtreeFactory);
    }

    /**
     * Where merges put their temporary files (the output table, spilled runs): beside the storage directory of the IO
     * device that holds the index, so on the data disk the merge writes to anyway, never in a possibly small or full
     * {@code java.io.tmpdir}; and outside {@code storage/}, whose tree AsterixDB walks (the resource repository looks
     * for index metadata files in every subdirectory) and would fail on a directory a merge deletes meanwhile.
     */
    static final String MERGE_TEMPORARY_ROOT = "spatial-lsm-merge-temporary";

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

    /** The file of output {@code output} of merge {@code serial} whose inputs span {@code minSeq..maxSeq}. */
    FileReference outputFile(long minSeq, long maxSeq, long serial, int output) {
        return baseDir.getChild(LeveledManifest.Name.output(minSeq, maxSeq, serial, output));
    }

    @Override
    public List<LSMComponentFileReferences> cleanupAndGetValidFiles() throws HyracksDataException {
        IBufferCache bufferCache = treeFactory.getBufferCache();
        // Drops (and deletes) the files whose valid bit is not set: outputs of a merge that never completed.
        ArrayList<IndexComponentFileReference> validFiles = new ArrayList<>();
        cleanupAndGetValidFilesInternal(COMPONENT_FILES_FILTER, treeFactory, validFiles, bufferCache);
        Map<String, FileReference> byName = new HashMap<>();
        validFiles.forEach(f -> byName.put(f.getFileName(), f.getFileRef()));
        LeveledManifest.Selection selection;
        try {
            LeveledManifest.discardUnfinishedRewrite(manifest());
            deleteMergeTemporaryDirectories();
            LeveledManifest.Version version = LeveledManifest.read(manifest());
            Optional<String> inconsistency =
                    LeveledManifest.inconsistency(byName.keySet(), Files.exists(manifest()), version);
            if (inconsistency.isPresent()) {
                // Before anything is deleted: opening would drop or delete components.
                throw new IllegalStateException("leveled R-tree " + baseDir.getRelativePath()
                        + " refuses to open: " + inconsistency.get() + " (manifest " + manifest()
                        + "); nothing was deleted. Restore the manifest that belongs with these files.");
            }
            selection = LeveledManifest.select(new ArrayList<>(byName.keySet()), version);
        } catch (RuntimeException e) {
            throw HyracksDataException.create(e);
        }
        for (String name : selection.deleted()) {
            delete(bufferCache, byName.get(name));
        }
        List<LSMComponentFileReferences> components = new ArrayList<>();
        for (String name : selection.keptInOrder()) {
            components.add(new LSMComponentFileReferences(byName.get(name), null, null));
        }
        return components;
    }
}

package org.spatiallsm.asterixdb.rtree.leveled;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.storage.am.common.api.ITreeIndex;
import org.apache.hyracks.storage.am.lsm.common.impls.IndexComponentFileReference;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.TreeIndexFactory;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuplesFileManager;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;

/**
 * The stock file manager of an anti-matter R-tree, except that the components an index opens with are those of its
 * manifest ({@link LeveledDirectory#open}), never chosen by sequence-range nesting. A component is one file, whose
 * name is the component's name in the manifest.
 */
final class LeveledRTreeFileManager extends LSMRTreeWithAntiMatterTuplesFileManager {

    private final LeveledDirectory directory;

    LeveledRTreeFileManager(IIOManager ioManager, FileReference file,
            TreeIndexFactory<? extends ITreeIndex> rtreeFactory) {
        super(ioManager, file, rtreeFactory);
        this.directory = new LeveledDirectory(baseDir);
    }

    LeveledDirectory directory() {
        return directory;
    }

    /** The files of the merge output named {@code name}. */
    LSMComponentFileReferences outputFiles(String name) {
        return new LSMComponentFileReferences(directory.child(name), null, null);
    }

    @Override
    public List<LSMComponentFileReferences> cleanupAndGetValidFiles() throws HyracksDataException {
        IBufferCache bufferCache = treeFactory.getBufferCache();
        // Drops (and deletes) the files whose valid bit is not set: outputs of a merge that never completed.
        ArrayList<IndexComponentFileReference> validFiles = new ArrayList<>();
        cleanupAndGetValidFilesInternal(COMPONENT_FILES_FILTER, treeFactory, validFiles, bufferCache);
        Map<String, LSMComponentFileReferences> byName = new HashMap<>();
        validFiles.forEach(
                f -> byName.put(f.getFileName(), new LSMComponentFileReferences(f.getFileRef(), null, null)));
        return directory.open(byName, file -> delete(bufferCache, file));
    }
}

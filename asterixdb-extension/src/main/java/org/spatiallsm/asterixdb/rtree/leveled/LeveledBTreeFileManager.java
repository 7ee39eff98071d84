package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.FilenameFilter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.hyracks.api.compression.ICompressorDecompressorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.storage.am.common.api.ITreeIndex;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeFileManager;
import org.apache.hyracks.storage.am.lsm.common.impls.IndexComponentFileReference;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.TreeIndexFactory;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;

/**
 * The stock file manager of a secondary LSM B-tree (no Bloom filter), except that the components an index opens with
 * are those of its manifest ({@link LeveledDirectory#open}), never chosen by sequence-range nesting. A component is
 * the file {@code <name>_b}, where {@code <name>} is its name in the manifest (a flush's {@code <s>_<e>}, a merge
 * output's {@code <minSeq>_<maxSeq>_m<serial>p<k>}).
 */
final class LeveledBTreeFileManager extends LSMBTreeFileManager {

    /** What the B-tree file of a component adds to its name. */
    private static final String BTREE_FILE = DELIMITER + BTREE_SUFFIX;
    private static final FilenameFilter BTREE_FILES = (dir, name) -> !name.startsWith(".") && name.endsWith(BTREE_FILE);

    private final TreeIndexFactory<? extends ITreeIndex> btreeFactory;
    private final LeveledDirectory directory;

    LeveledBTreeFileManager(IIOManager ioManager, FileReference file,
            TreeIndexFactory<? extends ITreeIndex> btreeFactory, ICompressorDecompressorFactory compressorFactory) {
        super(ioManager, file, btreeFactory, false, compressorFactory);
        this.btreeFactory = btreeFactory;
        this.directory = new LeveledDirectory(baseDir);
    }

    LeveledDirectory directory() {
        return directory;
    }

    /** The component name of a B-tree file: the file name without {@link #BTREE_FILE}. */
    static String componentName(String btreeFileName) {
        if (!btreeFileName.endsWith(BTREE_FILE)) {
            throw new IllegalArgumentException("not the B-tree file of a component: " + btreeFileName);
        }
        return btreeFileName.substring(0, btreeFileName.length() - BTREE_FILE.length());
    }

    /** The files of the component named {@code name}. */
    LSMComponentFileReferences componentFiles(String name) {
        return new LSMComponentFileReferences(directory.child(name + BTREE_FILE), null, null);
    }

    @Override
    public List<LSMComponentFileReferences> cleanupAndGetValidFiles() throws HyracksDataException {
        IBufferCache bufferCache = btreeFactory.getBufferCache();
        // Drops (and deletes) the files whose valid bit is not set: outputs of a merge that never completed.
        ArrayList<IndexComponentFileReference> validFiles = new ArrayList<>();
        cleanupAndGetValidFilesInternal(getCompoundFilter(getTransactionFileFilter(false), BTREE_FILES), btreeFactory,
                validFiles, bufferCache);
        Map<String, FileReference> byName = new HashMap<>();
        validFiles.forEach(f -> byName.put(componentName(f.getFileName()), f.getFileRef()));
        return directory.open(byName, file -> delete(bufferCache, file));
    }
}

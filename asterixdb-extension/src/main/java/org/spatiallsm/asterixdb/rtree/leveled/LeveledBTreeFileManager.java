package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.FilenameFilter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * The stock file manager of an LSM B-tree, except that the components an index opens with are those of its manifest
 * ({@link LeveledDirectory#open}), never chosen by sequence-range nesting. A component is the file {@code <name>_b},
 * where {@code <name>} is its name in the manifest (a flush's {@code <s>_<e>}, a merge output's
 * {@code <minSeq>_<maxSeq>_m<serial>p<k>}), and, with Bloom filters (a primary index), {@code <name>_f}.
 */
final class LeveledBTreeFileManager extends LSMBTreeFileManager {

    /** What the B-tree file of a component adds to its name. */
    private static final String BTREE_FILE = DELIMITER + BTREE_SUFFIX;
    private static final String BLOOM_FILTER_FILE = DELIMITER + BLOOM_FILTER_SUFFIX;
    private static final FilenameFilter BTREE_FILES = (dir, name) -> !name.startsWith(".") && name.endsWith(BTREE_FILE);
    private static final FilenameFilter BLOOM_FILTER_FILES =
            (dir, name) -> !name.startsWith(".") && name.endsWith(BLOOM_FILTER_FILE);

    private final TreeIndexFactory<? extends ITreeIndex> btreeFactory;
    private final boolean hasBloomFilter;
    private final LeveledDirectory directory;

    LeveledBTreeFileManager(IIOManager ioManager, FileReference file,
            TreeIndexFactory<? extends ITreeIndex> btreeFactory, boolean hasBloomFilter,
            ICompressorDecompressorFactory compressorFactory) {
        super(ioManager, file, btreeFactory, hasBloomFilter, compressorFactory);
        this.btreeFactory = btreeFactory;
        this.hasBloomFilter = hasBloomFilter;
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

    /**
     * The files of the component named {@code name}: a compressed B-tree file where the index compresses (the
     * primary index, as the stock file manager names its flushes), and its Bloom filter where it has one.
     */
    LSMComponentFileReferences componentFiles(String name) {
        return new LSMComponentFileReferences(getFileReference(name + BTREE_FILE), null,
                hasBloomFilter ? getFileReference(name + BLOOM_FILTER_FILE) : null);
    }

    @Override
    public List<LSMComponentFileReferences> cleanupAndGetValidFiles() throws HyracksDataException {
        IBufferCache bufferCache = btreeFactory.getBufferCache();
        // Drops (and deletes) the files whose valid bit is not set: outputs of a merge that never completed.
        ArrayList<IndexComponentFileReference> validFiles = new ArrayList<>();
        cleanupAndGetValidFilesInternal(getCompoundFilter(getTransactionFileFilter(false), BTREE_FILES), btreeFactory,
                validFiles, bufferCache);
        Map<String, LSMComponentFileReferences> byName = new HashMap<>();
        for (IndexComponentFileReference valid : validFiles) {
            byName.put(componentName(valid.getFileName()), componentFiles(componentName(valid.getFileName())));
        }
        if (hasBloomFilter) {
            deleteBloomFiltersWithoutBTree(byName.keySet(), bufferCache);
        }
        return directory.open(byName, file -> delete(bufferCache, file));
    }

    /**
     * A Bloom filter has no valid bit: it belongs to the B-tree file of its name, and without a valid one (a merge
     * output that never completed) it is deleted, as the stock file manager does. A valid B-tree without its Bloom
     * filter is a damaged index, refused, as the stock file manager refuses it.
     */
    private void deleteBloomFiltersWithoutBTree(Set<String> validNames, IBufferCache bufferCache)
            throws HyracksDataException {
        Set<String> withBloomFilter = new HashSet<>();
        String[] bloomFilters = baseDir.getFile().list(BLOOM_FILTER_FILES);
        if (bloomFilters == null) {
            throw HyracksDataException.create(new IllegalStateException("cannot list " + baseDir));
        }
        for (String file : bloomFilters) {
            String name = file.substring(0, file.length() - BLOOM_FILTER_FILE.length());
            if (validNames.contains(name)) {
                withBloomFilter.add(name);
            } else {
                delete(bufferCache, getFileReference(file));
            }
        }
        for (String name : validNames) {
            if (!withBloomFilter.contains(name)) {
                throw HyracksDataException.create(new IllegalStateException("leveled B-tree in " + baseDir
                        + " refuses to open: component " + name + " has no Bloom filter file " + name
                        + BLOOM_FILTER_FILE));
            }
        }
    }
}

package org.spatiallsm.asterixdb.rtree.partitioned;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.hyracks.api.exceptions.ErrorCode;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.storage.am.common.api.ITreeIndex;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.TreeIndexFactory;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuplesFileManager;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.apache.hyracks.storage.am.lsm.common.impls.IndexComponentFileReference;

/** The stock file manager of an anti-matter R-tree, except that it names and keeps all outputs of a merge. */
final class PartitionedRTreeFileManager extends LSMRTreeWithAntiMatterTuplesFileManager {

    PartitionedRTreeFileManager(IIOManager ioManager, FileReference file,
            TreeIndexFactory<? extends ITreeIndex> rtreeFactory) {
        super(ioManager, file, rtreeFactory);
    }

    /** The file of output {@code output} of the merge whose stock target is {@code mergeTarget}. */
    FileReference outputFile(FileReference mergeTarget, int output) {
        return baseDir.getChild(OutputFiles.outputName(mergeTarget.getFile().getName(), output));
    }

    @Override
    public List<LSMComponentFileReferences> cleanupAndGetValidFiles() throws HyracksDataException {
        IBufferCache bufferCache = treeFactory.getBufferCache();
        // Drops (and deletes) the files whose valid bit is not set: outputs of a merge that never completed.
        ArrayList<IndexComponentFileReference> validFiles = new ArrayList<>();
        cleanupAndGetValidFilesInternal(COMPONENT_FILES_FILTER, treeFactory, validFiles, bufferCache);
        Map<String, FileReference> byName = new HashMap<>();
        validFiles.forEach(f -> byName.put(f.getFileName(), f.getFileRef()));
        OutputFiles.Selection selection;
        try {
            selection = OutputFiles.select(new ArrayList<>(byName.keySet()));
        } catch (OutputFiles.OverlappingRangesException e) {
            throw HyracksDataException.create(ErrorCode.FOUND_OVERLAPPING_LSM_FILES, baseDir);
        }
        for (String name : selection.nested()) {
            delete(bufferCache, byName.get(name));
        }
        List<LSMComponentFileReferences> components = new ArrayList<>();
        for (String name : selection.newestFirst()) {
            components.add(new LSMComponentFileReferences(byName.get(name), null, null));
        }
        return components;
    }
}

package org.spatiallsm.asterixdb.rtree.partitioned;

import java.util.ArrayList;
import java.util.List;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.impls.MergeOperation;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeMergeOperation;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;

/**
 * A merge of a {@link PartitionedMergeRTree}: AsterixDB's merge of an R-tree, plus the list of all the components it
 * writes. The harness knows only the first ({@code getNewComponent()}); the others travel here.
 */
final class PartitionedMergeOperation extends LSMRTreeMergeOperation {

    private final boolean keepsAntiMatter;
    private final List<FileReference> outputFiles = new ArrayList<>();
    private final List<ILSMDiskComponent> outputs = new ArrayList<>();

    PartitionedMergeOperation(MergeOperation stock, ILSMIOOperationCallback callback, String indexIdentifier,
            boolean keepsAntiMatter) {
        super(stock.getAccessor(), stock.getCursor(), stock.getCursorStats(), stock.getTarget(), null, null, callback,
                indexIdentifier);
        this.keepsAntiMatter = keepsAntiMatter;
    }

    /** True unless the merge includes the index's oldest component, below which no deleted entry can hide. */
    boolean keepsAntiMatter() {
        return keepsAntiMatter;
    }

    void addOutput(FileReference file, ILSMDiskComponent component) {
        outputFiles.add(file);
        outputs.add(component);
    }

    /** All outputs, in output order; the first is the one the harness holds. */
    List<ILSMDiskComponent> outputs() {
        return outputs;
    }

    /** A failed merge deletes every output it began (the stock R-tree merge names no file to delete here). */
    @Override
    public void cleanup(IBufferCache bufferCache) {
        for (FileReference file : outputFiles) {
            try {
                bufferCache.closeFileIfOpen(file);
                bufferCache.deleteFile(file);
            } catch (HyracksDataException e) {
                getFailure().addSuppressed(e);
            }
        }
    }
}

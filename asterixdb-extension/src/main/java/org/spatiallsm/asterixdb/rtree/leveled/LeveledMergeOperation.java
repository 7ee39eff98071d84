package org.spatiallsm.asterixdb.rtree.leveled;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.impls.MergeOperation;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeMergeOperation;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.leveled.LeveledMerge;
import org.spatiallsm.partitioning.partitioner.PartitionInfo;

/**
 * A merge of a {@link LeveledRTree}: AsterixDB's merge of an R-tree, plus the policy's decision, the merge's serial
 * (unique per index, in its output names and manifest edit) and all the components it writes. The harness knows
 * only the first ({@code getNewComponent()}); the others travel here.
 */
final class LeveledMergeOperation extends LSMRTreeMergeOperation {

    private final LeveledMerge<Rect> decision;
    private final List<LeveledManifest.Component> inputs;
    private final long serial;
    /** The outputs begun, in the order they were created: what a failed merge deletes. */
    private final List<FileReference> outputFiles = new ArrayList<>();
    private List<ILSMDiskComponent> outputs = List.of();
    private List<PartitionInfo> partitions = List.of();
    /** The merge edit once written (the commit), installed by the harness afterwards. */
    private volatile LeveledManifest.MergeEdit committed;

    LeveledMergeOperation(MergeOperation stock, ILSMIOOperationCallback callback, String indexIdentifier,
            LeveledMerge<Rect> decision, List<LeveledManifest.Component> inputs, long serial) {
        super(stock.getAccessor(), stock.getCursor(), stock.getCursorStats(), stock.getTarget(), null, null, callback,
                indexIdentifier);
        this.decision = decision;
        this.inputs = inputs;
        this.serial = serial;
    }

    /** The inputs as the policy saw them when it decided, newest first. */
    List<LeveledManifest.Component> inputs() {
        return inputs;
    }

    LeveledMerge<Rect> decision() {
        return decision;
    }

    long serial() {
        return serial;
    }

    /** The merge writes one output per partition, in output order; none is begun yet. */
    void expectOutputs(List<PartitionInfo> outputPartitions) {
        partitions = List.copyOf(outputPartitions);
        outputs = new ArrayList<>(Collections.nCopies(partitions.size(), null));
    }

    /** Output {@code output} was created, in {@code file}. Outputs may begin in any order. */
    void beginOutput(int output, FileReference file, ILSMDiskComponent component) {
        outputFiles.add(file);
        outputs.set(output, component);
    }

    /** All outputs, in output order; the first is the one the harness holds. */
    List<ILSMDiskComponent> outputs() {
        return outputs;
    }

    /** What the partitioner says of each output (MBR, entries), in output order. */
    List<PartitionInfo> partitions() {
        return partitions;
    }

    /** The merge edit, once committed; null before. */
    LeveledManifest.MergeEdit committed() {
        return committed;
    }

    void committed(LeveledManifest.MergeEdit edit) {
        committed = edit;
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

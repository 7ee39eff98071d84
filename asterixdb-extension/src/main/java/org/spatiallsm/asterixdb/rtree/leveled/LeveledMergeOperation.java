package org.spatiallsm.asterixdb.rtree.leveled;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.MergeOperation;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.spatiallsm.partitioning.leveled.LeveledMerge;

/**
 * A merge of a leveled index (R-tree or B-tree): AsterixDB's merge of the index, plus the policy's decision, the
 * merge's serial (unique per index, in its output names and manifest edit) and all the components it writes, each
 * with what the merge found of it (bounds, entries). The harness knows only the first ({@code getNewComponent()});
 * the others travel here.
 */
final class LeveledMergeOperation extends MergeOperation {

    private final LeveledMerge<?> decision;
    private final List<LeveledManifest.Component> inputs;
    private final long serial;
    /** The files of the outputs begun, in the order they were created: what a failed merge deletes. */
    private final List<FileReference> outputFiles = new ArrayList<>();
    private List<ILSMDiskComponent> outputs = List.of();
    private List<LeveledEngine.Scan> described = List.of();
    /** The merge edit once written (the commit), installed by the harness afterwards. */
    private volatile LeveledManifest.MergeEdit committed;

    LeveledMergeOperation(MergeOperation stock, ILSMIOOperationCallback callback, String indexIdentifier,
            LeveledMerge<?> decision, List<LeveledManifest.Component> inputs, long serial) {
        super(stock.getAccessor(), stock.getTarget(), callback, indexIdentifier, stock.getCursor(),
                stock.getCursorStats());
        this.decision = decision;
        this.inputs = inputs;
        this.serial = serial;
    }

    /** The inputs as the policy saw them when it decided, newest first. */
    List<LeveledManifest.Component> inputs() {
        return inputs;
    }

    LeveledMerge<?> decision() {
        return decision;
    }

    long serial() {
        return serial;
    }

    /** The merge writes {@code count} outputs; none is begun yet. */
    void expectOutputs(int count) {
        outputs = new ArrayList<>(Collections.nCopies(count, null));
        described = new ArrayList<>(Collections.nCopies(count, null));
    }

    /** Output {@code output} was created, in {@code files}. Outputs may begin in any order. */
    void beginOutput(int output, LSMComponentFileReferences files, ILSMDiskComponent component) {
        for (FileReference file : files.getFileReferences()) {
            if (file != null) {
                outputFiles.add(file);
            }
        }
        outputs.set(output, component);
    }

    /** What the merge found of output {@code output}: its bounds and entries, anti-matter included. */
    void describeOutput(int output, LeveledEngine.Scan scan) {
        described.set(output, scan);
    }

    /** All outputs, in output order; the first is the one the harness holds. */
    List<ILSMDiskComponent> outputs() {
        return outputs;
    }

    /** What the merge found of each output, in output order. */
    List<LeveledEngine.Scan> described() {
        return described;
    }

    /** The merge edit, once committed; null before. */
    LeveledManifest.MergeEdit committed() {
        return committed;
    }

    void committed(LeveledManifest.MergeEdit edit) {
        committed = edit;
    }

    /** The first output's files, as the stock merge would name them; the outputs' own files are in {@link #cleanup}. */
    @Override
    public LSMComponentFileReferences getComponentFiles() {
        return new LSMComponentFileReferences(target, null, null);
    }

    /** A failed merge deletes every output it began (the stock merge would delete only the first). */
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

package org.spatiallsm.asterixdb.merge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.ComponentState;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation.LSMIOOperationType;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicy;
import org.spatiallsm.asterixdb.crash.CrashPoints;
import org.spatiallsm.asterixdb.introspection.FlushCount;
import org.spatiallsm.asterixdb.introspection.LsmEventJournal;
import org.spatiallsm.merge.ComponentView;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;

/**
 * Plugs a pure {@link MergePolicy} core into Hyracks' LSM harness. One instance per index (the harness creates it
 * when it opens the index). All calls arrive under the index's operation-tracker lock, so nothing here blocks; the
 * journal only queues its events.
 */
final class StackMergePolicyAdapter implements ILSMMergePolicy {

    /** Crash points of the crash test ({@link CrashPoints}), reached by every stack policy's merges. */
    static final String MERGE_SCHEDULED = "stack.merge.scheduled";
    static final String MERGE_INSTALLED = "stack.merge.installed";

    private final MergePolicy core;
    private final LsmEventJournal journal;
    /** Last flush sequence seen; a call whose sequence is newer follows a flush, otherwise a merge completion. */
    private long lastSeenSequence = -1;

    StackMergePolicyAdapter(MergePolicy core, LsmEventJournal journal) {
        this.core = core;
        this.journal = journal;
    }

    @Override
    public void configure(Map<String, String> properties) {
        // Parameters were validated and bound when the core was built by the factory.
    }

    @Override
    public void diskComponentAdded(ILSMIndex index, boolean fullMergeIsRequested) throws HyracksDataException {
        List<ILSMDiskComponent> components = new ArrayList<>(index.getDiskComponents());
        long flushCount = FlushCount.of(index);
        journal.stackChanged(index, components, flushCount);
        if (fullMergeIsRequested) {
            // COMPACT DATASET asks for everything; a policy has no say in that.
            ILSMIOOperation merge = accessor(index).scheduleFullMerge();
            recordScheduled(index, merge, components, flushCount);
            return;
        }
        StackView.Event event = consumeEvent(index);
        if (event == StackView.Event.MERGE_COMPLETED) {
            // The merged component is installed; its inputs' files are not deleted yet.
            CrashPoints.reach(MERGE_INSTALLED);
        }
        Optional<MergeSpec> decision = core.findMerge(view(components, flushCount, event));
        if (decision.isPresent()) {
            MergeSpec run = decision.get();
            List<ILSMDiskComponent> inputs = new ArrayList<>(components.subList(run.newest(), run.oldest() + 1));
            ILSMIOOperation merge = accessor(index).scheduleMerge(inputs);
            recordScheduled(index, merge, inputs, flushCount);
            // The merge runs on an I/O thread meanwhile: a halt here lands while it writes (or before it starts).
            CrashPoints.reach(MERGE_SCHEDULED);
        }
    }

    @Override
    public boolean isMergeLagging(ILSMIndex index) throws HyracksDataException {
        return core.isMergeLagging(view(index.getDiskComponents(), FlushCount.of(index), StackView.Event.FLUSH));
    }

    /** AsterixDB answers a merge it refuses (a component already merging, the index closing) with a no-op. */
    private void recordScheduled(ILSMIndex index, ILSMIOOperation merge, List<ILSMDiskComponent> inputs,
            long flushCount) {
        if (merge.getIOOpertionType() != LSMIOOperationType.NOOP) {
            journal.mergeScheduled(index, inputs, flushCount);
        }
    }

    private StackView.Event consumeEvent(ILSMIndex index) {
        long sequence = FlushCount.latestSequence(index);
        StackView.Event event = sequence > lastSeenSequence ? StackView.Event.FLUSH : StackView.Event.MERGE_COMPLETED;
        lastSeenSequence = Math.max(lastSeenSequence, sequence);
        return event;
    }

    private static StackView view(List<ILSMDiskComponent> components, long flushCount, StackView.Event event) {
        List<ComponentView> views = new ArrayList<>(components.size());
        for (ILSMDiskComponent component : components) {
            views.add(new ComponentView(component.getComponentSize(),
                    component.getState() == ComponentState.READABLE_MERGING));
        }
        return new StackView(views, flushCount, event);
    }

    private static ILSMIndexAccessor accessor(ILSMIndex index) throws HyracksDataException {
        return index.createAccessor(NoOpIndexAccessParameters.INSTANCE);
    }
}

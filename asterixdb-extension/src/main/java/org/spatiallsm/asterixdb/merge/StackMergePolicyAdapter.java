package org.spatiallsm.asterixdb.merge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.ComponentState;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicy;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndex;
import org.spatiallsm.merge.ComponentView;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.MergeSpec;
import org.spatiallsm.merge.StackView;

/**
 * Plugs a pure {@link MergePolicy} core into Hyracks' LSM harness. One instance per index (the harness creates it
 * when it opens the index). All calls arrive under the index's operation-tracker lock, so nothing here blocks.
 */
final class StackMergePolicyAdapter implements ILSMMergePolicy {

    private final MergePolicy core;
    /** Last flush sequence seen; a call whose sequence is newer follows a flush, otherwise a merge completion. */
    private long lastSeenSequence = -1;

    StackMergePolicyAdapter(MergePolicy core) {
        this.core = core;
    }

    @Override
    public void configure(Map<String, String> properties) {
        // Parameters were validated and bound when the core was built by the factory.
    }

    @Override
    public void diskComponentAdded(ILSMIndex index, boolean fullMergeIsRequested) throws HyracksDataException {
        List<ILSMDiskComponent> components = new ArrayList<>(index.getDiskComponents());
        if (fullMergeIsRequested) {
            // COMPACT DATASET asks for everything; a policy has no say in that.
            accessor(index).scheduleFullMerge();
            return;
        }
        StackView.Event event = consumeEvent(index);
        Optional<MergeSpec> merge = core.findMerge(view(index, components, event));
        if (merge.isPresent()) {
            MergeSpec run = merge.get();
            accessor(index).scheduleMerge(new ArrayList<>(components.subList(run.newest(), run.oldest() + 1)));
        }
    }

    @Override
    public boolean isMergeLagging(ILSMIndex index) throws HyracksDataException {
        return core.isMergeLagging(view(index, index.getDiskComponents(), StackView.Event.FLUSH));
    }

    private StackView.Event consumeEvent(ILSMIndex index) {
        long sequence = latestSequence(index);
        StackView.Event event = sequence > lastSeenSequence ? StackView.Event.FLUSH : StackView.Event.MERGE_COMPLETED;
        lastSeenSequence = Math.max(lastSeenSequence, sequence);
        return event;
    }

    private static StackView view(ILSMIndex index, List<ILSMDiskComponent> components, StackView.Event event) {
        List<ComponentView> views = new ArrayList<>(components.size());
        for (ILSMDiskComponent component : components) {
            views.add(new ComponentView(component.getComponentSize(),
                    component.getState() == ComponentState.READABLE_MERGING));
        }
        // Sequence numbers start at 0 and grow only on flush and bulk load, and they are recovered from the
        // component files on restart: latest + 1 is the persistent flush count t the static policies need.
        return new StackView(views, latestSequence(index) + 1, event);
    }

    private static long latestSequence(ILSMIndex index) {
        if (index instanceof AbstractLSMIndex lsmIndex) {
            return lsmIndex.getLatestDiskComponentSequence().orElse(-1L);
        }
        throw new IllegalStateException("spatial-lsm merge policies need an AbstractLSMIndex, got " + index.getClass());
    }

    private static ILSMIndexAccessor accessor(ILSMIndex index) throws HyracksDataException {
        return index.createAccessor(NoOpIndexAccessParameters.INSTANCE);
    }
}

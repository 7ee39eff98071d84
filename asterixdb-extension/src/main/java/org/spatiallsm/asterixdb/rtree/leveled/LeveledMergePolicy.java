package org.spatiallsm.asterixdb.rtree.leveled;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation.LSMIOOperationType;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicy;
import org.spatiallsm.asterixdb.introspection.FlushCount;
import org.spatiallsm.asterixdb.introspection.LsmEventJournal;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;
import org.spatiallsm.partitioning.leveled.LeveledComponent;
import org.spatiallsm.partitioning.leveled.LeveledMerge;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.partitioning.leveled.LeveledView;

/**
 * Plugs the pure {@link LeveledPolicy} into Hyracks' LSM harness for one leveled index ({@link LeveledIndex}).
 * Called under the index's operation-tracker lock after every flush and every merge: a move is done at once (one
 * manifest line) and the policy is asked again; a merge is scheduled with exactly the decision's inputs. A COMPACT
 * that had to wait for a running merge is scheduled when it completes. Flushes and merges go to the introspection
 * journal (a move changes no file and is not an event).
 */
final class LeveledMergePolicy implements ILSMMergePolicy {

    private final LeveledPolicy core;
    private final LsmEventJournal journal;

    LeveledMergePolicy(LeveledPolicy core, LsmEventJournal journal) {
        this.core = core;
        this.journal = journal;
    }

    @Override
    public void configure(Map<String, String> properties) {
        // Parameters were validated and bound when the core was built by the factory.
    }

    @Override
    public void diskComponentAdded(ILSMIndex index, boolean fullMergeIsRequested) throws HyracksDataException {
        LeveledEngine<?> leveled = leveled(index);
        long flushCount = FlushCount.of(index);
        List<ILSMDiskComponent> components = new ArrayList<>(index.getDiskComponents());
        journal.stackChanged(index, components, flushCount);
        if (fullMergeIsRequested) {
            // COMPACT came while a merge ran; as with the stock policies, it runs once that merge is done, decided
            // by the core through the index (LeveledEngine.createMergeOperation).
            ILSMIOOperation compaction =
                    index.createAccessor(NoOpIndexAccessParameters.INSTANCE).scheduleFullMerge();
            if (compaction.getIOOpertionType() != LSMIOOperationType.NOOP) {
                journal.mergeScheduled(index, components, flushCount);
            }
            return;
        }
        decide(index, leveled, flushCount);
    }

    /**
     * Each move changes only a level, so the policy may have more to do at once; a merge ends the round (its
     * completion calls here again). Bounded: every move takes a component one level deeper.
     */
    private <E> void decide(ILSMIndex index, LeveledEngine<E> leveled, long flushCount) throws HyracksDataException {
        while (true) {
            LeveledSnapshots.Snapshot<ILSMDiskComponent, E> snapshot = leveled.snapshot();
            Optional<LeveledMerge<E>> decision = core.findMerge(snapshot.view());
            if (decision.isEmpty()) {
                return;
            }
            LeveledMerge<E> merge = decision.get();
            if (merge.isMove()) {
                if (leveled.move(snapshot.component(merge.picked().id()), merge.sourceLevel(),
                        merge.targetLevel())) {
                    continue;
                }
                // The move's edit could not be written (logged); the next flush or merge asks again.
                return;
            }
            List<ILSMDiskComponent> inputs = new ArrayList<>();
            for (LeveledComponent<E> input : merge.inputs()) {
                inputs.add(snapshot.component(input.id()));
            }
            ILSMIOOperation scheduled = leveled.scheduleMerge(merge, inputs);
            // AsterixDB answers a merge it refuses (an input already merging, the index closing) with a no-op.
            if (scheduled.getIOOpertionType() != LSMIOOperationType.NOOP) {
                journal.mergeScheduled(index, inputs, flushCount);
            }
            return;
        }
    }

    /** COMPACT's merge of every component of the index as {@code view} shows it; empty when nothing is to merge. */
    <E> Optional<LeveledMerge<E>> fullCompaction(LeveledView<E> view) {
        return core.fullCompaction(view);
    }

    @Override
    public boolean isMergeLagging(ILSMIndex index) throws HyracksDataException {
        return core.isMergeLagging(leveled(index).snapshot().view());
    }

    private static LeveledEngine<?> leveled(ILSMIndex index) throws HyracksDataException {
        LeveledIndex leveled = index instanceof LeveledIndex own ? own
                : index instanceof OrganisationBTree organisation ? organisation.levels().orElse(null) : null;
        if (leveled == null) {
            throw HyracksDataException.create(new IllegalStateException(
                    "the leveled merge policy applies only to leveled R-tree and B-tree indexes (organisations"
                            + " included), not to " + index));
        }
        return leveled.engine();
    }
}

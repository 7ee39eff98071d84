package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.common.ophelpers.IndexOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.ComponentState;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentBulkLoader;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMemoryComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicy;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndex;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.impls.EmptyComponent;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.MergeOperation;
import org.apache.hyracks.util.ExitUtil;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.spatiallsm.asterixdb.crash.CrashPoints;
import org.spatiallsm.asterixdb.crash.FaultPoints;
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.leveled.KeySpace;
import org.spatiallsm.partitioning.leveled.LeveledMerge;

/**
 * The leveled mechanism of one index partition, whatever its key type: the manifest (its version, appends, rewrites
 * and the activation that reads it back), the flush and merge commit points, trivial moves, the policy's picture of
 * the partition, the install of a merge's K outputs and the search order of the components. The leveled R-tree and
 * the leveled B-tree each own one and differ only in what they hand it ({@link Host}): how a component is scanned
 * for its bounds, how a merge cuts its stream into outputs, and the bounds of their key space ({@code E}: an MBR, a
 * key range).
 * <p>
 * Both commit points run inside the I/O operation, in {@link EngineCallback#afterFinalize}: a merge's edit after
 * every output is valid, a flush's edit before AsterixDB's index checkpoint names the flush. So a failed write fails
 * the operation as a failed flush or merge does in AsterixDB (inputs or memory component untouched, new files
 * deleted, the node halted, the log replayed at restart), and never runs after the harness has retired the inputs.
 *
 * @param <E> a component's bounds in the policy's key space
 */
final class LeveledEngine<E> {

    private static final Logger LOGGER = LogManager.getLogger();

    /** What a scan of a component, or a merge that wrote it, found: its bounds and entries, anti-matter included. */
    record Scan(Rect mbr, LeveledManifest.KeyBounds keys, long entries) {
    }

    /** What the engine needs of its index. */
    interface Host {
        /** The component's bounds and entry count, from one read of all its entries. */
        Scan scan(ILSMDiskComponent component) throws HyracksDataException;

        /** The files of the component named {@code name} in the manifest (a flush or a merge output). */
        LSMComponentFileReferences componentFiles(String name);

        /**
         * A new, empty disk component in {@code files} (the index's {@code createDiskComponent}), for {@code entries}
         * entries (a Bloom filter is sized by them).
         */
        ILSMDiskComponent createOutput(LSMComponentFileReferences files, long entries) throws HyracksDataException;

        /** What the index calls itself in a log line or an error ("leveled R-tree in ..."). */
        String kind();
    }

    private final AbstractLSMIndex index;
    private final Host host;
    private final LeveledDirectory files;
    private final Function<ILSMDiskComponent, String> names;
    /** The adapter of the policy core, which also decides COMPACT's full merge. */
    private final LeveledMergePolicy policy;
    private final LeveledSnapshots<E> snapshots;
    /** Flush edits written (before the checkpoint) whose component is not installed yet, by component name. */
    private final Map<String, LeveledManifest.FlushEdit> committedFlushes = new ConcurrentHashMap<>();
    /** Serialises appends: flush and merge edits come from I/O threads, moves from the policy under the lock. */
    private final Object manifestLock = new Object();
    /** Components that activations found without a manifest record and scanned, since this index was created. */
    private final AtomicLong scannedAtActivation = new AtomicLong();
    /** The outputs of merges that completed but are not installed yet, by the output the harness holds. */
    private final Map<ILSMDiskComponent, LeveledMergeOperation> uninstalled =
            Collections.synchronizedMap(new IdentityHashMap<>());
    /** Guarded by the operation tracker (every policy call and every install runs under it). */
    private LeveledManifest.Version version = LeveledManifest.Version.EMPTY;
    /** The manifest file as written (edits committed on I/O threads included); guarded by {@link #manifestLock}. */
    private LeveledManifest.Version manifestVersion = LeveledManifest.Version.EMPTY;
    /** The edits in the manifest file, a snapshot counting as one; guarded by {@link #manifestLock}. */
    private int manifestEdits;
    private long lastSerial = -1;
    private LeveledMerge<E> pendingDecision;
    private List<LeveledManifest.Component> pendingInputs;

    LeveledEngine(AbstractLSMIndex index, Host host, LeveledDirectory files, Function<ILSMDiskComponent, String> names,
            ILSMMergePolicy mergePolicy, KeySpace<E> keySpace, Function<LeveledManifest.Component, E> bounds)
            throws HyracksDataException {
        if (!(mergePolicy instanceof LeveledMergePolicy leveled)) {
            throw HyracksDataException.create(new IllegalArgumentException(
                    "a " + host.kind() + " needs the leveled merge policy, not " + mergePolicy));
        }
        this.index = index;
        this.host = host;
        this.files = files;
        this.names = names;
        this.policy = leveled;
        this.snapshots = new LeveledSnapshots<>(keySpace, bounds);
    }

    LeveledDirectory files() {
        return files;
    }

    String name(ILSMDiskComponent component) {
        return names.apply(component);
    }

    private List<ILSMDiskComponent> diskComponents() {
        return index.getDiskComponents();
    }

    private String where() {
        return host.kind() + " in " + files.manifest().getParent();
    }

    /**
     * Opens the components start-up kept, described by the manifest: nothing is scanned. The records of flushes that
     * AsterixDB deleted because no checkpoint named them (their records are replayed from the log) are forgotten. A
     * manifest of many more edits than components is rewritten as one snapshot, if the disk allows. A flush without
     * its edit is scanned once, and its edit written, so that the next start-up does not scan it again; unless
     * newer data lies below level 0, which means its edit was lost while the node went on (corruption: the index is
     * not opened, rather than bring back what that newer data deleted or overwrote). Called after the stock
     * activation; its scans read pages that are not a search's.
     */
    void activate() throws HyracksDataException {
        SearchPageReads.outsideSearches(() -> {
            activateLevels();
            return null;
        });
    }

    private void activateLevels() throws HyracksDataException {
        LeveledManifest.Log log = LeveledManifest.readLog(files.manifest());
        // Start-up has deleted the consumed flushes' files by now.
        version = log.version().retainRemoved(this::fileExists);
        lastSerial = Math.max(lastSerial, version.lastSerial());
        Set<String> onDisk = new HashSet<>();
        diskComponents().forEach(component -> onDisk.add(name(component)));
        List<String> replayed =
                version.uncheckpointedFlushes(onDisk, index.getIOOperationCallback().getLastValidSequence());
        if (!replayed.isEmpty()) {
            LOGGER.info("spatial-lsm: {}: flushes {} were never checkpointed; AsterixDB deleted them and replays"
                    + " their records", where(), replayed);
            version = version.forget(replayed);
        }
        Optional<String> missing = version.liveWithoutFile(onDisk);
        if (missing.isPresent()) {
            throw HyracksDataException.create(new IllegalStateException(where() + " refuses to open: "
                    + missing.get() + " (manifest " + files.manifest()
                    + "). Restore the files or the manifest that belong together."));
        }
        synchronized (manifestLock) {
            manifestVersion = version;
            manifestEdits = log.edits();
        }
        if (log.isLong() || !replayed.isEmpty()) {
            // Also when flush records were forgotten: a later start-up, with the checkpoint past them, would take
            // them for lost components.
            rewriteManifest(log);
        }
        for (ILSMDiskComponent component : diskComponents()) {
            String name = name(component);
            if (!version.live().containsKey(name)) {
                Optional<LeveledManifest.Component> newer = version.newerBelowLevel0(name);
                if (newer.isPresent()) {
                    throw HyracksDataException.create(new IllegalStateException(where() + ": flushed component "
                            + name + " has no manifest record but " + newer.get().name() + " at level "
                            + newer.get().level() + " holds newer data; its flush edit was lost, and opening it as"
                            + " the newest data would bring back records that were deleted or overwritten since."
                            + " Not opening the index"));
                }
                LOGGER.warn("spatial-lsm: {}: component {} has no manifest record (a crash between its flush and its"
                        + " flush edit?); scanning it for its bounds and entries", where(), name);
                scannedAtActivation.incrementAndGet();
                version = version.apply(writeFlushEdit(component, host.scan(component)));
            }
        }
    }

    /**
     * Rewrites the manifest at activation as one snapshot of the version opened. Best effort: a failure (a full disk)
     * leaves the old manifest whole, which replays to the same state, so the index opens anyway; a left-over rewrite
     * is deleted at the next start.
     */
    private void rewriteManifest(LeveledManifest.Log log) {
        try {
            synchronized (manifestLock) {
                FaultPoints.reach("leveled.manifest.rewrite");
                LeveledManifest.rewrite(files.manifest(), version);
                manifestEdits = 1;
            }
            LOGGER.info("spatial-lsm: {}: manifest of {} edits rewritten as one snapshot of {} components", where(),
                    log.edits(), version.live().size());
        } catch (IOException | UncheckedIOException e) {
            LOGGER.warn("spatial-lsm: {}: the manifest of {} edits could not be rewritten ({}); keeping it as it is",
                    where(), log.edits(), e.getMessage());
        }
    }

    long componentsScannedAtActivation() {
        return scannedAtActivation.get();
    }

    /** Writes the flush edit of a valid level-0 component; the caller applies it to the version at the install. */
    private LeveledManifest.FlushEdit writeFlushEdit(ILSMDiskComponent component, Scan scan) {
        LeveledManifest.FlushEdit edit = new LeveledManifest.FlushEdit(new LeveledManifest.Component(name(component),
                0, scan.mbr(), scan.keys(), scan.entries(), component.getComponentSize()));
        CrashPoints.reach("leveled.flush.before-edit");
        appendEdit(edit, "leveled.flush.edit");
        return edit;
    }

    /**
     * Appends one edit (one at a time), or throws {@link UncheckedIOException} with the manifest unchanged. An append
     * that failed and could not be cut off leaves the edit neither committed nor not: the node halts at once, before
     * anything could act on either outcome, and the next start-up reads whichever the disk holds.
     */
    private void appendEdit(LeveledManifest.Edit edit, String faultPoint) {
        synchronized (manifestLock) {
            try {
                FaultPoints.reach(faultPoint);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot append to the leveled manifest " + files.manifest() + ": "
                        + e.getMessage(), e);
            }
            try {
                LeveledManifest.append(files.manifest(), edit);
                manifestVersion = manifestVersion.apply(edit);
                manifestEdits++;
            } catch (LeveledManifest.UndecidedAppendException e) {
                LOGGER.error("spatial-lsm: {}: halting the node", where(), e);
                ExitUtil.halt(ExitUtil.EC_IO_OPERATION_FAILED);
            }
        }
    }

    /**
     * Rewrites the manifest as one snapshot once it holds more than 2 x live + 64 edits, as activation does, so that
     * a node that runs for long keeps a short manifest and a short {@code removed} (only consumed flushes whose files
     * are not deleted yet). The snapshot is of the manifest as written ({@link #manifestVersion}), which may hold
     * flush and merge edits committed on I/O threads and not installed yet. Best effort: every edit is committed
     * already, and a failed rewrite leaves the old manifest whole (it is retried at the next flush).
     */
    private void rewriteIfLong() {
        synchronized (manifestLock) {
            if (!new LeveledManifest.Log(manifestVersion, manifestEdits).isLong()) {
                return;
            }
            version = version.retainRemoved(this::fileExists);
            manifestVersion = manifestVersion.retainRemoved(this::fileExists);
            try {
                FaultPoints.reach("leveled.manifest.rewrite");
                LeveledManifest.rewrite(files.manifest(), manifestVersion);
                manifestEdits = 1;
            } catch (IOException | UncheckedIOException e) {
                LOGGER.warn("spatial-lsm: {}: the manifest of {} edits could not be rewritten ({}); it keeps them",
                        where(), manifestEdits, e.getMessage());
            }
        }
    }

    private boolean fileExists(String componentName) {
        return host.componentFiles(componentName).getInsertIndexFileReference().getFile().exists();
    }

    /** The policy's picture of this partition, with the components behind its ids (called under the lock). */
    LeveledSnapshots.Snapshot<ILSMDiskComponent, E> snapshot() {
        return snapshots.snapshot(diskComponents(), this::name,
                component -> component.getState() == ComponentState.READABLE_MERGING, version);
    }

    /** A disk component as the policy sees it: every installed component has its record in the manifest. */
    LeveledManifest.Component describe(ILSMDiskComponent component) {
        LeveledManifest.Component described = version.live().get(name(component));
        if (described == null) {
            throw new IllegalStateException("no manifest record for component " + name(component) + " of " + index);
        }
        return described;
    }

    /**
     * A trivial move: one manifest edit, then the level changes in memory. Nothing is copied. False if the edit could
     * not be written: the component stays where it is, which is as valid, and the policy decides again after the
     * next flush or merge.
     */
    boolean move(ILSMDiskComponent component, int fromLevel, int toLevel) {
        LeveledManifest.MoveEdit edit =
                new LeveledManifest.MoveEdit(name(component), fromLevel, toLevel, describe(component));
        CrashPoints.reach("leveled.move.before-edit");
        try {
            appendEdit(edit, "leveled.move.edit");
        } catch (UncheckedIOException e) {
            LOGGER.warn("spatial-lsm: {}: the move of {} from level {} to {} could not be written ({}); it stays at"
                    + " level {}", where(), edit.component(), fromLevel, toLevel, e.getMessage(), fromLevel);
            return false;
        }
        CrashPoints.reach("leveled.move.committed");
        version = version.apply(edit);
        sortComponents();
        return true;
    }

    /** Schedules the merge the policy decided; its inputs need not be neighbours in the component list. */
    ILSMIOOperation scheduleMerge(LeveledMerge<E> decision, List<ILSMDiskComponent> inputs)
            throws HyracksDataException {
        try {
            // Before AsterixDB marks any input merging: a repeated input would stay merging for good.
            ComponentIds.requireDistinct(inputs.stream().map(this::name).toList());
        } catch (IllegalArgumentException e) {
            throw HyracksDataException.create(e);
        }
        List<ILSMDiskComponent> newestFirst = new ArrayList<>(inputs);
        newestFirst.sort(Comparator.comparingInt(diskComponents()::indexOf));
        pendingDecision = decision;
        pendingInputs = newestFirst.stream().map(this::describe).toList();
        try {
            return index.createAccessor(NoOpIndexAccessParameters.INSTANCE).scheduleMerge(newestFirst);
        } finally {
            pendingDecision = null;
            pendingInputs = null;
        }
    }

    /**
     * The merge the policy just decided ({@link #scheduleMerge}), or COMPACT's: AsterixDB's full merge hands over
     * every disk component (under the lock, none merging), and the core decides the compaction's target level and
     * cut. Either runs, commits and installs as any leveled merge. {@code stock} is the index's own merge operation
     * of the same components, whose accessor and cursor the leveled merge takes over.
     */
    LeveledMergeOperation createMergeOperation(AbstractLSMIndexOperationContext opCtx, MergeOperation stock,
            ILSMIOOperationCallback callback) throws HyracksDataException {
        LeveledMerge<?> decision = pendingDecision;
        List<LeveledManifest.Component> inputs = pendingInputs;
        if (decision == null) {
            List<ILSMComponent> all = opCtx.getComponentHolder();
            if (opCtx.getOperation() != IndexOperation.FULL_MERGE || all.size() != diskComponents().size()) {
                throw HyracksDataException.create(new UnsupportedOperationException("a " + host.kind()
                        + " merges only what its policy decides or COMPACT asks for, not " + opCtx.getOperation()
                        + " of " + all.size() + " components"));
            }
            decision = policy.fullCompaction(snapshot().view()).orElseThrow(() -> new IllegalStateException(
                    "the leveled policy has no full compaction of " + all.size() + " idle components of " + index));
            inputs = all.stream().map(c -> describe((ILSMDiskComponent) c)).toList();
        }
        lastSerial = Math.max(lastSerial, version.lastSerial()) + 1;
        EngineCallback engineCallback = new EngineCallback(callback);
        LeveledMergeOperation merge = new LeveledMergeOperation(stock, engineCallback, index.getIndexIdentifier(),
                decision, inputs, lastSerial);
        engineCallback.merge = merge;
        return merge;
    }

    /** The callback of a flush, which writes the flush edit before AsterixDB's checkpoint names the flush. */
    ILSMIOOperationCallback flushCallback(ILSMIOOperationCallback stock) {
        return new EngineCallback(stock);
    }

    /**
     * The leveled merge behind {@code operation}, found through its callback: AsterixDB may hand the operation over
     * wrapped (its I/O tracing does), and the callback is what every wrapper passes through.
     */
    LeveledMergeOperation leveledMerge(ILSMIOOperation operation) {
        if (operation.getCallback() instanceof LeveledEngine<?>.EngineCallback callback && callback.merge != null) {
            return callback.merge;
        }
        throw new IllegalStateException("not a leveled merge: " + operation);
    }

    /** The sequence range of the merge's inputs, the first part of its output names. */
    static long[] sequenceRange(List<ILSMComponent> inputs, Function<ILSMDiskComponent, String> names) {
        long minSeq = Long.MAX_VALUE;
        long maxSeq = Long.MIN_VALUE;
        for (ILSMComponent input : inputs) {
            LeveledManifest.Name name = LeveledManifest.Name.parse(names.apply((ILSMDiskComponent) input))
                    .orElseThrow();
            minSeq = Math.min(minSeq, name.minSeq());
            maxSeq = Math.max(maxSeq, name.maxSeq());
        }
        return new long[] { minSeq, maxSeq };
    }

    /** Creates output {@code output} of the merge (its files and component) and opens its bulk loader. */
    ILSMDiskComponentBulkLoader beginOutput(LeveledMergeOperation merge, int output, long entries)
            throws HyracksDataException {
        long[] range = sequenceRange(merge.getMergingComponents(), names);
        String name = LeveledDirectory.outputName(range[0], range[1], merge.serial(), output);
        LSMComponentFileReferences outputFiles = host.componentFiles(name);
        ILSMDiskComponent component = host.createOutput(outputFiles, entries);
        merge.beginOutput(output, outputFiles, component);
        return component.createBulkLoader(merge, 1.0f, false, entries, false, false, false,
                index.getPageWriteCallbackFactory().createPageWriteCallback());
    }

    /**
     * A loaded output other than the first is finished at once (the stock component ID, LSN and marker, then the
     * valid bit, forced), as the harness finishes the first later; so its metadata page goes back to the buffer
     * cache at once.
     */
    void finishOutput(LeveledMergeOperation merge, int output) throws HyracksDataException {
        if (output > 0) {
            ((LeveledEngine<?>.EngineCallback) merge.getCallback()).finishExtraOutput(merge,
                    merge.outputs().get(output));
        }
    }

    /** The merge wrote nothing (matter and anti-matter cancelled out): it only removes its inputs. */
    ILSMDiskComponent mergedNothing(LeveledMergeOperation merge) {
        uninstalled.put(EmptyComponent.INSTANCE, merge);
        return EmptyComponent.INSTANCE;
    }

    /** The merge wrote all its outputs; the harness holds the first. */
    ILSMDiskComponent merged(LeveledMergeOperation merge) {
        ILSMDiskComponent first = merge.outputs().get(0);
        uninstalled.put(first, merge);
        return first;
    }

    /**
     * The commit point of a merge, on its I/O thread once every output is valid and forced (the harness marked the
     * first, {@link #finishOutput} the others): the merge edit. A failure here fails the merge while its inputs are
     * still readable: the harness deletes the outputs and keeps the inputs.
     */
    private void commitMerge(LeveledMergeOperation merge) {
        List<String> removed = merge.inputs().stream().map(LeveledManifest.Component::name).toList();
        List<LeveledManifest.Component> added = new ArrayList<>();
        for (int i = 0; i < merge.outputs().size(); i++) {
            Scan output = merge.described().get(i);
            added.add(new LeveledManifest.Component(name(merge.outputs().get(i)), merge.decision().targetLevel(),
                    output.mbr(), output.keys(), output.entries(), merge.outputs().get(i).getComponentSize()));
        }
        LeveledManifest.MergeEdit edit =
                new LeveledManifest.MergeEdit(merge.serial(), removed, added, merge.inputs());
        CrashPoints.reach("leveled.merge.outputs-written");
        appendEdit(edit, "leveled.merge.commit");
        CrashPoints.reach("leveled.merge.committed");
        merge.committed(edit);
    }

    /** Installs a committed merge (under the operation tracker's lock): the outputs replace the inputs in memory. */
    void subsumeMergedComponents(ILSMDiskComponent newComponent, List<ILSMComponent> mergedComponents)
            throws HyracksDataException {
        LeveledMergeOperation merge = uninstalled.remove(newComponent);
        if (merge == null || merge.committed() == null) {
            throw HyracksDataException.create(new IllegalStateException("merge output " + newComponent
                    + " of " + index + " was not written and committed by a leveled merge"));
        }
        version = version.apply(merge.committed());
        diskComponents().removeAll(mergedComponents);
        diskComponents().addAll(merge.outputs());
        sortComponents();
    }

    /**
     * A flushed or bulk-loaded component arrives at level 0 (under the lock, valid on disk), before the policy sees
     * it. A flush's edit is written by then ({@link EngineCallback#afterFinalize}). A bulk load (CREATE INDEX on
     * existing data, LOAD) has no flush to scan it, so it is scanned here, once, and its edit written; a failure
     * fails the load, which deletes the component.
     */
    void addDiskComponent(ILSMDiskComponent component) throws HyracksDataException {
        if (component != EmptyComponent.INSTANCE) {
            LeveledManifest.FlushEdit edit = committedFlushes.remove(name(component));
            version = version.apply(edit != null ? edit : writeFlushEdit(component, host.scan(component)));
            diskComponents().add(0, component);
            rewriteIfLong();
        }
    }

    /** Search order: level 0 newest first, then each deeper level, newest first. */
    private void sortComponents() {
        diskComponents().sort(Comparator.comparingInt((ILSMDiskComponent c) -> version.levelOf(name(c)))
                .thenComparing(this::name, ComponentIds.AGE.reversed()));
    }

    /**
     * The index's own IO callback of a flush or a leveled merge, with the commit points added. A flush: its flush
     * edit is written before the stock {@code afterFinalize} writes the index checkpoint, so a failed edit fails the
     * flush and the log still holds its records. A leveled merge: no mask file (the manifest edit is the commit;
     * 0.9.8's prefix-matching mask cleanup would also hit live outputs sharing the range prefix), the stock component
     * ID, LSN and marker written into every output (the stock code writes them into {@code getNewComponent()} only),
     * each extra output then marked valid as soon as it is loaded ({@link #finishExtraOutput}), and the merge edit
     * written in {@code afterFinalize}. The merge is known from this callback ({@link #merge}), never from the
     * operation's class, which a wrapper may hide.
     */
    private final class EngineCallback implements ILSMIOOperationCallback {
        private final ILSMIOOperationCallback stock;
        /** The leveled merge this callback belongs to; null for a flush. */
        private LeveledMergeOperation merge;

        EngineCallback(ILSMIOOperationCallback stock) {
            this.stock = stock;
        }

        /**
         * Finishes an output other than the first as the harness finishes the first: the stock component ID, LSN
         * and marker, then the valid bit, forced.
         */
        void finishExtraOutput(ILSMIOOperation operation, ILSMDiskComponent extra) throws HyracksDataException {
            ILSMDiskComponent first = operation.getNewComponent();
            operation.setNewComponent(extra);
            try {
                stock.afterOperation(operation);
            } finally {
                operation.setNewComponent(first);
            }
            extra.markAsValid(index.isDurable(), operation);
        }

        @Override
        public void afterOperation(ILSMIOOperation operation) throws HyracksDataException {
            stock.afterOperation(operation);
        }

        @Override
        public void scheduled(ILSMIOOperation operation) throws HyracksDataException {
            stock.scheduled(operation);
        }

        @Override
        public void beforeOperation(ILSMIOOperation operation) throws HyracksDataException {
            if (merge == null) {
                stock.beforeOperation(operation);
            }
        }

        /** Runs last in the operation; what it throws fails the operation (AsterixDB's {@code doIo}). */
        @Override
        public void afterFinalize(ILSMIOOperation operation) throws HyracksDataException {
            boolean succeeded = operation.getStatus() != ILSMIOOperation.LSMIOOperationStatus.FAILURE;
            if (merge != null) {
                if (succeeded) {
                    commitMerge(merge);
                }
                return;
            }
            ILSMDiskComponent flushed = operation.getNewComponent();
            if (succeeded && operation.getIOOpertionType() == ILSMIOOperation.LSMIOOperationType.FLUSH
                    && flushed != null && flushed != EmptyComponent.INSTANCE) {
                try {
                    // The policy's record of the flush (bounds, entries): one read of the new component. Only now:
                    // a compressed file is readable once marked valid, and a flush larger than the buffer cache
                    // must read its evicted pages back from the file.
                    Scan scan = SearchPageReads.outsideSearches(() -> host.scan(flushed));
                    committedFlushes.put(name(flushed), writeFlushEdit(flushed, scan));
                } catch (HyracksDataException | RuntimeException e) {
                    // No checkpoint may name a flush the manifest does not hold.
                    operation.setStatus(ILSMIOOperation.LSMIOOperationStatus.FAILURE);
                    throw e;
                }
            }
            stock.afterFinalize(operation);
        }

        @Override
        public void completed(ILSMIOOperation operation) {
            stock.completed(operation);
        }

        @Override
        public void recycled(ILSMMemoryComponent component) throws HyracksDataException {
            stock.recycled(component);
        }

        @Override
        public void allocated(ILSMMemoryComponent component) throws HyracksDataException {
            stock.allocated(component);
        }

        @Override
        public long getLastValidSequence() throws HyracksDataException {
            return stock.getLastValidSequence();
        }
    }
}

package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProviderFactory;
import org.apache.hyracks.storage.am.common.impls.AbstractTreeIndex;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.common.ophelpers.IndexOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.ComponentState;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentBulkLoader;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMemoryComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMPageWriteCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMTreeTupleReference;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.impls.EmptyComponent;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMIndexSearchCursor;
import org.apache.hyracks.storage.am.lsm.common.impls.MergeOperation;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuplesSearchCursor;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.IIndexAccessor;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.IndexCursorStats;
import org.apache.hyracks.util.ExitUtil;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.spatiallsm.asterixdb.crash.CrashPoints;
import org.spatiallsm.asterixdb.crash.FaultPoints;
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;
import org.spatiallsm.asterixdb.rtree.AntiMatterRTreeResource.Parts;
import org.spatiallsm.asterixdb.rtree.pruning.PruningRTree;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryCursor;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.leveled.ComponentMbr;
import org.spatiallsm.partitioning.leveled.LeveledMerge;
import org.spatiallsm.partitioning.ordering.Orderings;
import org.spatiallsm.partitioning.partitioner.PartitionInfo;
import org.spatiallsm.partitioning.partitioner.PartitionSink;
import org.spatiallsm.partitioning.partitioner.OutputAssignment;
import org.spatiallsm.partitioning.partitioner.Partitioners;
import org.spatiallsm.partitioning.partitioner.RoutingPlan;
import org.spatiallsm.partitioning.pruning.Box;

/**
 * The leveled, partitioned LSM R-tree: an anti-matter R-tree whose merges, chosen by the leveled policy, write K >= 1
 * spatially partitioned components into the next level, and whose levels live in a manifest
 * ({@link LeveledManifest}). Flushes are the stock R-tree's, searches {@link PruningRTree}'s, which skip the disk
 * components whose MBR in the manifest misses the query window. The disk components are kept in search order:
 * level 0 newest first, then each deeper level (a level never holds two entries with one key, so the order inside a
 * level does not matter to reconciliation).
 * <p>
 * A merge: count the reconciled stream, let the partitioner assign every entry (by position) to an output, route
 * the stream into K bulk loaders (a bounded number open at once), force all K, write the manifest's merge edit (the
 * commit point), then install. Every output carries the merged component ID, flush LSN and marker, as a stock
 * merge's output would.
 * <p>
 * Both commit points run inside the I/O operation, in {@link EngineCallback#afterFinalize}: a merge's edit after
 * every output is valid, a flush's edit before AsterixDB's index checkpoint names the flush. So a failed write fails
 * the operation as a failed flush or merge does in AsterixDB (inputs or memory component untouched, new files
 * deleted, the node halted, the log replayed at restart), and never runs after the harness has retired the inputs.
 */
public final class LeveledRTree extends PruningRTree {

    private static final Logger LOGGER = LogManager.getLogger();
    /** A merge keeps one output open per this many pages of the buffer cache ({@link #maxOpenOutputs}). */
    private static final int CACHE_PAGES_PER_OPEN_OUTPUT = 128;

    /** MBR and entry count of a component, from a scan of it. */
    private record Stats(Rect mbr, long entries) {
    }

    private final LeveledRTreeFileManager files;
    /** The adapter of the policy core, which also decides COMPACT's full merge. */
    private final LeveledMergePolicy policy;
    private final String ordering;
    private final int dimensions;
    /** Flushes scanned on the IO thread whose flush edit is not written yet. */
    private final Map<String, Stats> flushStats = new ConcurrentHashMap<>();
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
    private final LeveledSnapshots snapshots = new LeveledSnapshots();
    private long lastSerial = -1;
    private LeveledMerge<Rect> pendingDecision;
    private List<LeveledManifest.Component> pendingInputs;

    @SuppressWarnings("squid:S00107") // the parent's constructor, plus the ordering
    public LeveledRTree(Parts parts, LeveledRTreeFileManager fileManager, int fieldCount,
            IBinaryComparatorFactory[] rtreeCmpFactories, IBinaryComparatorFactory[] btreeComparatorFactories,
            ILinearizeComparatorFactory linearizer, ILSMIOOperationCallbackFactory ioOpCallbackFactory,
            ILSMPageWriteCallbackFactory pageWriteCallbackFactory, int[] rtreeFields, boolean durable,
            boolean isPointMBR, IPrimitiveValueProviderFactory[] keyValues, String ordering)
            throws HyracksDataException {
        super(parts, new LeveledDiskComponentFactory(parts.diskTrees()),
                new LeveledDiskComponentFactory(parts.bulkLoadTrees()), fileManager, fieldCount, rtreeCmpFactories,
                btreeComparatorFactories, linearizer, ioOpCallbackFactory, pageWriteCallbackFactory, rtreeFields, null,
                durable, isPointMBR, keyValues);
        if (!(parts.mergePolicy() instanceof LeveledMergePolicy leveled)) {
            throw HyracksDataException.create(new IllegalArgumentException(
                    "a leveled R-tree needs the leveled merge policy, not " + parts.mergePolicy()));
        }
        this.policy = leveled;
        this.files = fileManager;
        this.ordering = ordering;
        this.dimensions = rtreeCmpFactories.length / 2;
    }

    /**
     * Opens the components start-up kept, described by the manifest: nothing is scanned. The records of flushes that
     * AsterixDB deleted because no checkpoint named them (their records are replayed from the log) are forgotten. A
     * manifest of many more edits than components is rewritten as one snapshot, if the disk allows. A flush without
     * its edit is scanned once, and its edit written, so that the next start-up does not scan it again; unless
     * newer data lies below level 0, which means its edit was lost while the node went on (corruption: the index is
     * not opened, rather than bring back what that newer data deleted or overwrote).
     */
    @Override
    public synchronized void activate() throws HyracksDataException {
        super.activate();
        // Its scans of components without a record read pages; they are not a search's.
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
        diskComponents.forEach(component -> onDisk.add(name(component)));
        List<String> replayed = version.uncheckpointedFlushes(onDisk, ioOpCallback.getLastValidSequence());
        if (!replayed.isEmpty()) {
            LOGGER.info("spatial-lsm: leveled R-tree in {}: flushes {} were never checkpointed; AsterixDB deleted"
                    + " them and replays their records", files.manifest().getParent(), replayed);
            version = version.forget(replayed);
        }
        Optional<String> missing = version.liveWithoutFile(onDisk);
        if (missing.isPresent()) {
            throw HyracksDataException.create(new IllegalStateException("leveled R-tree in "
                    + files.manifest().getParent() + " refuses to open: " + missing.get() + " (manifest "
                    + files.manifest() + "). Restore the files or the manifest that belong together."));
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
        for (ILSMDiskComponent component : diskComponents) {
            String name = name(component);
            if (!version.live().containsKey(name)) {
                Optional<LeveledManifest.Component> newer = version.newerBelowLevel0(name);
                if (newer.isPresent()) {
                    throw HyracksDataException.create(new IllegalStateException("leveled R-tree in "
                            + files.manifest().getParent() + ": flushed component " + name + " has no manifest record"
                            + " but " + newer.get().name() + " at level " + newer.get().level() + " holds newer data;"
                            + " its flush edit was lost, and opening it as the newest data would bring back records"
                            + " that were deleted or overwritten since. Not opening the index"));
                }
                LOGGER.warn("spatial-lsm: leveled R-tree in {}: component {} has no manifest record (a crash between"
                        + " its flush and its flush edit?); scanning it for its MBR and entries",
                        files.manifest().getParent(), name);
                scannedAtActivation.incrementAndGet();
                version = version.apply(writeFlushEdit(component, scan(component)));
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
            LOGGER.info("spatial-lsm: leveled R-tree in {}: manifest of {} edits rewritten as one snapshot of {}"
                    + " components", files.manifest().getParent(), log.edits(), version.live().size());
        } catch (IOException | UncheckedIOException e) {
            LOGGER.warn("spatial-lsm: leveled R-tree in {}: the manifest of {} edits could not be rewritten ({});"
                    + " keeping it as it is", files.manifest().getParent(), log.edits(), e.getMessage());
        }
    }

    @Override
    public ILSMDiskComponent doFlush(ILSMIOOperation operation) throws HyracksDataException {
        failAt("leveled.flush.write");
        ILSMDiskComponent flushed = super.doFlush(operation);
        if (flushed != null && flushed != EmptyComponent.INSTANCE) {
            // The policy needs the flush's MBR and entry count; one read of the new component, outside the lock.
            flushStats.put(name(flushed), SearchPageReads.outsideSearches(() -> scan(flushed)));
        }
        return flushed;
    }

    /** Components that activations of this index found without a manifest record, and scanned. */
    @Override
    public OptionalLong componentsScannedAtActivation() {
        return OptionalLong.of(scannedAtActivation.get());
    }

    /** Writes the flush edit of a valid level-0 component; the caller applies it to the version at the install. */
    private LeveledManifest.FlushEdit writeFlushEdit(ILSMDiskComponent component, Stats stats) {
        LeveledManifest.FlushEdit edit = new LeveledManifest.FlushEdit(new LeveledManifest.Component(name(component),
                0, stats.mbr(), stats.entries(), component.getComponentSize()));
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
                LOGGER.error("spatial-lsm: leveled R-tree in {}: halting the node", files.manifest().getParent(), e);
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
                LOGGER.warn("spatial-lsm: leveled R-tree in {}: the manifest of {} edits could not be rewritten ({});"
                        + " it keeps them", files.manifest().getParent(), manifestEdits, e.getMessage());
            }
        }
    }

    private boolean fileExists(String componentName) {
        return Files.exists(files.manifest().resolveSibling(componentName));
    }

    /** The file name of a disk component: its identity in the manifest. */
    static String name(ILSMDiskComponent component) {
        return ((AbstractTreeIndex) component.getIndex()).getFileReference().getFile().getName();
    }

    /** The MBR (anti-matter included; see {@link ComponentMbr}) and entry count of one disk component. */
    private Stats scan(ILSMDiskComponent component) throws HyracksDataException {
        ComponentMbr scanned = new ComponentMbr();
        forEachTuple(component, tuple -> scanned.add(coordinate(tuple, 0), coordinate(tuple, 1),
                coordinate(tuple, dimensions), coordinate(tuple, dimensions + 1)));
        return new Stats(scanned.rect(), scanned.count());
    }

    /** What {@link #readEntries} hands over for each entry of a component. */
    public interface EntryVisitor {
        /**
         * @param primaryKey the primary key's fields as stored: AsterixDB's serialized values, type tags included
         * @param mbr        min x, min y, max x, max y
         */
        void visit(byte[] primaryKey, double[] mbr, boolean antiMatter);
    }

    /**
     * Every entry of one of this index's disk components, anti-matter included, in its R-tree's order: what
     * introspection shows of a component's contents. The caller keeps the component from being deleted meanwhile.
     */
    public void readEntries(ILSMDiskComponent component, EntryVisitor visitor) throws HyracksDataException {
        forEachTuple(component, tuple -> {
            ByteArrayOutputStream primaryKey = new ByteArrayOutputStream();
            // The R-tree's tuple is the MBR's 2 x dimensions keys, then the primary key's fields.
            for (int field = 2 * dimensions; field < tuple.getFieldCount(); field++) {
                primaryKey.write(tuple.getFieldData(field), tuple.getFieldStart(field), tuple.getFieldLength(field));
            }
            visitor.visit(primaryKey.toByteArray(), new double[] { coordinate(tuple, 0), coordinate(tuple, 1),
                coordinate(tuple, dimensions), coordinate(tuple, dimensions + 1) },
                    tuple instanceof ILSMTreeTupleReference lsmTuple && lsmTuple.isAntimatter());
        });
    }

    private static void forEachTuple(ILSMDiskComponent component, Consumer<ITupleReference> action)
            throws HyracksDataException {
        IIndexAccessor accessor = component.getIndex().createAccessor(NoOpIndexAccessParameters.INSTANCE);
        IIndexCursor cursor = accessor.createSearchCursor(false);
        try {
            accessor.search(cursor, new SearchPredicate(null, null));
            try {
                while (cursor.hasNext()) {
                    cursor.next();
                    action.accept(cursor.getTuple());
                }
            } finally {
                cursor.close();
            }
        } finally {
            cursor.destroy();
        }
    }

    /** The policy's picture of this partition, with the components behind its ids (called under the lock). */
    LeveledSnapshots.Snapshot<ILSMDiskComponent> snapshot() {
        return snapshots.snapshot(diskComponents, LeveledRTree::name,
                component -> component.getState() == ComponentState.READABLE_MERGING, version);
    }

    /** A disk component as the policy sees it: every installed component has its record in the manifest. */
    private LeveledManifest.Component describe(ILSMDiskComponent component) {
        LeveledManifest.Component described = version.live().get(name(component));
        if (described == null) {
            throw new IllegalStateException("no manifest record for component " + name(component) + " of " + this);
        }
        return described;
    }

    /**
     * The MBR a search tests the component against: the one the manifest stores (a merge's output, as the
     * partitioner summed it up; a flush, as its scan found it); exact either way, anti-matter included. Under the
     * lock.
     */
    @Override
    public Box mbr(ILSMDiskComponent component) {
        LeveledManifest.Component described = describe(component);
        if (described.entries() == 0) {
            return Box.empty(2);
        }
        return Box.of(described.mbr());
    }

    @Override
    public OptionalInt level(ILSMDiskComponent component) {
        return OptionalInt.of(describe(component).level());
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
            LOGGER.warn("spatial-lsm: leveled R-tree in {}: the move of {} from level {} to {} could not be written"
                    + " ({}); it stays at level {}", files.manifest().getParent(), edit.component(), fromLevel, toLevel,
                    e.getMessage(), fromLevel);
            return false;
        }
        CrashPoints.reach("leveled.move.committed");
        version = version.apply(edit);
        sortComponents();
        return true;
    }

    /** Schedules the merge the policy decided; its inputs need not be neighbours in the component list. */
    ILSMIOOperation scheduleMerge(LeveledMerge<Rect> decision, List<ILSMDiskComponent> inputs)
            throws HyracksDataException {
        try {
            // Before AsterixDB marks any input merging: a repeated input would stay merging for good.
            ComponentIds.requireDistinct(inputs.stream().map(LeveledRTree::name).toList());
        } catch (IllegalArgumentException e) {
            throw HyracksDataException.create(e);
        }
        List<ILSMDiskComponent> newestFirst = new ArrayList<>(inputs);
        newestFirst.sort(Comparator.comparingInt(diskComponents::indexOf));
        pendingDecision = decision;
        pendingInputs = newestFirst.stream().map(this::describe).toList();
        try {
            return createAccessor(NoOpIndexAccessParameters.INSTANCE).scheduleMerge(newestFirst);
        } finally {
            pendingDecision = null;
            pendingInputs = null;
        }
    }

    /**
     * The merge the policy just decided ({@link #scheduleMerge}), or COMPACT's: AsterixDB's full merge hands over
     * every disk component (under the lock, none merging), and the core decides the compaction's target level and
     * cut. Either runs, commits and installs as any leveled merge.
     */
    @Override
    protected ILSMIOOperation createMergeOperation(AbstractLSMIndexOperationContext opCtx,
            LSMComponentFileReferences mergeFileRefs, ILSMIOOperationCallback callback) throws HyracksDataException {
        LeveledMerge<Rect> decision = pendingDecision;
        List<LeveledManifest.Component> inputs = pendingInputs;
        if (decision == null) {
            List<ILSMComponent> all = opCtx.getComponentHolder();
            if (opCtx.getOperation() != IndexOperation.FULL_MERGE || all.size() != diskComponents.size()) {
                throw HyracksDataException.create(new UnsupportedOperationException("a leveled R-tree merges only "
                        + "what its policy decides or COMPACT asks for, not " + opCtx.getOperation() + " of "
                        + all.size() + " components"));
            }
            decision = policy.fullCompaction(snapshot().view()).orElseThrow(() -> new IllegalStateException(
                    "the leveled policy has no full compaction of " + all.size() + " idle components of " + this));
            inputs = all.stream().map(c -> describe((ILSMDiskComponent) c)).toList();
        }
        MergeOperation stock = (MergeOperation) super.createMergeOperation(opCtx, mergeFileRefs, callback);
        lastSerial = Math.max(lastSerial, version.lastSerial()) + 1;
        EngineCallback engineCallback = new EngineCallback(callback);
        LeveledMergeOperation merge = new LeveledMergeOperation(stock, engineCallback, getIndexIdentifier(), decision,
                inputs, lastSerial);
        engineCallback.merge = merge;
        return merge;
    }

    /** A flush whose callback writes the flush edit before AsterixDB's checkpoint names the flush. */
    @Override
    protected ILSMIOOperation createFlushOperation(AbstractLSMIndexOperationContext opCtx,
            LSMComponentFileReferences fileRefs, ILSMIOOperationCallback callback) throws HyracksDataException {
        return super.createFlushOperation(opCtx, fileRefs, new EngineCallback(callback));
    }

    /**
     * The leveled merge behind {@code operation}, found through its callback: AsterixDB may hand the operation over
     * wrapped (its I/O tracing does), and the callback is what every wrapper passes through.
     */
    private static LeveledMergeOperation leveledMerge(ILSMIOOperation operation) {
        if (operation.getCallback() instanceof EngineCallback callback && callback.merge != null) {
            return callback.merge;
        }
        throw new IllegalStateException("not a leveled merge: " + operation);
    }

    @Override
    public ILSMDiskComponent doMerge(ILSMIOOperation operation) throws HyracksDataException {
        return SearchPageReads.outsideSearches(() -> mergeLevels(operation));
    }

    private ILSMDiskComponent mergeLevels(ILSMIOOperation operation) throws HyracksDataException {
        LeveledMergeOperation merge = leveledMerge(operation);
        ILSMIndexOperationContext opCtx = ((LSMIndexSearchCursor) merge.getCursor()).getOpCtx();
        boolean keepsAntiMatter = !merge.decision().dropAntiMatter();
        Set<Long> nonFinite = new HashSet<>();
        long count = countMerged(opCtx, keepsAntiMatter, nonFinite);
        if (count == 0) {
            // Matter and anti-matter cancelled out: the merge only removes its inputs.
            uninstalled.put(EmptyComponent.INSTANCE, merge);
            return EmptyComponent.INSTANCE;
        }
        // Pass 1 (and the partitioner's own sample pass): which output each entry of the stream goes to, in a table
        // on disk (4 bytes per entry in the index's directory, not on the heap). The partitioner sees positions and
        // MBRs only; a partition's entries, read in stream order, are already in the R-tree's order, since the stream
        // is. Entries with a NaN or infinite coordinate are not shown to the partitioner, which needs finite geometry.
        Path temporary = mergeTemporaryDirectory();
        long finite = count - nonFinite.size();
        try (OutputAssignment outputOf = new OutputAssignment(temporary, count)) {
            RoutingPlan.Builder spans = RoutingPlan.builder();
            List<PartitionInfo> partitions = finite == 0 ? List.of() : Partitioners
                    .create(merge.decision().partitioning(), merge.decision().partitionerParameters(), temporary)
                    .partition(List.of(EntryRun.of(finite, () -> new StreamEntries(opCtx, keepsAntiMatter))),
                            Orderings.exactEngineOrder(ordering),
                            (int) Math.min(Integer.MAX_VALUE, merge.decision().maxOutputEntries()),
                            new PartitionSink() {
                                private int current;

                                @Override
                                public void begin(int index) {
                                    current = index;
                                }

                                @Override
                                public void add(Entries block, int row) {
                                    outputOf.set(block.id(row), current);
                                    spans.add(current, block.id(row));
                                }

                                @Override
                                public void end(PartitionInfo info) {
                                    // The summaries come back with the outcome.
                                }
                            })
                    .partitions();
            partitions = placeNonFinite(partitions, nonFinite, outputOf, spans);
            failAt("leveled.merge.spill");
            route(merge, opCtx, keepsAntiMatter, outputOf, spans.plan(maxOpenOutputs()), partitions);
        } finally {
            files.deleteMergeTemporaryDirectories();
        }
        ILSMDiskComponent first = merge.outputs().get(0);
        uninstalled.put(first, merge);
        return first;
    }

    /** A fault point ({@link FaultPoints}) where the write that follows would fail as on a full disk. */
    private static void failAt(String point) throws HyracksDataException {
        try {
            FaultPoints.reach(point);
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
    }

    /**
     * The directory for the merge's temporary files (see {@link LeveledRTreeFileManager}), created; if it cannot be,
     * the fallback under {@code java.io.tmpdir}, with a warning. A merge fails (and the node halts, as on any failed
     * merge) only when neither can be created: a directory that is in the way, unwritable or on a full disk would
     * otherwise fail the same merge at every restart.
     */
    private Path mergeTemporaryDirectory() throws HyracksDataException {
        try {
            // A fault here is a directory that cannot be created: the fallback below must take over.
            FaultPoints.reach("leveled.merge.temporary");
            return Files.createDirectories(files.mergeTemporaryDirectory());
        } catch (IOException e) {
            Path fallback = files.fallbackMergeTemporaryDirectory();
            LOGGER.warn("spatial-lsm: leveled R-tree in {}: cannot create the merge's temporary directory ({});"
                    + " using {}", files.manifest().getParent(), e.toString(), fallback);
            try {
                return Files.createDirectories(fallback);
            } catch (IOException fallbackFailure) {
                fallbackFailure.addSuppressed(e);
                throw HyracksDataException.create(fallbackFailure);
            }
        }
    }

    /**
     * The partitions, with the entries that have a non-finite coordinate assigned to the first output, whose MBR then
     * is the plane: such an entry fits no finite box ({@link ComponentMbr}). The first output's entries stay a
     * subsequence of the stream, so they are still in the R-tree's order.
     */
    private static List<PartitionInfo> placeNonFinite(List<PartitionInfo> partitions, Set<Long> nonFinite,
            OutputAssignment outputOf, RoutingPlan.Builder spans) {
        if (nonFinite.isEmpty()) {
            return partitions;
        }
        for (long position : nonFinite) {
            outputOf.set(position, 0);
            spans.add(0, position);
        }
        List<PartitionInfo> placed = new ArrayList<>(partitions);
        long finiteEntries = partitions.isEmpty() ? 0 : partitions.get(0).entries();
        Rect region = partitions.isEmpty() ? ComponentMbr.PLANE : partitions.get(0).region();
        PartitionInfo first = new PartitionInfo(0, finiteEntries + nonFinite.size(), ComponentMbr.PLANE, region);
        if (placed.isEmpty()) {
            placed.add(first);
        } else {
            placed.set(0, first);
        }
        return placed;
    }

    /**
     * The most outputs a merge keeps open at once: one per {@value #CACHE_PAGES_PER_OPEN_OUTPUT} pages of the buffer
     * cache, at least one. An open output pins a page per level of its tree and its metadata page until it is
     * finished, so K open outputs could take the whole cache (and K has no bound: entries / cap).
     */
    private int maxOpenOutputs() {
        return Math.max(1, diskBufferCache.getPageBudget() / CACHE_PAGES_PER_OPEN_OUTPUT);
    }

    /**
     * Pass 2: every entry of the stream into the bulk loader of its output, with at most {@link #maxOpenOutputs}
     * outputs open at once ({@link RoutingPlan}: outputs whose spans of the stream overlap too much wait for another
     * read of the stream). An output is created at its first entry and finished at its last: loaded, its stock
     * metadata written and marked valid (forced), which returns its pages to the buffer cache. The harness finishes
     * output 0, the one it holds.
     */
    private void route(LeveledMergeOperation merge, ILSMIndexOperationContext opCtx, boolean keepsAntiMatter,
            OutputAssignment outputOf, RoutingPlan plan, List<PartitionInfo> partitions) throws HyracksDataException {
        long minSeq = Long.MAX_VALUE;
        long maxSeq = Long.MIN_VALUE;
        for (ILSMComponent input : opCtx.getComponentHolder()) {
            LeveledManifest.Name name = LeveledManifest.Name.parse(name((ILSMDiskComponent) input)).orElseThrow();
            minSeq = Math.min(minSeq, name.minSeq());
            maxSeq = Math.max(maxSeq, name.maxSeq());
        }
        merge.expectOutputs(partitions);
        ILSMDiskComponentBulkLoader[] open = new ILSMDiskComponentBulkLoader[partitions.size()];
        int finished = 0;
        boolean loaded = false;
        try {
            for (int pass = 0; pass < plan.passes(); pass++) {
                IIndexCursor cursor = new LSMRTreeWithAntiMatterTuplesSearchCursor(opCtx, keepsAntiMatter,
                        new IndexCursorStats());
                try {
                    search(opCtx, cursor, new SearchPredicate(null, null));
                    try {
                        for (long position = 0; position <= plan.passEnd(pass) && cursor.hasNext(); position++) {
                            cursor.next();
                            int output = outputOf.get(position);
                            if (plan.passOf(output) != pass) {
                                continue;
                            }
                            if (position == plan.firstPosition(output)) {
                                open[output] = beginOutput(merge, output, minSeq, maxSeq);
                            }
                            open[output].add(cursor.getTuple());
                            if (position == plan.lastPosition(output)) {
                                failAt("leveled.merge.output-write");
                                open[output].end();
                                open[output] = null;
                                finishOutput(merge, output);
                                if (++finished == 1 && open.length > 1) {
                                    CrashPoints.reach("leveled.merge.outputs-half-written");
                                }
                            }
                        }
                    } finally {
                        cursor.close();
                    }
                } finally {
                    cursor.destroy();
                }
            }
            if (finished != open.length) {
                throw new IllegalStateException("the merge stream of " + this + " ended early: " + finished + " of "
                        + open.length + " outputs written");
            }
            loaded = true;
        } finally {
            if (!loaded) {
                for (ILSMDiskComponentBulkLoader loader : open) {
                    if (loader != null) {
                        loader.abort();
                    }
                }
            }
        }
        if (plan.passes() > 1) {
            LOGGER.info("spatial-lsm: leveled R-tree in {}: merge {} routed {} outputs in {} reads of its stream, at"
                    + " most {} open at once", files.manifest().getParent(), merge.serial(), open.length,
                    plan.passes(), maxOpenOutputs());
        }
    }

    /** Creates output {@code output} of the merge (its file and component) and opens its bulk loader. */
    private ILSMDiskComponentBulkLoader beginOutput(LeveledMergeOperation merge, int output, long minSeq,
            long maxSeq) throws HyracksDataException {
        var file = files.outputFile(minSeq, maxSeq, merge.serial(), output);
        ILSMDiskComponent component = createDiskComponent(componentFactory, file, null, null, true);
        merge.beginOutput(output, file, component);
        return component.createBulkLoader(merge, 1.0f, false, 0L, false, false, false,
                pageWriteCallbackFactory.createPageWriteCallback());
    }

    /** A loaded output other than the first is finished at once, as the harness finishes the first later. */
    private void finishOutput(LeveledMergeOperation merge, int output) throws HyracksDataException {
        if (output > 0) {
            ((EngineCallback) merge.getCallback()).finishExtraOutput(merge, merge.outputs().get(output));
        }
    }

    /** The entries of the merge stream; the positions of those with a non-finite coordinate go to {@code nonFinite}. */
    private long countMerged(ILSMIndexOperationContext opCtx, boolean keepsAntiMatter, Set<Long> nonFinite)
            throws HyracksDataException {
        IIndexCursor counter = new LSMRTreeWithAntiMatterTuplesSearchCursor(opCtx, keepsAntiMatter,
                new IndexCursorStats());
        try {
            search(opCtx, counter, new SearchPredicate(null, null));
            long entries = 0;
            try {
                while (counter.hasNext()) {
                    counter.next();
                    if (!isFinite(counter.getTuple())) {
                        nonFinite.add(entries);
                    }
                    entries++;
                }
            } finally {
                counter.close();
            }
            return entries;
        } finally {
            counter.destroy();
        }
    }

    /**
     * The commit point of a merge, on its I/O thread once every output is valid and forced (the harness marked the
     * first, {@link EngineCallback#afterOperation} the others): the merge edit. A failure here fails the merge while
     * its inputs are still readable: the harness deletes the outputs and keeps the inputs.
     */
    private void commitMerge(LeveledMergeOperation merge) {
        List<String> removed = merge.inputs().stream().map(LeveledManifest.Component::name).toList();
        List<LeveledManifest.Component> added = new ArrayList<>();
        for (int i = 0; i < merge.outputs().size(); i++) {
            PartitionInfo partition = merge.partitions().get(i);
            added.add(new LeveledManifest.Component(name(merge.outputs().get(i)), merge.decision().targetLevel(),
                    partition.mbr(), partition.entries(), merge.outputs().get(i).getComponentSize()));
        }
        LeveledManifest.MergeEdit edit =
                new LeveledManifest.MergeEdit(merge.serial(), removed, added, merge.inputs());
        CrashPoints.reach("leveled.merge.outputs-written");
        appendEdit(edit, "leveled.merge.commit");
        CrashPoints.reach("leveled.merge.committed");
        merge.committed(edit);
    }

    /** Installs a committed merge (under the operation tracker's lock): the outputs replace the inputs in memory. */
    @Override
    public void subsumeMergedComponents(ILSMDiskComponent newComponent, List<ILSMComponent> mergedComponents)
            throws HyracksDataException {
        LeveledMergeOperation merge = uninstalled.remove(newComponent);
        if (merge == null || merge.committed() == null) {
            throw HyracksDataException.create(new IllegalStateException("merge output " + newComponent
                    + " of " + this + " was not written and committed by a leveled merge"));
        }
        version = version.apply(merge.committed());
        diskComponents.removeAll(mergedComponents);
        diskComponents.addAll(merge.outputs());
        sortComponents();
    }

    /**
     * A flushed or bulk-loaded component arrives at level 0 (under the lock, valid on disk), before the policy sees
     * it. A flush's edit is written by then ({@link EngineCallback#afterFinalize}). A bulk load (CREATE INDEX on
     * existing data, LOAD) has no flush to scan it, so it is scanned here, once, and its edit written; a failure
     * fails the load, which deletes the component.
     */
    @Override
    public void addDiskComponent(ILSMDiskComponent component) throws HyracksDataException {
        if (component != EmptyComponent.INSTANCE) {
            LeveledManifest.FlushEdit edit = committedFlushes.remove(name(component));
            version = version.apply(edit != null ? edit : writeFlushEdit(component, scan(component)));
            diskComponents.add(0, component);
            rewriteIfLong();
        }
    }

    /** Search order: level 0 newest first, then each deeper level, newest first. */
    private void sortComponents() {
        diskComponents.sort(Comparator.comparingInt((ILSMDiskComponent c) -> version.levelOf(name(c)))
                .thenComparing(LeveledRTree::name, ComponentIds.AGE.reversed()));
    }

    /**
     * Reads the reconciled merge stream as entries: id = position in the stream, and the tuple's MBR; the tuples with
     * a non-finite coordinate are skipped (their positions are not read).
     */
    private final class StreamEntries implements EntryCursor {
        private final IIndexCursor cursor;
        private long position;

        StreamEntries(ILSMIndexOperationContext opCtx, boolean keepsAntiMatter) {
            cursor = new LSMRTreeWithAntiMatterTuplesSearchCursor(opCtx, keepsAntiMatter, new IndexCursorStats());
            try {
                search(opCtx, cursor, new SearchPredicate(null, null));
            } catch (HyracksDataException e) {
                throw new IllegalStateException("cannot read the merge's inputs", e);
            }
        }

        @Override
        public int read(Entries into, int max) {
            try {
                int read = 0;
                while (read < max && cursor.hasNext()) {
                    cursor.next();
                    ITupleReference tuple = cursor.getTuple();
                    if (isFinite(tuple)) {
                        into.add(position, coordinate(tuple, 0), coordinate(tuple, 1), coordinate(tuple, dimensions),
                                coordinate(tuple, dimensions + 1));
                        read++;
                    }
                    position++;
                }
                return read;
            } catch (HyracksDataException e) {
                throw new IllegalStateException("cannot read the merge's inputs", e);
            }
        }

        @Override
        public void close() {
            try {
                cursor.close();
                cursor.destroy();
            } catch (HyracksDataException e) {
                throw new IllegalStateException("cannot close the merge's inputs", e);
            }
        }
    }

    /** AsterixDB stores the R-tree's key doubles with their one-byte type tag in front. */
    private static double coordinate(ITupleReference tuple, int field) {
        int tag = tuple.getFieldLength(field) - Double.BYTES;
        return DoublePointable.getDouble(tuple.getFieldData(field), tuple.getFieldStart(field) + tag);
    }

    /** Whether the tuple's MBR (the first two dimensions) has finite coordinates only. */
    private boolean isFinite(ITupleReference tuple) {
        return ComponentMbr.isFinite(coordinate(tuple, 0), coordinate(tuple, 1), coordinate(tuple, dimensions),
                coordinate(tuple, dimensions + 1));
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
         * and marker, then the valid bit, forced. Called as soon as the output is loaded, so that its metadata page
         * goes back to the buffer cache at once.
         */
        void finishExtraOutput(ILSMIOOperation operation, ILSMDiskComponent extra) throws HyracksDataException {
            ILSMDiskComponent first = operation.getNewComponent();
            operation.setNewComponent(extra);
            try {
                stock.afterOperation(operation);
            } finally {
                operation.setNewComponent(first);
            }
            extra.markAsValid(isDurable(), operation);
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
            if (operation.getIOOpertionType() == ILSMIOOperation.LSMIOOperationType.FLUSH && flushed != null
                    && flushed != EmptyComponent.INSTANCE) {
                Stats stats = flushStats.remove(name(flushed));
                if (succeeded) {
                    try {
                        committedFlushes.put(name(flushed), writeFlushEdit(flushed, stats));
                    } catch (RuntimeException e) {
                        // No checkpoint may name a flush the manifest does not hold.
                        operation.setStatus(ILSMIOOperation.LSMIOOperationStatus.FAILURE);
                        throw e;
                    }
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

package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProviderFactory;
import org.apache.hyracks.storage.am.common.impls.AbstractTreeIndex;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentBulkLoader;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMPageWriteCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMTreeTupleReference;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMIndexSearchCursor;
import org.apache.hyracks.storage.am.lsm.common.impls.MergeOperation;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuplesSearchCursor;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.IIndexAccessor;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.IndexCursorStats;
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
import org.spatiallsm.partitioning.leveled.MbrKeySpace;
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
public final class LeveledRTree extends PruningRTree implements LeveledIndex {

    private static final Logger LOGGER = LogManager.getLogger();
    /** A merge keeps one output open per this many pages of the buffer cache ({@link #maxOpenOutputs}). */
    private static final int CACHE_PAGES_PER_OPEN_OUTPUT = 128;

    private final LeveledRTreeFileManager files;
    private final LeveledEngine<Rect> engine;
    private final String ordering;
    private final int dimensions;

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
        this.files = fileManager;
        this.engine = new LeveledEngine<>(this, new Host(), fileManager.directory(), LeveledRTree::name,
                parts.mergePolicy(), MbrKeySpace.INSTANCE, LeveledManifest.Component::mbr);
        this.ordering = ordering;
        this.dimensions = rtreeCmpFactories.length / 2;
    }

    /** What the shared engine needs of an R-tree: its scans for MBRs and its components' files. */
    private final class Host implements LeveledEngine.Host {
        @Override
        public LeveledEngine.Scan scan(ILSMDiskComponent component) throws HyracksDataException {
            ComponentMbr scanned = new ComponentMbr();
            forEachTuple(component, tuple -> scanned.add(coordinate(tuple, 0), coordinate(tuple, 1),
                    coordinate(tuple, dimensions), coordinate(tuple, dimensions + 1)));
            return new LeveledEngine.Scan(scanned.rect(), null, scanned.count());
        }

        @Override
        public LSMComponentFileReferences componentFiles(String name) {
            return files.outputFiles(name);
        }

        @Override
        public ILSMDiskComponent createOutput(LSMComponentFileReferences outputFiles, long entries)
                throws HyracksDataException {
            return createDiskComponent(componentFactory, outputFiles.getInsertIndexFileReference(), null, null, true);
        }

        @Override
        public String kind() {
            return "leveled R-tree";
        }
    }

    @Override
    public LeveledEngine<Rect> engine() {
        return engine;
    }

    /** The stock activation, then the levels from the manifest (see {@link LeveledEngine#activate}). */
    @Override
    public synchronized void activate() throws HyracksDataException {
        super.activate();
        engine.activate();
    }

    @Override
    public ILSMDiskComponent doFlush(ILSMIOOperation operation) throws HyracksDataException {
        failAt("leveled.flush.write");
        // The policy's read of the new component (its MBR and entries) comes after it is marked valid.
        return super.doFlush(operation);
    }

    /** Components that activations of this index found without a manifest record, and scanned. */
    @Override
    public OptionalLong componentsScannedAtActivation() {
        return OptionalLong.of(engine.componentsScannedAtActivation());
    }

    /** The file name of a disk component: its identity in the manifest. */
    static String name(ILSMDiskComponent component) {
        return ((AbstractTreeIndex) component.getIndex()).getFileReference().getFile().getName();
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

    /**
     * The MBR a search tests the component against: the one the manifest stores (a merge's output, as the
     * partitioner summed it up; a flush, as its scan found it); exact either way, anti-matter included. Under the
     * lock.
     */
    @Override
    protected Box componentMbr(ILSMDiskComponent component) {
        LeveledManifest.Component described = engine.describe(component);
        if (described.entries() == 0) {
            return Box.empty(2);
        }
        return Box.of(described.mbr());
    }

    @Override
    public OptionalInt level(ILSMDiskComponent component) {
        return OptionalInt.of(engine.describe(component).level());
    }

    @Override
    protected ILSMIOOperation createMergeOperation(AbstractLSMIndexOperationContext opCtx,
            LSMComponentFileReferences mergeFileRefs, ILSMIOOperationCallback callback) throws HyracksDataException {
        return engine.createMergeOperation(opCtx,
                (MergeOperation) super.createMergeOperation(opCtx, mergeFileRefs, callback), callback);
    }

    @Override
    protected ILSMIOOperation createFlushOperation(AbstractLSMIndexOperationContext opCtx,
            LSMComponentFileReferences fileRefs, ILSMIOOperationCallback callback) throws HyracksDataException {
        return super.createFlushOperation(opCtx, fileRefs, engine.flushCallback(callback));
    }

    @Override
    public ILSMDiskComponent doMerge(ILSMIOOperation operation) throws HyracksDataException {
        return SearchPageReads.outsideSearches(() -> mergeLevels(operation));
    }

    private ILSMDiskComponent mergeLevels(ILSMIOOperation operation) throws HyracksDataException {
        LeveledMergeOperation merge = engine.leveledMerge(operation);
        ILSMIndexOperationContext opCtx = ((LSMIndexSearchCursor) merge.getCursor()).getOpCtx();
        boolean keepsAntiMatter = !merge.decision().dropAntiMatter();
        Set<Long> nonFinite = new HashSet<>();
        long count = countMerged(opCtx, keepsAntiMatter, nonFinite);
        if (count == 0) {
            // Matter and anti-matter cancelled out: the merge only removes its inputs.
            return engine.mergedNothing(merge);
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
            files.directory().deleteMergeTemporaryDirectories();
        }
        return engine.merged(merge);
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
            return Files.createDirectories(files.directory().mergeTemporaryDirectory());
        } catch (IOException e) {
            Path fallback = files.directory().fallbackMergeTemporaryDirectory();
            LOGGER.warn("spatial-lsm: leveled R-tree in {}: cannot create the merge's temporary directory ({});"
                    + " using {}", files.directory().manifest().getParent(), e.toString(), fallback);
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
        merge.expectOutputs(partitions.size());
        for (int i = 0; i < partitions.size(); i++) {
            merge.describeOutput(i, new LeveledEngine.Scan(partitions.get(i).mbr(), null, partitions.get(i).entries()));
        }
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
                                open[output] = engine.beginOutput(merge, output, partitions.get(output).entries());
                            }
                            open[output].add(cursor.getTuple());
                            if (position == plan.lastPosition(output)) {
                                failAt("leveled.merge.output-write");
                                open[output].end();
                                open[output] = null;
                                engine.finishOutput(merge, output);
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
                    + " most {} open at once", files.directory().manifest().getParent(), merge.serial(), open.length,
                    plan.passes(), maxOpenOutputs());
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

    /** Installs a committed merge (under the operation tracker's lock): the outputs replace the inputs in memory. */
    @Override
    public void subsumeMergedComponents(ILSMDiskComponent newComponent, List<ILSMComponent> mergedComponents)
            throws HyracksDataException {
        engine.subsumeMergedComponents(newComponent, mergedComponents);
    }

    /** A flushed or bulk-loaded component arrives at level 0, with its manifest record. */
    @Override
    public void addDiskComponent(ILSMDiskComponent component) throws HyracksDataException {
        engine.addDiskComponent(component);
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
}

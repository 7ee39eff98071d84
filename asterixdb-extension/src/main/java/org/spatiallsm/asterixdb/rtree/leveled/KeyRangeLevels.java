package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Supplier;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.btree.impls.BatchPredicate;
import org.apache.hyracks.storage.am.btree.impls.RangePredicate;
import org.apache.hyracks.storage.am.common.impls.AbstractTreeIndex;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.common.ophelpers.IndexOperation;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTree;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeRangeSearchCursor;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.LSMComponentType;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentBulkLoader;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicy;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMTreeTupleReference;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMIndexSearchCursor;
import org.apache.hyracks.storage.am.lsm.common.impls.MergeOperation;
import org.apache.hyracks.storage.common.IIndexAccessor;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.IndexCursorStats;
import org.apache.hyracks.storage.common.MultiComparator;
import org.spatiallsm.asterixdb.crash.CrashPoints;
import org.spatiallsm.asterixdb.crash.FaultPoints;
import org.spatiallsm.asterixdb.introspection.PrunedIndex;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;
import org.spatiallsm.asterixdb.rtree.pruning.SearchCounting;
import org.spatiallsm.partitioning.leveled.KeyOrderCut;
import org.spatiallsm.partitioning.leveled.KeyRange;
import org.spatiallsm.partitioning.leveled.KeyRangeSpace;
import org.spatiallsm.partitioning.leveled.KeySearch;
import org.spatiallsm.partitioning.pruning.ReadAmplification;

/**
 * What makes an LSM B-tree leveled, for any LSM B-tree that owns one: a {@link LeveledBTree} (a secondary B-tree or a
 * dataset's primary index) or an index organisation's B-tree ({@link OrganisationBTree} under the leveled policy). Its
 * merges, chosen by the leveled policy, cut their reconciled stream along the key order into outputs of at most the
 * cap's entries each ({@link KeyOrderCut}), and its levels, key ranges, entry counts and sizes live in the manifest of
 * the shared engine ({@link LeveledEngine}). A key is the whole B-tree key (a secondary index's: its own key fields,
 * then the primary key; a primary index's: the primary key), kept in the manifest as its fields' bytes. Flushes are
 * the stock B-tree's; a search skips the disk components whose key range misses its range, so a point lookup opens
 * at most one component per level &gt;= 1 (their ranges are disjoint), besides level 0. The owning index forwards its
 * flush, merge, install and search overrides here.
 * <p>
 * <b>Why pruning is safe with anti-matter.</b> An anti-matter entry carries the exact key of the entry it cancels,
 * and a component's range holds every key it stores, anti-matter included: a search that skips a component skips
 * only keys outside its range, whether the component holds the matter or the anti-matter of one.
 */
public final class KeyRangeLevels implements LeveledIndex, PrunedIndex {

    /** The owning index's {@code createDiskComponent} for a merge output (a protected method of the LSM index). */
    @FunctionalInterface
    public interface Outputs {
        ILSMDiskComponent create(LSMComponentFileReferences files) throws HyracksDataException;
    }

    private final LSMBTree index;
    private final LeveledBTreeFileManager files;
    private final Outputs outputs;
    private final LeveledEngine<KeyRange<byte[][]>> engine;
    private final KeyRangeSpace<byte[][]> keys;
    private final int keyFields;
    private final SearchCounting counting = new SearchCounting();

    /**
     * @param index   the owning LSM B-tree, built from {@code parts}, whose files are a leveled B-tree's and whose
     *                policy is {@code leveled}
     * @param outputs creates a merge output of {@code index}
     */
    public KeyRangeLevels(LSMBTree index, OrganisationBTree.Parts parts, Outputs outputs)
            throws HyracksDataException {
        this.index = index;
        this.files = (LeveledBTreeFileManager) parts.files();
        this.outputs = outputs;
        this.keyFields = parts.cmpFactories().length;
        // A comparator per thread: the policy (under the lock) and merges (on I/O threads) compare keys at once.
        IBinaryComparatorFactory[] comparators = parts.cmpFactories();
        ThreadLocal<MultiComparator> order = ThreadLocal.withInitial(() -> MultiComparator.create(comparators));
        this.keys = new KeyRangeSpace<>(keyOrder(order::get));
        this.engine = new LeveledEngine<>(index, new Host(), files.directory(), KeyRangeLevels::name,
                parts.mergePolicy(), keys, KeyRangeLevels::keyRange);
    }

    /** Whether an LSM B-tree under {@code policy} is leveled, i.e. owns a {@link KeyRangeLevels}. */
    public static boolean isLeveled(ILSMMergePolicy policy) {
        return policy instanceof LeveledMergePolicy;
    }

    /** The levels of a leveled B-tree or of a leveled organisation's B-tree; empty for any other index. */
    public static Optional<KeyRangeLevels> of(ILSMIndex index) {
        if (index instanceof LeveledBTree leveled) {
            return Optional.of(leveled.levels());
        }
        return index instanceof OrganisationBTree organisation ? organisation.levels() : Optional.empty();
    }

    /** What {@link #readEntries} hands over for each entry of a component. */
    @FunctionalInterface
    public interface EntryVisitor {
        /** @param key the key's fields as stored: AsterixDB's serialized values, type tags included */
        void visit(byte[][] key, boolean antiMatter);
    }

    /**
     * Every entry of one of this index's disk components, anti-matter included, in key order: what introspection
     * shows of a component's contents. The caller keeps the component from being deleted meanwhile.
     */
    public void readEntries(ILSMDiskComponent component, EntryVisitor visitor) throws HyracksDataException {
        IIndexAccessor accessor = component.getIndex().createAccessor(NoOpIndexAccessParameters.INSTANCE);
        IIndexCursor cursor = accessor.createSearchCursor(false);
        try {
            accessor.search(cursor, new RangePredicate(null, null, true, true, null, null));
            try {
                while (cursor.hasNext()) {
                    cursor.next();
                    ITupleReference tuple = cursor.getTuple();
                    visitor.visit(keyOf(tuple), tuple instanceof ILSMTreeTupleReference lsm && lsm.isAntimatter());
                }
            } finally {
                cursor.close();
            }
        } finally {
            cursor.destroy();
        }
    }

    /** The key range the manifest records for a disk component; null for one without entries. */
    public LeveledManifest.KeyBounds keyBounds(ILSMDiskComponent component) {
        return engine.describe(component).keys();
    }

    /** What the shared engine needs of a B-tree: its scans for key ranges and its components' files. */
    private final class Host implements LeveledEngine.Host {
        @Override
        public LeveledEngine.Scan scan(ILSMDiskComponent component) throws HyracksDataException {
            byte[][][] firstAndLast = new byte[2][][];
            long[] entries = new long[1];
            readEntries(component, (key, antiMatter) -> {
                if (firstAndLast[0] == null) {
                    firstAndLast[0] = key;
                }
                firstAndLast[1] = key;
                entries[0]++;
            });
            return new LeveledEngine.Scan(null, firstAndLast[0] == null ? null
                    : LeveledManifest.KeyBounds.of(firstAndLast[0], firstAndLast[1]), entries[0]);
        }

        @Override
        public LSMComponentFileReferences componentFiles(String name) {
            return files.componentFiles(name);
        }

        @Override
        public ILSMDiskComponent createOutput(LSMComponentFileReferences outputFiles, long entries)
                throws HyracksDataException {
            // The bulk loader sizes a Bloom filter by the entries given to it: exactly this output's.
            return outputs.create(outputFiles);
        }

        @Override
        public String kind() {
            return "leveled B-tree";
        }
    }

    @Override
    public LeveledEngine<KeyRange<byte[][]>> engine() {
        return engine;
    }

    /** The component name of a disk component: its B-tree file's name without the suffix. */
    static String name(ILSMDiskComponent component) {
        return LeveledBTreeFileManager.componentName(
                ((AbstractTreeIndex) component.getIndex()).getFileReference().getFile().getName());
    }

    /** A component's key range as the manifest records it; a component without entries has none. */
    private static KeyRange<byte[][]> keyRange(LeveledManifest.Component component) {
        if (component.keys() == null) {
            throw new IllegalStateException("component " + component.name() + " of a leveled B-tree has no key range"
                    + " in the manifest (" + component + ")");
        }
        return new KeyRange<>(component.keys().minFields(), component.keys().maxFields());
    }

    /** The first {@link #keyFields} fields of a B-tree tuple, copied. */
    private byte[][] keyOf(ITupleReference tuple) {
        return fieldsOf(tuple, keyFields);
    }

    private static byte[][] fieldsOf(ITupleReference tuple, int count) {
        byte[][] fields = new byte[count][];
        for (int f = 0; f < count; f++) {
            int start = tuple.getFieldStart(f);
            fields[f] = Arrays.copyOfRange(tuple.getFieldData(f), start, start + tuple.getFieldLength(f));
        }
        return fields;
    }

    /** The order of keys given as their fields' bytes, by {@code comparator} (the fields it compares). */
    private static Comparator<byte[][]> keyOrder(Supplier<MultiComparator> comparator) {
        return (a, b) -> {
            try {
                return comparator.get().compare(new FieldsTuple(a), new FieldsTuple(b));
            } catch (HyracksDataException e) {
                throw new IllegalStateException("cannot compare B-tree keys", e);
            }
        };
    }

    /** After the index's own activation: reads the manifest back. */
    public void activate() throws HyracksDataException {
        engine.activate();
    }

    /**
     * The index's flush: {@code stockFlush} (AsterixDB's), outside the page-read counts. The policy's read of the new
     * component (its key range and entries) comes after it is marked valid, in the flush callback.
     */
    public ILSMDiskComponent flush(SearchPageReads.Work<ILSMDiskComponent, HyracksDataException> stockFlush)
            throws HyracksDataException {
        failAt("leveled.flush.write");
        return SearchPageReads.outsideSearches(stockFlush);
    }

    /** The callback of a flush operation, with the engine's commit points around the stock one. */
    public ILSMIOOperationCallback flushCallback(ILSMIOOperationCallback callback) {
        return engine.flushCallback(callback);
    }

    /** The merge operation of the policy's decision, around the stock one the index created. */
    public ILSMIOOperation mergeOperation(AbstractLSMIndexOperationContext opCtx, MergeOperation stock,
            ILSMIOOperationCallback callback) {
        try {
            return engine.createMergeOperation(opCtx, stock, callback);
        } catch (HyracksDataException e) {
            // The stock signature throws nothing; the harness fails the merge's scheduling on this.
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** The index's merge: the leveled one of {@code operation}. */
    public ILSMDiskComponent merge(ILSMIOOperation operation) throws HyracksDataException {
        return SearchPageReads.outsideSearches(() -> mergeLevels(engine.leveledMerge(operation)));
    }

    /**
     * Reads the reconciled merge stream twice: once to count it, so that every output is created knowing its exact
     * entry count (the cap, the last one the rest), then to cut it along the key order into those outputs, one open
     * at a time. Each output is finished at its last entry; the harness finishes the first.
     */
    private ILSMDiskComponent mergeLevels(LeveledMergeOperation merge) throws HyracksDataException {
        ILSMIndexOperationContext opCtx = ((LSMIndexSearchCursor) merge.getCursor()).getOpCtx();
        boolean keepsAntiMatter = !merge.decision().dropAntiMatter();
        long count = countMerged(opCtx, keepsAntiMatter);
        if (count == 0) {
            // Matter and anti-matter cancelled out: the merge only removes its inputs.
            return engine.mergedNothing(merge);
        }
        long cap = Math.max(1, merge.decision().maxOutputEntries());
        int outputCount = Math.toIntExact((count + cap - 1) / cap);
        merge.expectOutputs(outputCount);
        KeyOrderCut<byte[][]> cut = new KeyOrderCut<>(keys, cap);
        ILSMDiskComponentBulkLoader open = null;
        int current = -1;
        boolean loaded = false;
        IIndexCursor cursor = new LSMBTreeRangeSearchCursor(opCtx, keepsAntiMatter, new IndexCursorStats());
        try {
            index.search(opCtx, cursor, new RangePredicate(null, null, true, true, null, null));
            try {
                while (cursor.hasNext()) {
                    cursor.next();
                    int output = cut.add(keyOf(cursor.getTuple()));
                    if (output != current) {
                        finish(merge, open, current, outputCount);
                        current = output;
                        open = engine.beginOutput(merge, output, Math.min(cap, count - output * cap));
                    }
                    open.add(cursor.getTuple());
                }
            } finally {
                cursor.close();
            }
            finish(merge, open, current, outputCount);
            open = null;
            List<KeyOrderCut.Output<byte[][]>> cuts = cut.outputs();
            if (cuts.size() != outputCount) {
                throw new IllegalStateException("the merge stream of " + index + " changed between its two reads: "
                        + cuts.size() + " outputs instead of " + outputCount);
            }
            for (int i = 0; i < outputCount; i++) {
                KeyOrderCut.Output<byte[][]> described = cuts.get(i);
                merge.describeOutput(i, new LeveledEngine.Scan(null, LeveledManifest.KeyBounds
                        .of(described.range().min(), described.range().max()), described.entries()));
            }
            loaded = true;
        } finally {
            cursor.destroy();
            if (!loaded && open != null) {
                open.abort();
            }
        }
        return engine.merged(merge);
    }

    /** Ends output {@code output} (if one is open) and, but for the first, finishes it at once. */
    private void finish(LeveledMergeOperation merge, ILSMDiskComponentBulkLoader open, int output, int outputCount)
            throws HyracksDataException {
        if (open == null) {
            return;
        }
        failAt("leveled.merge.output-write");
        open.end();
        engine.finishOutput(merge, output);
        if (output == 0 && outputCount > 1) {
            CrashPoints.reach("leveled.merge.outputs-half-written");
        }
    }

    private long countMerged(ILSMIndexOperationContext opCtx, boolean keepsAntiMatter) throws HyracksDataException {
        IIndexCursor counter = new LSMBTreeRangeSearchCursor(opCtx, keepsAntiMatter, new IndexCursorStats());
        try {
            index.search(opCtx, counter, new RangePredicate(null, null, true, true, null, null));
            long entries = 0;
            try {
                while (counter.hasNext()) {
                    counter.next();
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

    /** A fault point ({@link FaultPoints}) where the write that follows would fail as on a full disk. */
    private static void failAt(String point) throws HyracksDataException {
        try {
            FaultPoints.reach(point);
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
    }

    public void subsumeMergedComponents(ILSMDiskComponent newComponent, List<ILSMComponent> mergedComponents)
            throws HyracksDataException {
        engine.subsumeMergedComponents(newComponent, mergedComponents);
    }

    public void addDiskComponent(ILSMDiskComponent component) throws HyracksDataException {
        engine.addDiskComponent(component);
    }

    /**
     * Removes from a {@code SEARCH}'s operational components (as the index's {@code getOperationalComponents} just
     * chose them, under the operation tracker's lock) the disk components whose key range misses the search's range;
     * memory components stay.
     */
    public void prune(ILSMIndexOperationContext ctx) {
        int skipped = 0;
        // A batch of point lookups (a primary index's, behind a secondary index) names one key at a time: no pruning.
        if (ctx.getOperation() == IndexOperation.SEARCH && ctx.getSearchPredicate() instanceof RangePredicate range
                && !(range instanceof BatchPredicate)) {
            for (Iterator<ILSMComponent> it = ctx.getComponentHolder().iterator(); it.hasNext();) {
                ILSMComponent component = it.next();
                if (component.getType() == LSMComponentType.DISK
                        && !meets(engine.describe((ILSMDiskComponent) component), range)) {
                    it.remove();
                    skipped++;
                }
            }
        }
        counting.pruned(skipped);
    }

    /**
     * Whether a component may hold a key of the search: its range meets the search's lower bound and its upper bound,
     * each compared on the fields the bound has, with the search's own comparator (a bound may be a prefix of the
     * key, e.g. the secondary key without the primary key).
     */
    private static boolean meets(LeveledManifest.Component component, RangePredicate search) {
        if (component.keys() == null) {
            // No entries: no key to find.
            return false;
        }
        KeyRange<byte[][]> range = keyRange(component);
        return meetsBound(range, search.getLowKey(), search.getLowKeyComparator(), search.isLowKeyInclusive(), true)
                && meetsBound(range, search.getHighKey(), search.getHighKeyComparator(), search.isHighKeyInclusive(),
                        false);
    }

    private static boolean meetsBound(KeyRange<byte[][]> range, ITupleReference bound, MultiComparator comparator,
            boolean inclusive, boolean low) {
        if (bound == null || comparator == null) {
            return true;
        }
        byte[][] key = fieldsOf(bound, comparator.getKeyFieldCount());
        KeyRangeSpace<byte[][]> prefix = new KeyRangeSpace<>(keyOrder(() -> comparator));
        KeySearch<byte[][]> search = low ? new KeySearch<>(key, inclusive, null, false)
                : new KeySearch<>(null, false, key, inclusive);
        return prefix.meets(range, search);
    }

    /** Counts a search (called by the index's {@code search(ctx, ...)}; only a {@code SEARCH} counts). */
    public void countSearch(ILSMIndexOperationContext ctx) {
        counting.countSearch(ctx);
    }

    @Override
    public ReadAmplification.Counts readAmplification() {
        return counting.counts();
    }

    @Override
    public OptionalInt level(ILSMDiskComponent component) {
        return OptionalInt.of(engine.describe(component).level());
    }

    @Override
    public OptionalLong componentsScannedAtActivation() {
        return OptionalLong.of(engine.componentsScannedAtActivation());
    }

    /** Key fields given as byte arrays, as a tuple a B-tree comparator reads. */
    private record FieldsTuple(byte[][] fields) implements ITupleReference {
        @Override
        public int getFieldCount() {
            return fields.length;
        }

        @Override
        public byte[] getFieldData(int fIdx) {
            return fields[fIdx];
        }

        @Override
        public int getFieldStart(int fIdx) {
            return 0;
        }

        @Override
        public int getFieldLength(int fIdx) {
            return fields[fIdx].length;
        }
    }
}

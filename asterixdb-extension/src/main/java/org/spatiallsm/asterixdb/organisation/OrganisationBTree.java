package org.spatiallsm.asterixdb.organisation;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.asterix.formats.nontagged.BinaryComparatorFactoryProvider;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.hyracks.api.compression.ICompressorDecompressorFactory;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.storage.am.btree.frames.BTreeNSMInteriorFrameFactory;
import org.apache.hyracks.storage.am.btree.frames.BTreeNSMLeafFrameFactory;
import org.apache.hyracks.storage.am.common.api.IExtendedModificationOperationCallback;
import org.apache.hyracks.storage.am.common.api.IMetadataPageManagerFactory;
import org.apache.hyracks.storage.am.common.api.INullIntrospector;
import org.apache.hyracks.storage.am.common.api.ITreeIndexFrameFactory;
import org.apache.hyracks.storage.am.common.impls.IndexAccessParameters;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTree;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeFileManager;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeOpContext;
import org.apache.hyracks.storage.am.lsm.btree.tuples.LSMBTreeCopyTupleWriterFactory;
import org.apache.hyracks.storage.am.lsm.btree.tuples.LSMBTreeTupleWriterFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationScheduler;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicy;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMOperationTracker;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMPageWriteCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCache;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.impls.DiskBTreeFactory;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.MergeOperation;
import org.apache.hyracks.storage.common.IIndexAccessParameters;
import org.apache.hyracks.storage.common.IIndexBulkLoader;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.apache.hyracks.util.trace.ITracer;
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;
import org.spatiallsm.asterixdb.rtree.leveled.KeyRangeLevels;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledBTree;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledMergePolicyFactory;
import org.spatiallsm.geometry.Rect;

/**
 * A secondary LSM B-tree of an index organisation (the Hilbert B-trees, the SHB-tree, SIF) that AsterixDB drives as
 * the R-tree it stands in for (the physical swap). Flushes, merges, anti-matter and recovery are the LSM B-tree's
 * own; the B-tree stores the organisation's key fields, then the primary key, while AsterixDB sees R-tree tuples
 * (x1, y1, x2, y2, pk...). Subclasses translate the tuples (their accessor), searches and bulk loads; this class
 * builds the B-tree, reports the R-tree's fields and comparators, and shows the logging callback the R-tree layout.
 */
public abstract class OrganisationBTree extends LSMBTree {

    /** An R-tree tuple of a 2-D object starts with its MBR: x1, y1, x2, y2 (a point: x, y, x, y). */
    public static final int RTREE_KEY_FIELDS = 4;

    private final int keyFields;
    private final IBinaryComparatorFactory[] rtreeComparators;
    /** Under the leveled merge policy, what makes this B-tree leveled; null under any other policy. */
    private final KeyRangeLevels levels;

    /** What an LSM B-tree without component filters is built from. */
    public record Parts(IIOManager ioManager, List<IVirtualBufferCache> virtualBufferCaches,
            ITreeIndexFrameFactory interior, ITreeIndexFrameFactory insertLeaf, ITreeIndexFrameFactory deleteLeaf,
            IBufferCache diskBufferCache, LSMBTreeFileManager files, ILSMDiskComponentFactory componentFactory,
            ILSMDiskComponentFactory bulkLoadComponentFactory, int fieldCount,
            IBinaryComparatorFactory[] cmpFactories, ILSMMergePolicy mergePolicy, ILSMOperationTracker opTracker,
            ILSMIOOperationScheduler ioScheduler, ILSMIOOperationCallbackFactory ioOpCallbackFactory,
            ILSMPageWriteCallbackFactory pageWriteCallbackFactory, boolean durable, ITracer tracer) {
    }

    /** @param keyFields the B-tree fields before the primary key */
    protected OrganisationBTree(Parts parts, int keyFields) throws HyracksDataException {
        super(parts.ioManager(), parts.virtualBufferCaches(), parts.interior(), parts.insertLeaf(),
                parts.deleteLeaf(), parts.diskBufferCache(), parts.files(), parts.componentFactory(),
                parts.bulkLoadComponentFactory(), null, null, null, 0, parts.fieldCount(), parts.cmpFactories(),
                parts.mergePolicy(), parts.opTracker(), parts.ioScheduler(), parts.ioOpCallbackFactory(),
                parts.pageWriteCallbackFactory(), false, false, null, null, parts.durable(), false, parts.tracer());
        this.keyFields = keyFields;
        IBinaryComparatorFactory[] btreeOrder = parts.cmpFactories();
        this.rtreeComparators = new IBinaryComparatorFactory[getFieldCount()];
        IBinaryComparatorFactory coordinateOrder =
                BinaryComparatorFactoryProvider.INSTANCE.getBinaryComparatorFactory(BuiltinType.ADOUBLE, true);
        Arrays.fill(rtreeComparators, 0, RTREE_KEY_FIELDS, coordinateOrder);
        System.arraycopy(btreeOrder, keyFields, rtreeComparators, RTREE_KEY_FIELDS, btreeOrder.length - keyFields);
        this.levels = KeyRangeLevels.isLeveled(parts.mergePolicy())
                ? new KeyRangeLevels(this, parts, this::createOutput)
                : null;
    }

    private ILSMDiskComponent createOutput(LSMComponentFileReferences files) throws HyracksDataException {
        return createDiskComponent(componentFactory, files.getInsertIndexFileReference(), null,
                files.getBloomFilterFileReference(), true);
    }

    /** Whether the index runs the leveled policy, with what makes it leveled: its levels, pruning and counters. */
    public final Optional<KeyRangeLevels> levels() {
        return Optional.ofNullable(levels);
    }

    /** The storage of an organisation's B-tree under {@code policy}: a leveled B-tree's, or AsterixDB's own. */
    public static Storage storage(ILSMMergePolicyFactory policy) {
        return policy instanceof LeveledMergePolicyFactory ? LeveledBTree.storage(null) : STOCK;
    }

    /**
     * Where the disk components of a secondary LSM B-tree live and what they are: AsterixDB's file manager and
     * components ({@link #STOCK}), or a subclass's.
     */
    public interface Storage {
        LSMBTreeFileManager files(IIOManager ioManager, FileReference file, DiskBTreeFactory trees,
                ICompressorDecompressorFactory compressorFactory);

        ILSMDiskComponentFactory components(DiskBTreeFactory trees);
    }

    /** AsterixDB's own files and disk components of a secondary B-tree. */
    public static final Storage STOCK = new Storage() {
        @Override
        public LSMBTreeFileManager files(IIOManager ioManager, FileReference file, DiskBTreeFactory trees,
                ICompressorDecompressorFactory compressorFactory) {
            return new LSMBTreeFileManager(ioManager, file, trees, false, compressorFactory);
        }

        @Override
        public LSMBTreeDiskComponentFactory components(DiskBTreeFactory trees) {
            return new LSMBTreeDiskComponentFactory(trees, null);
        }
    };

    /**
     * The parts of an LSM B-tree as AsterixDB builds its own (no component filter), its files and disk components
     * (with or without Bloom filters) those of {@code storage}.
     */
    @SuppressWarnings("squid:S00107") // the pieces AsterixDB's own builder takes
    public static Parts parts(IIOManager ioManager, List<IVirtualBufferCache> virtualBufferCaches,
            FileReference file, IBufferCache diskBufferCache, ITypeTraits[] typeTraits,
            IBinaryComparatorFactory[] cmpFactories, ILSMMergePolicy mergePolicy, ILSMOperationTracker opTracker,
            ILSMIOOperationScheduler ioScheduler, ILSMIOOperationCallbackFactory ioOpCallbackFactory,
            ILSMPageWriteCallbackFactory pageWriteCallbackFactory, IMetadataPageManagerFactory pageManagerFactory,
            boolean durable, ITracer tracer, ICompressorDecompressorFactory compressorFactory,
            ITypeTraits nullTypeTraits, INullIntrospector nullIntrospector, Storage storage)
            throws HyracksDataException {
        int keys = cmpFactories.length;
        ITreeIndexFrameFactory insertLeaf = new BTreeNSMLeafFrameFactory(
                new LSMBTreeTupleWriterFactory(typeTraits, keys, false, false, nullTypeTraits, nullIntrospector));
        ITreeIndexFrameFactory deleteLeaf = new BTreeNSMLeafFrameFactory(
                new LSMBTreeTupleWriterFactory(typeTraits, keys, true, false, nullTypeTraits, nullIntrospector));
        ITreeIndexFrameFactory copyLeaf = new BTreeNSMLeafFrameFactory(
                new LSMBTreeCopyTupleWriterFactory(typeTraits, keys, false, nullTypeTraits, nullIntrospector));
        ITreeIndexFrameFactory bulkLoadLeaf = new BTreeNSMLeafFrameFactory(
                new LSMBTreeTupleWriterFactory(typeTraits, keys, false, false, nullTypeTraits, nullIntrospector));
        ITreeIndexFrameFactory interior = new BTreeNSMInteriorFrameFactory(
                new LSMBTreeTupleWriterFactory(typeTraits, keys, false, false, nullTypeTraits, nullIntrospector));
        DiskBTreeFactory diskBTrees = new DiskBTreeFactory(ioManager, diskBufferCache, pageManagerFactory, interior,
                copyLeaf, cmpFactories, typeTraits.length);
        DiskBTreeFactory bulkLoadBTrees = new DiskBTreeFactory(ioManager, diskBufferCache, pageManagerFactory,
                interior, bulkLoadLeaf, cmpFactories, typeTraits.length);
        LSMBTreeFileManager files = storage.files(ioManager, file, diskBTrees, compressorFactory);
        return new Parts(ioManager, virtualBufferCaches, interior, insertLeaf, deleteLeaf, diskBufferCache, files,
                storage.components(diskBTrees), storage.components(bulkLoadBTrees), typeTraits.length, cmpFactories,
                mergePolicy, opTracker, ioScheduler, ioOpCallbackFactory, pageWriteCallbackFactory, durable, tracer);
    }

    /**
     * Where the organisation expects its objects: its domain or grid space. Objects outside it are still indexed, and
     * a window reaching beyond it finds them.
     */
    public abstract Rect space();

    /** Whether every entry is a point (its R-tree tuple has x1 = x2, y1 = y2), as opposed to an object's MBR. */
    public abstract boolean holdsPoints();

    // Flushes, merges and activation read pages too; they are not the searches' (see SearchPageReads). Under the
    // leveled policy, flushes, merges, installs and searches are also the leveled B-tree's (KeyRangeLevels).

    @Override
    public final ILSMDiskComponent doFlush(ILSMIOOperation operation) throws HyracksDataException {
        return levels != null ? levels.flush(() -> super.doFlush(operation))
                : SearchPageReads.outsideSearches(() -> super.doFlush(operation));
    }

    @Override
    protected final ILSMIOOperation createFlushOperation(AbstractLSMIndexOperationContext opCtx,
            LSMComponentFileReferences fileRefs, ILSMIOOperationCallback callback) {
        return super.createFlushOperation(opCtx, fileRefs, levels != null ? levels.flushCallback(callback) : callback);
    }

    @Override
    protected final ILSMIOOperation createMergeOperation(AbstractLSMIndexOperationContext opCtx,
            LSMComponentFileReferences mergeFileRefs, ILSMIOOperationCallback callback) {
        ILSMIOOperation stock = super.createMergeOperation(opCtx, mergeFileRefs, callback);
        return levels != null ? levels.mergeOperation(opCtx, (MergeOperation) stock, callback) : stock;
    }

    @Override
    public final ILSMDiskComponent doMerge(ILSMIOOperation operation) throws HyracksDataException {
        return levels != null ? levels.merge(operation)
                : SearchPageReads.outsideSearches(() -> super.doMerge(operation));
    }

    @Override
    public final void subsumeMergedComponents(ILSMDiskComponent newComponent, List<ILSMComponent> mergedComponents)
            throws HyracksDataException {
        if (levels != null) {
            levels.subsumeMergedComponents(newComponent, mergedComponents);
        } else {
            super.subsumeMergedComponents(newComponent, mergedComponents);
        }
    }

    @Override
    public final void addDiskComponent(ILSMDiskComponent component) throws HyracksDataException {
        if (levels != null) {
            levels.addDiskComponent(component);
        } else {
            super.addDiskComponent(component);
        }
    }

    /** Under the leveled policy, a B-tree range search skips the disk components whose key range misses it. */
    @Override
    public final void getOperationalComponents(ILSMIndexOperationContext ctx) throws HyracksDataException {
        super.getOperationalComponents(ctx);
        if (levels != null) {
            levels.prune(ctx);
        }
    }

    @Override
    public final void search(ILSMIndexOperationContext ctx, IIndexCursor cursor, ISearchPredicate pred)
            throws HyracksDataException {
        if (levels != null) {
            levels.countSearch(ctx);
        }
        super.search(ctx, cursor, pred);
    }

    @Override
    public final synchronized void activate() throws HyracksDataException {
        SearchPageReads.outsideSearches(() -> {
            super.activate();
            return null;
        });
        if (levels != null) {
            levels.activate();
        }
    }

    /** The R-tree's field count (x1, y1, x2, y2, pk...), which is what searches return. */
    @Override
    public final int getFieldCount() {
        return btreeFieldCount() - keyFields + RTREE_KEY_FIELDS;
    }

    /**
     * The comparators of the R-tree's fields (x1, y1, x2, y2, pk...): AsterixDB's R-tree search operator builds its
     * predicate's comparator from the index's first four, which the organisation's search does not use, but which
     * must exist.
     */
    @Override
    public final IBinaryComparatorFactory[] getComparatorFactories() {
        return rtreeComparators;
    }

    /** The B-tree's own key order. */
    public final IBinaryComparatorFactory[] btreeComparatorFactories() {
        return super.getComparatorFactories();
    }

    public final int btreeFieldCount() {
        return super.getFieldCount();
    }

    @Override
    public final LSMBTreeOpContext createOpContext(IIndexAccessParameters iap) {
        IExtendedModificationOperationCallback callback =
                (IExtendedModificationOperationCallback) iap.getModificationCallback();
        IndexAccessParameters inRTreeLayout =
                new IndexAccessParameters(inRTreeLayout(callback), iap.getSearchOperationCallback());
        inRTreeLayout.getParameters().putAll(iap.getParameters());
        return super.createOpContext(inRTreeLayout);
    }

    /**
     * AsterixDB's modification callback (it logs and locks, reading the primary key at its R-tree positions), handed
     * the stored B-tree tuples in R-tree layout, so that the log, and its replay, speak the R-tree layout.
     */
    protected abstract IExtendedModificationOperationCallback inRTreeLayout(
            IExtendedModificationOperationCallback callback);

    /** An accessor of the B-tree itself, with no callbacks: what the organisation's searches read with. */
    public final ILSMIndexAccessor btreeAccessor() {
        return super.createAccessor(super.createOpContext(NoOpIndexAccessParameters.INSTANCE));
    }

    /** The LSM B-tree's own bulk loader: it takes B-tree tuples in the B-tree's order. */
    protected final IIndexBulkLoader btreeBulkLoader(float fillLevel, boolean verifyInput, long numElementsHint,
            Map<String, Object> parameters) throws HyracksDataException {
        return super.createBulkLoader(fillLevel, verifyInput, numElementsHint, parameters);
    }
}

package org.spatiallsm.asterixdb.organisation;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

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
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTree;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeFileManager;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeOpContext;
import org.apache.hyracks.storage.am.lsm.btree.tuples.LSMBTreeCopyTupleWriterFactory;
import org.apache.hyracks.storage.am.lsm.btree.tuples.LSMBTreeTupleWriterFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationScheduler;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicy;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMOperationTracker;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMPageWriteCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.IVirtualBufferCache;
import org.apache.hyracks.storage.am.lsm.common.impls.DiskBTreeFactory;
import org.apache.hyracks.storage.common.IIndexAccessParameters;
import org.apache.hyracks.storage.common.IIndexBulkLoader;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.common.impls.IndexAccessParameters;
import org.apache.hyracks.util.trace.ITracer;

/**
 * A secondary LSM B-tree of Hilbert entries (DHB ⟨p, pk...⟩ or DHVB ⟨hv, x, y, pk...⟩, see {@link HilbertLayout})
 * that AsterixDB drives as the R-tree on a point field (the physical swap). Flushes, merges, anti-matter and recovery
 * are the LSM B-tree's own; only what AsterixDB's R-tree operators see is translated: the tuples they insert, delete
 * and bulk-load (R-tree layout in, B-tree layout stored), the modification callbacks that log them (B-tree layout back to R-tree layout, so that the log and its
 * replay speak the R-tree layout), and the R-tree search, answered by the skip-scan in R-tree layout.
 */
public final class HilbertBTree extends LSMBTree {

    private final HilbertLayout layout;
    private final SearchCounters searchCounters;
    private final IBinaryComparatorFactory[] rtreeComparators;

    private HilbertBTree(HilbertLayout layout, IIOManager ioManager, List<IVirtualBufferCache> virtualBufferCaches,
            ITreeIndexFrameFactory interiorFrameFactory, ITreeIndexFrameFactory insertLeafFrameFactory,
            ITreeIndexFrameFactory deleteLeafFrameFactory, IBufferCache diskBufferCache,
            LSMBTreeFileManager fileManager, LSMBTreeDiskComponentFactory componentFactory,
            LSMBTreeDiskComponentFactory bulkLoadComponentFactory, int fieldCount,
            IBinaryComparatorFactory[] cmpFactories, ILSMMergePolicy mergePolicy, ILSMOperationTracker opTracker,
            ILSMIOOperationScheduler ioScheduler, ILSMIOOperationCallbackFactory ioOpCallbackFactory,
            ILSMPageWriteCallbackFactory pageWriteCallbackFactory, boolean durable, ITracer tracer)
            throws HyracksDataException {
        super(ioManager, virtualBufferCaches, interiorFrameFactory, insertLeafFrameFactory, deleteLeafFrameFactory,
                diskBufferCache, fileManager, componentFactory, bulkLoadComponentFactory, null, null, null, 0,
                fieldCount, cmpFactories, mergePolicy, opTracker, ioScheduler, ioOpCallbackFactory,
                pageWriteCallbackFactory, false, false, null, null, durable, false, tracer);
        this.layout = layout;
        this.searchCounters = new SearchCounters(layout.kind());
        this.rtreeComparators = new IBinaryComparatorFactory[getFieldCount()];
        IBinaryComparatorFactory coordinateOrder =
                BinaryComparatorFactoryProvider.INSTANCE.getBinaryComparatorFactory(BuiltinType.ADOUBLE, true);
        Arrays.fill(rtreeComparators, 0, HilbertLayout.RTREE_KEY_FIELDS, coordinateOrder);
        System.arraycopy(cmpFactories, layout.keyFields(), rtreeComparators, HilbertLayout.RTREE_KEY_FIELDS,
                cmpFactories.length - layout.keyFields());
    }

    /** A secondary LSM B-tree without Bloom filters or component filters, as AsterixDB's secondary B-trees. */
    static HilbertBTree create(HilbertLayout layout, IIOManager ioManager,
            List<IVirtualBufferCache> virtualBufferCaches, FileReference file,
            IBufferCache diskBufferCache, ITypeTraits[] typeTraits, IBinaryComparatorFactory[] cmpFactories,
            ILSMMergePolicy mergePolicy, ILSMOperationTracker opTracker, ILSMIOOperationScheduler ioScheduler,
            ILSMIOOperationCallbackFactory ioOpCallbackFactory, ILSMPageWriteCallbackFactory pageWriteCallbackFactory,
            IMetadataPageManagerFactory pageManagerFactory, boolean durable, ITracer tracer,
            ICompressorDecompressorFactory compressorFactory, ITypeTraits nullTypeTraits,
            INullIntrospector nullIntrospector) throws HyracksDataException {
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
        LSMBTreeFileManager files = new LSMBTreeFileManager(ioManager, file, diskBTrees, false, compressorFactory);
        return new HilbertBTree(layout, ioManager, virtualBufferCaches, interior, insertLeaf, deleteLeaf,
                diskBufferCache, files,
                new LSMBTreeDiskComponentFactory(diskBTrees, null),
                new LSMBTreeDiskComponentFactory(bulkLoadBTrees, null), typeTraits.length, cmpFactories,
                mergePolicy, opTracker, ioScheduler, ioOpCallbackFactory, pageWriteCallbackFactory, durable, tracer);
    }

    /** The R-tree's field count (x, y, x, y, pk...), which is what searches return. */
    @Override
    public int getFieldCount() {
        return btreeFieldCount() - layout.keyFields() + HilbertLayout.RTREE_KEY_FIELDS;
    }

    /**
     * The comparators of the R-tree's fields (x, y, x, y, pk...): AsterixDB's R-tree search operator builds its
     * predicate's comparator from the index's first four, which the skip-scan does not use, but which must exist.
     */
    @Override
    public IBinaryComparatorFactory[] getComparatorFactories() {
        return rtreeComparators;
    }

    /** The B-tree's own key order. */
    IBinaryComparatorFactory[] btreeComparatorFactories() {
        return super.getComparatorFactories();
    }

    HilbertLayout layout() {
        return layout;
    }

    /** What this index's R-tree searches did since it was opened. */
    public SearchCounters searchCounters() {
        return searchCounters;
    }

    int btreeFieldCount() {
        return super.getFieldCount();
    }

    @Override
    public LSMBTreeOpContext createOpContext(IIndexAccessParameters iap) {
        IExtendedModificationOperationCallback callback =
                (IExtendedModificationOperationCallback) iap.getModificationCallback();
        IndexAccessParameters inRTreeLayout = new IndexAccessParameters(
                new RTreeLayoutModificationCallback(callback, layout), iap.getSearchOperationCallback());
        inRTreeLayout.getParameters().putAll(iap.getParameters());
        return super.createOpContext(inRTreeLayout);
    }

    /** The accessor AsterixDB's operators, flush scheduling and recovery use: it speaks the R-tree layout. */
    @Override
    public ILSMIndexAccessor createAccessor(IIndexAccessParameters iap) {
        return new HilbertBTreeAccessor(this, createOpContext(iap));
    }

    /** An accessor of the B-tree itself, with no callbacks: what the skip-scan seeks with. */
    ILSMIndexAccessor btreeAccessor() {
        return super.createAccessor(super.createOpContext(NoOpIndexAccessParameters.INSTANCE));
    }

    @Override
    public IIndexBulkLoader createBulkLoader(float fillLevel, boolean verifyInput, long numElementsHint,
            Map<String, Object> parameters) throws HyracksDataException {
        return new HilbertBulkLoader(super.createBulkLoader(fillLevel, verifyInput, numElementsHint, parameters),
                layout, btreeComparatorFactories(), btreeFieldCount());
    }
}

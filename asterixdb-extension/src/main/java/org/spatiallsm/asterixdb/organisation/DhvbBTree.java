package org.spatiallsm.asterixdb.organisation;

import java.util.List;
import java.util.Map;

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
 * A secondary LSM B-tree of DHVB entries ⟨hv, x, y, pk...⟩ that AsterixDB drives as the R-tree on a point field
 * (the physical swap). Flushes, merges, anti-matter and recovery are the LSM B-tree's own; only what AsterixDB's
 * R-tree operators see is translated: the tuples they insert, delete and bulk-load (R-tree layout in, B-tree layout
 * stored), the modification callbacks that log them (B-tree layout back to R-tree layout, so that the log and its
 * replay speak the R-tree layout), and the R-tree search, answered by the skip-scan in R-tree layout.
 */
public class DhvbBTree extends LSMBTree {

    protected DhvbBTree(Parts parts) throws HyracksDataException {
        super(parts.ioManager(), parts.virtualBufferCaches(), parts.interior(), parts.insertLeaf(),
                parts.deleteLeaf(), parts.diskBufferCache(), parts.files(), parts.componentFactory(),
                parts.bulkLoadComponentFactory(), null, null, null, 0, parts.fieldCount(), parts.cmpFactories(),
                parts.mergePolicy(), parts.opTracker(), parts.ioScheduler(), parts.ioOpCallbackFactory(),
                parts.pageWriteCallbackFactory(), false, false, null, null, parts.durable(), false, parts.tracer());
    }

    /** What a secondary LSM B-tree is built from; subclasses (other organisations) are built from the same. */
    public record Parts(IIOManager ioManager, List<IVirtualBufferCache> virtualBufferCaches,
            ITreeIndexFrameFactory interior, ITreeIndexFrameFactory insertLeaf, ITreeIndexFrameFactory deleteLeaf,
            IBufferCache diskBufferCache, LSMBTreeFileManager files, LSMBTreeDiskComponentFactory componentFactory,
            LSMBTreeDiskComponentFactory bulkLoadComponentFactory, int fieldCount,
            IBinaryComparatorFactory[] cmpFactories, ILSMMergePolicy mergePolicy, ILSMOperationTracker opTracker,
            ILSMIOOperationScheduler ioScheduler, ILSMIOOperationCallbackFactory ioOpCallbackFactory,
            ILSMPageWriteCallbackFactory pageWriteCallbackFactory, boolean durable, ITracer tracer) {
    }

    /** A secondary LSM B-tree without Bloom filters or component filters, as AsterixDB's secondary B-trees. */
    public static Parts parts(IIOManager ioManager, List<IVirtualBufferCache> virtualBufferCaches, FileReference file,
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
        return new Parts(ioManager, virtualBufferCaches, interior, insertLeaf, deleteLeaf, diskBufferCache, files,
                new LSMBTreeDiskComponentFactory(diskBTrees, null),
                new LSMBTreeDiskComponentFactory(bulkLoadBTrees, null), typeTraits.length, cmpFactories,
                mergePolicy, opTracker, ioScheduler, ioOpCallbackFactory, pageWriteCallbackFactory, durable, tracer);
    }

    /** The R-tree's field count (x, y, x, y, pk...), which is what searches return. */
    @Override
    public int getFieldCount() {
        return btreeFieldCount() + 1;
    }

    protected int btreeFieldCount() {
        return super.getFieldCount();
    }

    @Override
    public LSMBTreeOpContext createOpContext(IIndexAccessParameters iap) {
        IExtendedModificationOperationCallback callback =
                (IExtendedModificationOperationCallback) iap.getModificationCallback();
        IndexAccessParameters inRTreeLayout = new IndexAccessParameters(
                inRTreeLayout(callback), iap.getSearchOperationCallback());
        inRTreeLayout.getParameters().putAll(iap.getParameters());
        return super.createOpContext(inRTreeLayout);
    }

    /** AsterixDB's modification callback (it logs and locks), handed the stored tuples in R-tree layout. */
    protected IExtendedModificationOperationCallback inRTreeLayout(IExtendedModificationOperationCallback callback) {
        return new RTreeLayoutModificationCallback(callback, DhvbTuples.rtreeView(btreeFieldCount()),
                DhvbTuples.rtreeView(btreeFieldCount()));
    }

    /** The accessor AsterixDB's operators, flush scheduling and recovery use: it speaks the R-tree layout. */
    @Override
    public ILSMIndexAccessor createAccessor(IIndexAccessParameters iap) {
        return new DhvbAccessor(this, createOpContext(iap));
    }

    /** An accessor of the B-tree itself, with no callbacks: what the skip-scan seeks with. */
    protected ILSMIndexAccessor btreeAccessor() {
        return super.createAccessor(super.createOpContext(NoOpIndexAccessParameters.INSTANCE));
    }

    @Override
    public IIndexBulkLoader createBulkLoader(float fillLevel, boolean verifyInput, long numElementsHint,
            Map<String, Object> parameters) throws HyracksDataException {
        return new DhvbBulkLoader(btreeBulkLoader(fillLevel, verifyInput, numElementsHint, parameters),
                getComparatorFactories(), btreeFieldCount());
    }

    /** The LSM B-tree's own bulk loader: it takes B-tree tuples in key order. */
    protected IIndexBulkLoader btreeBulkLoader(float fillLevel, boolean verifyInput, long numElementsHint,
            Map<String, Object> parameters) throws HyracksDataException {
        return super.createBulkLoader(fillLevel, verifyInput, numElementsHint, parameters);
    }
}

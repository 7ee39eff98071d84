package org.spatiallsm.asterixdb.rtree.leveled;

import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.apache.hyracks.api.compression.ICompressorDecompressorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.io.IIOManager;
import org.apache.hyracks.storage.am.bloomfilter.impls.BloomFilterFactory;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTree;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.impls.DiskBTreeFactory;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.MergeOperation;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.spatiallsm.asterixdb.introspection.PrunedIndex;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;
import org.spatiallsm.asterixdb.organisation.OrganisationBTreeResource;
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;
import org.spatiallsm.partitioning.pruning.ReadAmplification;

/**
 * The leveled LSM B-tree (a secondary index, or a dataset's primary index): 0.9.8's LSM B-tree made leveled by
 * {@link KeyRangeLevels} (merges cut along the key order, levels and key ranges in the manifest, key-range pruning).
 * A primary index keeps AsterixDB's duplicate check of inserts and a Bloom filter per component; every output of a
 * merge gets its own, sized by its own entry count.
 */
public final class LeveledBTree extends LSMBTree implements LeveledIndex, PrunedIndex {

    private final KeyRangeLevels levels;

    /**
     * @param features whether this is a primary index (its inserts check for duplicates) and its Bloom filters, as
     *                 its resource says; {@link OrganisationBTreeResource.PrimaryFeatures#SECONDARY} for a secondary
     *                 B-tree
     */
    public LeveledBTree(OrganisationBTree.Parts parts, OrganisationBTreeResource.PrimaryFeatures features)
            throws HyracksDataException {
        super(parts.ioManager(), parts.virtualBufferCaches(), parts.interior(), parts.insertLeaf(),
                parts.deleteLeaf(), parts.diskBufferCache(), parts.files(), parts.componentFactory(),
                parts.bulkLoadComponentFactory(), null, null, null, features.bloomFilterFalsePositiveRate(),
                parts.fieldCount(), parts.cmpFactories(), parts.mergePolicy(), parts.opTracker(), parts.ioScheduler(),
                parts.ioOpCallbackFactory(), parts.pageWriteCallbackFactory(), features.isPrimary(),
                features.hasBloomFilter(), null, null, parts.durable(), false, parts.tracer());
        this.levels = new KeyRangeLevels(this, parts, this::createOutput);
    }

    private ILSMDiskComponent createOutput(LSMComponentFileReferences files) throws HyracksDataException {
        return createDiskComponent(componentFactory, files.getInsertIndexFileReference(), null,
                files.getBloomFilterFileReference(), true);
    }

    /**
     * The storage of a leveled B-tree: its file manager, and the stock components with the crash point; with a Bloom
     * filter on {@code bloomFilterKeyFields} per component if they are given (a primary index), none if null.
     */
    public static OrganisationBTree.Storage storage(int[] bloomFilterKeyFields) {
        return new OrganisationBTree.Storage() {
            @Override
            public LeveledBTreeFileManager files(IIOManager ioManager, FileReference file, DiskBTreeFactory trees,
                    ICompressorDecompressorFactory compressorFactory) {
                return new LeveledBTreeFileManager(ioManager, file, trees, bloomFilterKeyFields != null,
                        compressorFactory);
            }

            @Override
            public ILSMDiskComponentFactory components(DiskBTreeFactory trees) {
                return bloomFilterKeyFields == null ? new LeveledDiskComponentFactory.BTree(trees)
                        : new LeveledDiskComponentFactory.BTreeWithBloomFilter(trees,
                                new BloomFilterFactory(trees.getBufferCache(), bloomFilterKeyFields));
            }
        };
    }

    KeyRangeLevels levels() {
        return levels;
    }

    @Override
    public LeveledEngine<?> engine() {
        return levels.engine();
    }

    @Override
    public synchronized void activate() throws HyracksDataException {
        SearchPageReads.outsideSearches(() -> {
            super.activate();
            return null;
        });
        levels.activate();
    }

    @Override
    public ILSMDiskComponent doFlush(ILSMIOOperation operation) throws HyracksDataException {
        return levels.flush(() -> super.doFlush(operation));
    }

    @Override
    protected ILSMIOOperation createFlushOperation(AbstractLSMIndexOperationContext opCtx,
            LSMComponentFileReferences fileRefs, ILSMIOOperationCallback callback) {
        return super.createFlushOperation(opCtx, fileRefs, levels.flushCallback(callback));
    }

    @Override
    protected ILSMIOOperation createMergeOperation(AbstractLSMIndexOperationContext opCtx,
            LSMComponentFileReferences mergeFileRefs, ILSMIOOperationCallback callback) {
        return levels.mergeOperation(opCtx,
                (MergeOperation) super.createMergeOperation(opCtx, mergeFileRefs, callback), callback);
    }

    @Override
    public ILSMDiskComponent doMerge(ILSMIOOperation operation) throws HyracksDataException {
        return levels.merge(operation);
    }

    @Override
    public void subsumeMergedComponents(ILSMDiskComponent newComponent, List<ILSMComponent> mergedComponents)
            throws HyracksDataException {
        levels.subsumeMergedComponents(newComponent, mergedComponents);
    }

    @Override
    public void addDiskComponent(ILSMDiskComponent component) throws HyracksDataException {
        levels.addDiskComponent(component);
    }

    /** A {@code SEARCH} skips the disk components whose key range misses its range (under the tracker's lock). */
    @Override
    public void getOperationalComponents(ILSMIndexOperationContext ctx) throws HyracksDataException {
        super.getOperationalComponents(ctx);
        levels.prune(ctx);
    }

    @Override
    public void search(ILSMIndexOperationContext ctx, IIndexCursor cursor, ISearchPredicate pred)
            throws HyracksDataException {
        levels.countSearch(ctx);
        super.search(ctx, cursor, pred);
    }

    @Override
    public ReadAmplification.Counts readAmplification() {
        return levels.readAmplification();
    }

    @Override
    public OptionalInt level(ILSMDiskComponent component) {
        return levels.level(component);
    }

    @Override
    public OptionalLong componentsScannedAtActivation() {
        return levels.componentsScannedAtActivation();
    }
}

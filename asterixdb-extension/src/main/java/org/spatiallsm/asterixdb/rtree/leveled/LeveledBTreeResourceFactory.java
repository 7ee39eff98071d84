package org.spatiallsm.asterixdb.rtree.leveled;

import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.storage.am.lsm.btree.dataflow.LSMBTreeLocalResourceFactory;
import org.apache.hyracks.storage.am.lsm.common.dataflow.LsmResource;
import org.apache.hyracks.storage.am.lsm.common.dataflow.LsmResourceFactory;
import org.spatiallsm.asterixdb.app.StockFields;
import org.spatiallsm.asterixdb.organisation.OrganisationBTreeResource;

/**
 * Creates the resource of a {@link LeveledBTree} from what AsterixDB's own factory for the same secondary B-tree
 * holds. Travels (Java-serialized) in the index-creation job from the CC to the NCs.
 */
public final class LeveledBTreeResourceFactory extends LSMBTreeLocalResourceFactory {

    private static final long serialVersionUID = 1L;

    private LeveledBTreeResourceFactory() {
        // Every stock field is copied in right after construction (of); the parent has no copy constructor.
        super(null, null, null, null, null, null, null, null, null, null, null, null, null, null, false, null, 0,
                false, null, null, false, null, null);
    }

    /**
     * The leveled B-tree of the index AsterixDB's {@code stock} factory describes: a secondary B-tree without a
     * Bloom filter or a component filter, the only kind a leveled B-tree is yet; anything else is refused in one line.
     */
    public static LeveledBTreeResourceFactory of(LSMBTreeLocalResourceFactory stock, String indexName)
            throws AlgebricksException {
        LeveledBTreeResourceFactory leveled;
        try {
            leveled = StockFields.copy(LSMBTreeLocalResourceFactory.class, LsmResourceFactory.class, stock,
                    new LeveledBTreeResourceFactory());
        } catch (HyracksDataException e) {
            throw new AlgebricksException(e);
        }
        if (leveled.isPrimary || leveled.hasBloomFilter) {
            throw new AlgebricksException("index " + indexName + ": merge policy \"leveled\" applies to secondary"
                    + " B-tree indexes only, not to a primary or primary-key index (Bloom filters)");
        }
        if (leveled.filterTypeTraits != null) {
            throw new AlgebricksException("index " + indexName + ": a leveled B-tree does not support datasets with"
                    + " a filter (WITH FILTER ON)");
        }
        return leveled;
    }

    @Override
    public LsmResource createResource(FileReference fileRef) {
        return new LeveledBTreeResource(new OrganisationBTreeResource.Args(typeTraits, cmpFactories,
                fileRef.getRelativePath(), storageManager, mergePolicyFactory, mergePolicyProperties,
                opTrackerProvider, ioOpCallbackFactory, pageWriteCallbackFactory, metadataPageManagerFactory,
                vbcProvider, ioSchedulerProvider, nullTypeTraits, nullIntrospector));
    }
}

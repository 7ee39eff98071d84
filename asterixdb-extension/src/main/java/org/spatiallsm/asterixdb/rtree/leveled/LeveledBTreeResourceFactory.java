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
 * Creates the resource of a {@link LeveledBTree} from what AsterixDB's own factory for the same B-tree (a secondary
 * index, or a dataset's primary index) holds. Travels (Java-serialized) in the index-creation job from the CC to the
 * NCs.
 */
public final class LeveledBTreeResourceFactory extends LSMBTreeLocalResourceFactory {

    private static final long serialVersionUID = 1L;

    private LeveledBTreeResourceFactory() {
        // Every stock field is copied in right after construction (of); the parent has no copy constructor.
        super(null, null, null, null, null, null, null, null, null, null, null, null, null, null, false, null, 0,
                false, null, null, false, null, null);
    }

    /**
     * The leveled B-tree of the index AsterixDB's {@code stock} factory describes: a dataset's primary index (with its
     * duplicate check, Bloom filters and compression) or a secondary B-tree without a Bloom filter; the primary-key
     * index and a B-tree with a component filter are refused in one line.
     *
     * @param index how an error names the index ("index byCity", "the primary index of dataset D")
     */
    public static LeveledBTreeResourceFactory of(LSMBTreeLocalResourceFactory stock, String index)
            throws AlgebricksException {
        LeveledBTreeResourceFactory leveled;
        try {
            leveled = StockFields.copy(LSMBTreeLocalResourceFactory.class, LsmResourceFactory.class, stock,
                    new LeveledBTreeResourceFactory());
        } catch (HyracksDataException e) {
            throw new AlgebricksException(e);
        }
        if (!leveled.isPrimary && leveled.hasBloomFilter) {
            throw new AlgebricksException(index + ": merge policy \"leveled\" applies to a dataset's"
                    + " primary index and to secondary B-tree indexes, not to the primary-key index");
        }
        if (leveled.filterTypeTraits != null) {
            throw new AlgebricksException(index + ": a leveled B-tree does not support datasets with"
                    + " a filter (WITH FILTER ON)");
        }
        return leveled;
    }

    @Override
    public LsmResource createResource(FileReference fileRef) {
        return new LeveledBTreeResource(new OrganisationBTreeResource.Args(typeTraits, cmpFactories,
                fileRef.getRelativePath(), storageManager, mergePolicyFactory, mergePolicyProperties,
                opTrackerProvider, ioOpCallbackFactory, pageWriteCallbackFactory, metadataPageManagerFactory,
                vbcProvider, ioSchedulerProvider, nullTypeTraits, nullIntrospector),
                new OrganisationBTreeResource.PrimaryFeatures(isPrimary, hasBloomFilter, bloomFilterKeyFields,
                        bloomFilterFalsePositiveRate, compressorDecompressorFactory));
    }
}

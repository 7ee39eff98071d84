package org.spatiallsm.asterixdb.metadata;

import org.apache.asterix.transaction.management.resource.DatasetLocalResourceFactory;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.IOperatorDescriptor;
import org.apache.hyracks.api.job.JobSpecification;
import org.apache.hyracks.storage.am.common.build.IndexBuilderFactory;
import org.apache.hyracks.storage.am.common.dataflow.IndexCreateOperatorDescriptor;
import org.apache.hyracks.storage.am.lsm.btree.dataflow.LSMBTreeLocalResourceFactory;
import org.apache.hyracks.storage.common.IResourceFactory;
import org.spatiallsm.asterixdb.app.StockFields;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledBTreeResourceFactory;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledMergePolicyFactory;

/**
 * A dataset's primary index under the leveled merge policy is a leveled B-tree. AsterixDB builds the job that creates
 * the primary index at {@code CREATE DATASET} from a plain {@code Dataset}, not a {@link SpatialDataset}, so its
 * resource factory is AsterixDB's own B-tree's, with the leveled policy inside; {@link #useLeveledPrimary} turns it
 * into a leveled B-tree's before the job is submitted, so the index is created leveled (nothing stock is ever
 * created or opened). {@link SpatialDataset} does the same where it is asked for the primary index's factory.
 */
public final class LeveledPrimaryIndex {

    private LeveledPrimaryIndex() {
    }

    /**
     * Makes every index {@code job} creates that is a primary index under the leveled policy a leveled B-tree.
     *
     * @param datasetName the dataset the job creates, for an error
     */
    public static void useLeveledPrimary(JobSpecification job, String datasetName) throws AlgebricksException {
        for (IOperatorDescriptor operator : job.getOperatorMap().values()) {
            if (operator instanceof IndexCreateOperatorDescriptor create
                    && StockFields.read(create, "indexBuilderFactory") instanceof IndexBuilderFactory builder) {
                leveledIfPrimary((IResourceFactory) StockFields.read(builder, "localResourceFactory"), datasetName);
            }
        }
    }

    /**
     * Turns {@code factory}, if it is AsterixDB's factory of a dataset's primary index under the leveled policy, into
     * a leveled B-tree's (in place: AsterixDB holds the dataset's wrapper); any other factory is left as it is.
     *
     * @return {@code factory}
     */
    public static IResourceFactory leveledIfPrimary(IResourceFactory factory, String datasetName)
            throws AlgebricksException {
        if (factory instanceof DatasetLocalResourceFactory dataset
                && StockFields.read(dataset, "resourceFactory") instanceof LSMBTreeLocalResourceFactory btree
                && (Boolean) StockFields.read(btree, "isPrimary")
                && StockFields.read(btree, "mergePolicyFactory") instanceof LeveledMergePolicyFactory) {
            StockFields.write(dataset, "resourceFactory", LeveledBTreeResourceFactory.of(btree,
                    "the primary index of dataset " + datasetName));
        }
        return factory;
    }
}

package org.spatiallsm.asterixdb.metadata;

import org.apache.asterix.common.config.DatasetConfig.DatasetType;
import org.apache.asterix.common.dataflow.ICcApplicationContext;
import org.apache.asterix.common.metadata.DataverseName;
import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;

/**
 * AsterixDB's metadata provider, handing out {@link SpatialDataset}s for internal datasets: the only hook through
 * which one secondary index can get a resource factory of its own (Dataset.getResourceFactory).
 */
public class SpatialMetadataProvider extends MetadataProvider {

    public SpatialMetadataProvider(ICcApplicationContext appCtx) {
        super(appCtx);
    }

    @Override
    public Dataset findDataset(DataverseName dataverseName, String datasetName, boolean includingViews)
            throws AlgebricksException {
        Dataset dataset = super.findDataset(dataverseName, datasetName, includingViews);
        if (dataset == null || dataset instanceof SpatialDataset || dataset.getDatasetType() != DatasetType.INTERNAL) {
            return dataset;
        }
        return new SpatialDataset(dataset);
    }
}

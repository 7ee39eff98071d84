package org.spatiallsm.asterixdb.componentid;

import org.apache.asterix.common.context.BaseOperationTracker;
import org.apache.asterix.common.context.DatasetInfoProvider;
import org.apache.asterix.common.context.DatasetLSMComponentIdGeneratorFactory;
import org.apache.asterix.common.ioopcallbacks.LSMIndexIOOperationCallbackFactory;
import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallback;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperationCallbackFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMOperationTracker;
import org.apache.hyracks.storage.common.IResource;

/**
 * AsterixDB's IO callback factory for a secondary index of a dataset, whose callbacks give a memory component the
 * dataset's current component id when the id queued for it is not newer than the index's disk components
 * ({@link CurrentIdCallback}). Made when an index instance is created, from the factory persisted in its resource;
 * never persisted itself, so every index's {@code .metadata} keeps naming AsterixDB's own factory.
 */
public final class CurrentIdCallbackFactory extends LSMIndexIOOperationCallbackFactory {

    private static final long serialVersionUID = 1L;

    private CurrentIdCallbackFactory(int datasetId) {
        // The same parts 0.9.8's Dataset gives its indexes' factory.
        super(new DatasetLSMComponentIdGeneratorFactory(datasetId), new DatasetInfoProvider(datasetId));
    }

    /**
     * The factory an index instance of {@code resource} uses: this one in place of AsterixDB's own for a secondary
     * index of a dataset (whose operation tracker names the dataset), {@code persisted} for anything else.
     */
    public static ILSMIOOperationCallbackFactory of(ILSMIOOperationCallbackFactory persisted,
            ILSMOperationTracker opTracker, INCServiceContext serviceCtx, IResource resource) {
        if (persisted.getClass() != LSMIndexIOOperationCallbackFactory.class
                || !(opTracker instanceof BaseOperationTracker tracker)) {
            return persisted;
        }
        CurrentIdCallbackFactory factory = new CurrentIdCallbackFactory(tracker.getDatasetInfo().getDatasetID());
        factory.initialize(serviceCtx, resource);
        return factory;
    }

    @Override
    public ILSMIOOperationCallback createIoOpCallback(ILSMIndex index) throws HyracksDataException {
        return new CurrentIdCallback(datasetInfoProvider.getDatasetInfo(ncCtx), index, getComponentIdGenerator(),
                getIndexCheckpointManagerProvider());
    }
}

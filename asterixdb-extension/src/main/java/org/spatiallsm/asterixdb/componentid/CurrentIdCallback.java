package org.spatiallsm.asterixdb.componentid;

import org.apache.asterix.common.context.DatasetInfo;
import org.apache.asterix.common.ioopcallbacks.LSMIOOperationCallback;
import org.apache.asterix.common.storage.IIndexCheckpointManagerProvider;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponentId;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponentId.IdCompareResult;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponentIdGenerator;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMemoryComponent;

/**
 * AsterixDB's IO callback, except that a memory component whose queued id is not newer than every disk component of
 * the index gets the dataset's current component id (the id of the primary index's memory component) instead.
 * <p>
 * Why: 0.9.8 queues a new index's first memory-component id when the index instance is created, by the index-creation
 * job of {@code CREATE INDEX}. That statement then flushes the dataset, which moves the dataset's id on but not the
 * queue of the new index (not open yet), and bulk-loads the index into a component whose id covers the primary
 * index's disk components, the flushed one included. On a dataset that held records, the memory component's queued
 * id is thus the bulk-loaded component's, and the first flush after the statement fails after installing its
 * component ("found non-decreasing component ids"), without telling the merge policy. The dataset's current id is the
 * one the records written into the memory component belong to, and it is newer than every component the bulk load
 * covered.
 */
final class CurrentIdCallback extends LSMIOOperationCallback {

    private final ILSMComponentIdGenerator datasetIds;

    CurrentIdCallback(DatasetInfo dsInfo, ILSMIndex index, ILSMComponentIdGenerator datasetIds,
            IIndexCheckpointManagerProvider checkpoints) {
        super(dsInfo, index, datasetIds.getId(), checkpoints);
        this.datasetIds = datasetIds;
    }

    @Override
    public void recycled(ILSMMemoryComponent component) throws HyracksDataException {
        super.recycled(component);
        if (!newerThanEveryDiskComponent(component.getId())) {
            component.resetId(datasetIds.getId(), true);
        }
    }

    /** Called under the operation tracker's lock (a component is recycled as a writer or a flush enters it). */
    private boolean newerThanEveryDiskComponent(ILSMComponentId id) throws HyracksDataException {
        if (id == null) {
            return true;
        }
        for (ILSMDiskComponent disk : lsmIndex.getDiskComponents()) {
            // As AsterixDB validates the order of disk components: an unknown id (none recorded) is no conflict.
            IdCompareResult order = id.compareTo(disk.getId());
            if (order != IdCompareResult.GREATER_THAN && order != IdCompareResult.UNKNOWN) {
                return false;
            }
        }
        return true;
    }
}

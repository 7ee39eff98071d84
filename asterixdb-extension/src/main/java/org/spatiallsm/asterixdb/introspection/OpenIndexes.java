package org.spatiallsm.asterixdb.introspection;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.apache.asterix.common.api.IDatasetLifecycleManager;
import org.apache.asterix.common.context.IndexInfo;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The open index partitions of one dataset on this node controller, as AsterixDB's dataset lifecycle manager knows
 * them. An index opens on its first use after a restart, so a dataset nobody touched since has none here.
 */
final class OpenIndexes {

    record OpenIndex(IndexPartition where, ILSMIndex index, int datasetId) {
    }

    private OpenIndexes() {
    }

    static List<OpenIndex> of(IDatasetLifecycleManager lifecycle, String dataverse, String dataset) {
        List<OpenIndex> found = new ArrayList<>();
        for (IndexInfo info : lifecycle.getOpenIndexesInfo()) {
            IndexPartition where = IndexPartition.of(info.getIndex());
            if (where.belongsTo(dataverse, dataset)) {
                found.add(new OpenIndex(where, info.getIndex(), info.getDatasetId()));
            }
        }
        found.sort(Comparator.comparing((OpenIndex o) -> !o.index().isPrimaryIndex())
                .thenComparing(o -> o.where().index()).thenComparingInt(o -> o.where().partition()));
        return found;
    }

    /** Every index partition with its disk components, newest first. */
    static ObjectNode listing(String node, String dataverse, String dataset, List<OpenIndex> indexes) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("node", node);
        json.put("dataverse", dataverse);
        json.put("dataset", dataset);
        ArrayNode array = json.putArray("indexes");
        for (OpenIndex open : indexes) {
            ObjectNode entry = array.addObject();
            entry.put("index", open.where().index());
            entry.put("partition", open.where().partition());
            entry.put("datasetId", open.datasetId());
            entry.put("primary", open.index().isPrimaryIndex());
            // The harness changes the component list under this lock: reading under it gives one consistent stack.
            synchronized (open.index().getOperationTracker()) {
                entry.put("flushCount", FlushCount.of(open.index()));
                ArrayNode stack = entry.putArray("components");
                open.index().getDiskComponents().forEach(c -> stack.add(ComponentSnapshot.of(c).toJson()));
            }
        }
        return json;
    }
}

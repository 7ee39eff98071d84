package org.spatiallsm.client.lsm;

import com.fasterxml.jackson.databind.JsonNode;

/** One partition of one index of a dataset; partition numbers are unique across the cluster. */
public record IndexPartition(String dataverse, String dataset, String index, int partition) {

    static IndexPartition fromJson(JsonNode json, String dataverse, String dataset) {
        return new IndexPartition(json.path("dataverse").asText(dataverse), json.path("dataset").asText(dataset),
                json.path("index").asText(), json.path("partition").asInt());
    }

    @Override
    public String toString() {
        return dataverse + "." + dataset + "." + index + "[" + partition + "]";
    }
}

package org.spatiallsm.load;

/** A dataset and its dataverse, as the user named them. */
public record DatasetName(String dataverse, String dataset) {

    public DatasetName {
        if (dataverse == null || dataverse.isBlank() || dataset == null || dataset.isBlank()) {
            throw new IllegalArgumentException("a dataverse and a dataset name are required");
        }
    }

    /** The name quoted for SQL++: {@code `Geo`.`Points`}. */
    public String sql() {
        return Sqlpp.identifier(dataverse) + "." + Sqlpp.identifier(dataset);
    }

    @Override
    public String toString() {
        return dataverse + "." + dataset;
    }
}

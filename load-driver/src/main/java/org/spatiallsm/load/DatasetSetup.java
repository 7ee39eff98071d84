package org.spatiallsm.load;

import java.util.List;

import org.spatiallsm.workloads.RecordShape;

/**
 * Makes sure a dataset can take a shape's records: creates it (with its closed type and an R-tree on the point)
 * when asked to, or checks the existing one's type. Runs before any feed starts, since DDL is refused after.
 */
public final class DatasetSetup {

    private DatasetSetup() {
    }

    /** The type name a created dataset gets: the dataset's name + "Type". */
    public static String typeNameFor(DatasetName dataset) {
        return dataset.dataset() + "Type";
    }

    /**
     * @param create     create the dataverse, type, dataset (and index) when the dataset does not exist
     * @param with       the WITH clause of CREATE DATASET, e.g. a merge policy, or null
     * @param rtree      also create an R-tree on the shape's point field
     * @return the dataset's declared type
     * @throws LoadException when the dataset is missing (and not to be created) or its type cannot take the shape
     */
    public static Catalog.DatasetType ensure(Catalog catalog, DatasetName dataset, RecordShape shape, boolean create,
            String with, boolean rtree) {
        var existing = catalog.datasetType(dataset);
        if (existing.isPresent()) {
            List<String> problems = SchemaCheck.problems(existing.get(), shape);
            if (!problems.isEmpty()) {
                throw new LoadException("dataset " + dataset + " cannot take " + shape.name() + " records: "
                        + String.join("; ", problems));
            }
            return existing.get();
        }
        if (!create) {
            throw new LoadException("dataset " + dataset + " does not exist (add --create to create it for "
                    + shape.name() + " records)");
        }
        catalog.client().executeOrThrow(createStatements(dataset, shape, with, rtree));
        return catalog.datasetType(dataset).orElseThrow(
                () -> new LoadException("dataset " + dataset + " was created but the metadata does not show it"));
    }

    /** The DDL that {@link #ensure} runs to create a dataset: dataverse, closed type, dataset, R-tree. */
    public static String createStatements(DatasetName dataset, RecordShape shape, String with, boolean rtree) {
        String dv = Sqlpp.identifier(dataset.dataverse());
        String type = Sqlpp.identifier(typeNameFor(dataset));
        String ds = Sqlpp.identifier(dataset.dataset());
        StringBuilder ddl = new StringBuilder("CREATE DATAVERSE " + dv + " IF NOT EXISTS; USE " + dv + ";\n")
                .append("CREATE TYPE ").append(type).append(" IF NOT EXISTS AS CLOSED ").append(shape.typeDefinition())
                .append(";\nCREATE DATASET ").append(ds).append('(').append(type).append(") PRIMARY KEY ")
                .append(Sqlpp.identifier(shape.idField()));
        if (with != null && !with.isBlank()) {
            ddl.append(" WITH ").append(with);
        }
        ddl.append(";\n");
        if (rtree) {
            ddl.append("CREATE INDEX ").append(Sqlpp.identifier(dataset.dataset() + "Location")).append(" ON ")
                    .append(ds).append('(').append(Sqlpp.identifier(shape.pointField())).append(") TYPE RTREE;\n");
        }
        return ddl.toString();
    }
}

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

    /** Which of a dataset's dataverse, type ({@link #typeNameFor}) and the dataset itself exist. */
    public record Existing(boolean dataverse, boolean type, boolean dataset) {
    }

    public static Existing existing(Catalog catalog, DatasetName dataset) {
        String dv = Sqlpp.string(dataset.dataverse());
        return new Existing(
                catalog.client().executeOrThrow("SELECT VALUE COUNT(*) FROM Metadata.`Dataverse` d WHERE "
                        + "d.DataverseName = " + dv + ";").results().get(0).asLong() > 0,
                catalog.client().executeOrThrow("SELECT VALUE COUNT(*) FROM Metadata.`Datatype` t WHERE "
                        + "t.DataverseName = " + dv + " AND t.DatatypeName = " + Sqlpp.string(typeNameFor(dataset))
                        + ";").results().get(0).asLong() > 0,
                catalog.datasetType(dataset).isPresent());
    }

    /** Drops what {@link #ensure} created since {@code before} was taken, after a load that sent nothing failed. */
    public static void dropCreated(Catalog catalog, DatasetName dataset, Existing before) {
        String dv = Sqlpp.identifier(dataset.dataverse());
        if (!before.dataverse()) {
            catalog.client().executeOrThrow("DROP DATAVERSE " + dv + " IF EXISTS;");
            return;
        }
        StringBuilder ddl = new StringBuilder("USE " + dv + ";");
        if (!before.dataset()) {
            ddl.append(" DROP DATASET ").append(Sqlpp.identifier(dataset.dataset())).append(" IF EXISTS;");
        }
        if (!before.type()) {
            ddl.append(" DROP TYPE ").append(Sqlpp.identifier(typeNameFor(dataset))).append(" IF EXISTS;");
        }
        catalog.client().executeOrThrow(ddl.toString());
    }

    /** The type name a created dataset gets: the dataset's name + "Type". */
    public static String typeNameFor(DatasetName dataset) {
        return dataset.dataset() + "Type";
    }

    /** {@link #ensure(Catalog, DatasetName, RecordShape, boolean, String, boolean, String)}: a plain R-tree. */
    public static Catalog.DatasetType ensure(Catalog catalog, DatasetName dataset, RecordShape shape, boolean create,
            String with, boolean rtree) {
        return ensure(catalog, dataset, shape, create, with, rtree, null);
    }

    /**
     * @param create     create the dataverse, type, dataset (and index) when the dataset does not exist
     * @param with       the WITH clause of CREATE DATASET, e.g. a merge policy, or null; refused for an existing
     *                   dataset rather than silently ignored
     * @param rtree      also create an R-tree on the shape's point field
     * @param indexWith  the WITH clause of that R-tree (its own merge policy, comparator, ...), or null; refused for
     *                   an existing dataset too
     * @return the dataset's declared type
     * @throws LoadException when the dataset is missing (and not to be created) or its type cannot take the shape
     */
    public static Catalog.DatasetType ensure(Catalog catalog, DatasetName dataset, RecordShape shape, boolean create,
            String with, boolean rtree, String indexWith) {
        var existing = catalog.datasetType(dataset);
        if (existing.isPresent()) {
            refuseForExisting(dataset, "--with", with, "a dataset");
            refuseForExisting(dataset, "--index-with", indexWith, "the R-tree of a dataset");
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
        catalog.client().executeOrThrow(createStatements(dataset, shape, with, rtree, indexWith));
        return catalog.datasetType(dataset).orElseThrow(
                () -> new LoadException("dataset " + dataset + " was created but the metadata does not show it"));
    }

    /** A clause that only configures what --create creates would be ignored for an existing dataset: refuse it. */
    private static void refuseForExisting(DatasetName dataset, String option, String clause, String configures) {
        if (clause != null && !clause.isBlank()) {
            throw new LoadException("dataset " + dataset + " exists already, and " + option + " only configures "
                    + configures + " that --create creates; leave " + option + " out to load into it as it is");
        }
    }

    /** The DDL that {@link #ensure} runs to create a dataset: dataverse, closed type, dataset, a plain R-tree. */
    public static String createStatements(DatasetName dataset, RecordShape shape, String with, boolean rtree) {
        return createStatements(dataset, shape, with, rtree, null);
    }

    /** The same, the R-tree with {@code indexWith} as its WITH clause when that is given. */
    public static String createStatements(DatasetName dataset, RecordShape shape, String with, boolean rtree,
            String indexWith) {
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
                    .append(ds).append('(').append(Sqlpp.identifier(shape.pointField())).append(") TYPE RTREE");
            if (indexWith != null && !indexWith.isBlank()) {
                ddl.append(" WITH ").append(indexWith);
            }
            ddl.append(";\n");
        }
        return ddl.toString();
    }
}

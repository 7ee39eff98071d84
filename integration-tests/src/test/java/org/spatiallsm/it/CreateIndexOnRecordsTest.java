package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.testcluster.SharedSpatialCluster;

/**
 * The first index created on a dataset that already holds records: the first flush after it installs a component
 * whose AsterixDB component id is newer than the bulk-loaded component's, as AsterixDB requires of every flush (0.9.8
 * gave the memory component the bulk-loaded component's id, so that flush failed after installing its component; see
 * docs/crash-testing.md, "Component ids of a new index").
 */
@SharedSpatialCluster
class CreateIndexOnRecordsTest {

    private static final String DATAVERSE = "CreateOnRecords";
    private static final String WHOLE_SPACE =
            "create_rectangle(create_point(-180.0, -90.0), create_point(180.0, 90.0))";

    /**
     * Every class of index spatial-lsm stores itself (DHVBTREE is DHBTREE's); AsterixDB's own B-tree keeps 0.9.8's
     * behaviour (docs/crash-testing.md).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"RTREE", "RTREE WITH {\"comparator\": \"hilbert\"}",
        "RTREE WITH {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": {\"level0-components\": 4}}}",
        "DHBTREE", "SHBTREE(-180.0, -90.0, 180.0, 90.0)", "SIF(-180.0, -90.0, 180.0, 90.0)"})
    void theFirstFlushAfterCreateIndexInstallsANewerComponent(String type, QueryServiceClient client) {
        client.executeOrThrow("DROP DATAVERSE " + DATAVERSE + " IF EXISTS; CREATE DATAVERSE " + DATAVERSE + "; USE "
                + DATAVERSE + "; " + CreateIndexOnRecords.TYPE + " CREATE DATASET Places(Located) PRIMARY KEY id;");
        CreateIndexOnRecords.insert(client, DATAVERSE, "Places", 0);
        client.executeOrThrow("USE " + DATAVERSE + "; CREATE INDEX idx ON Places(location) TYPE " + type + ";");
        CreateIndexOnRecords.insert(client, DATAVERSE, "Places", 1);

        List<IndexComponents> flushed =
                new LsmIntrospectionClient(client, Duration.ofMinutes(2)).flush(DATAVERSE, "Places");

        CreateIndexOnRecords.assertFlushedIsNewest(flushed.stream().filter(index -> !index.primary()).toList());
        assertThat(client.executeOrThrow("USE " + DATAVERSE + "; SELECT VALUE COUNT(*) FROM Places p WHERE "
                + "spatial_intersect(p.location, " + WHOLE_SPACE + ");").results().get(0).asLong())
                .isEqualTo(2L * CreateIndexOnRecords.BATCH);
    }

    /** What this test and the crash test share: the records, and the check of the flushed components' ids. */
    static final class CreateIndexOnRecords {
        static final String TYPE = "CREATE TYPE Located AS { id: int64, location: point };";
        static final int BATCH = 20;

        private CreateIndexOnRecords() {
        }

        /** Records {@code batch * BATCH} to {@code (batch + 1) * BATCH - 1}, points inside the whole space. */
        static void insert(QueryServiceClient client, String dataverse, String dataset, int batch) {
            client.executeOrThrow("USE " + dataverse + "; INSERT INTO " + dataset + " (SELECT VALUE {\"id\": i, "
                    + "\"location\": create_point(to_double(i) - 20.0, to_double(i) / 2.0)} FROM range("
                    + batch * BATCH + ", " + ((batch + 1) * BATCH - 1) + ") i);");
        }

        /**
         * The component of each index partition's latest flush (the highest sequence) holds an id newer than every
         * other component's: AsterixDB's requirement of a flush (a leveled R-tree lists its components by level).
         */
        static void assertFlushedIsNewest(List<IndexComponents> indexes) {
            assertThat(indexes).isNotEmpty();
            for (IndexComponents index : indexes) {
                List<DiskComponent> components = index.components();
                DiskComponent flushed = components.stream()
                        .max((a, b) -> Long.compare(a.lastSequence(), b.lastSequence())).orElseThrow();
                assertThat(components).as("%s: a bulk-loaded and a flushed component", index.where())
                        .hasSizeGreaterThanOrEqualTo(2);
                for (DiskComponent older : components) {
                    if (older != flushed) {
                        assertThat(flushed.minId()).as("%s: ids of %s", index.where(), components)
                                .isGreaterThan(older.maxId());
                    }
                }
            }
        }
    }
}

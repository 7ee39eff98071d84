package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.it.CreateIndexOnRecordsTest.CreateIndexOnRecords;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * A crash after {@code CREATE INDEX} on a dataset that held records and inserts, before any flush: recovery replays
 * the inserts into the new index, the node starts, every record is found through the primary index and through the
 * new one, and the flushes after the restart install components with newer ids.
 */
@ExtendWith(SpatialClusterExtension.class)
@Tag("extended") // a cluster of its own and a restart: ./scripts/test --extended runs it
class CreateIndexOnRecordsCrashTest {

    private static final String DATAVERSE = "CreateOnRecordsCrash";
    /**
     * A dataset per class of index spatial-lsm stores itself (the pruning R-tree, the leveled R-tree, an
     * organisation's B-tree), each its dataset's first index.
     */
    private static final Map<String, String> TYPES = Map.of(
            "Plain", "RTREE",
            "Leveled", "RTREE WITH {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": "
                    + "{\"level0-components\": 4}}}",
            "Sif", "SIF(-180.0, -90.0, 180.0, 90.0)");

    @Test
    void recoveryReplaysInsertsIntoANewIndexAndLaterFlushesGetNewerIds(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow("DROP DATAVERSE " + DATAVERSE + " IF EXISTS; CREATE DATAVERSE " + DATAVERSE + "; USE "
                + DATAVERSE + "; " + CreateIndexOnRecords.TYPE);
        for (Map.Entry<String, String> dataset : TYPES.entrySet()) {
            // no-merge: each flush stays a component of its own, whose id the checks see.
            client.executeOrThrow("USE " + DATAVERSE + "; CREATE DATASET " + dataset.getKey()
                    + "(Located) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"no-merge\"}};");
            CreateIndexOnRecords.insert(client, DATAVERSE, dataset.getKey(), 0);
            client.executeOrThrow("USE " + DATAVERSE + "; CREATE INDEX idx ON " + dataset.getKey()
                    + "(location) TYPE " + dataset.getValue() + ";");
            CreateIndexOnRecords.insert(client, DATAVERSE, dataset.getKey(), 1);
        }

        // The inserts after CREATE INDEX are in memory and in the log only.
        cluster.restartFromCrashImage();

        QueryServiceClient restarted = cluster.client();
        assertThat(restarted.clusterState()).isEqualTo("ACTIVE");
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(restarted, Duration.ofMinutes(2));
        for (String dataset : TYPES.keySet()) {
            assertFound(restarted, dataset, 2);
            CreateIndexOnRecords.assertFlushedIsNewest(secondaries(lsm.flush(DATAVERSE, dataset)));
            CreateIndexOnRecords.insert(restarted, DATAVERSE, dataset, 2);
            CreateIndexOnRecords.assertFlushedIsNewest(secondaries(lsm.flush(DATAVERSE, dataset)));
            assertFound(restarted, dataset, 3);
        }
    }

    private static List<IndexComponents> secondaries(List<IndexComponents> indexes) {
        return indexes.stream().filter(index -> !index.primary()).toList();
    }

    /** Every record of the first {@code batches} batches, by a full scan and through the index. */
    private static void assertFound(QueryServiceClient client, String dataset, int batches) {
        long expected = (long) batches * CreateIndexOnRecords.BATCH;
        assertThat(count(client, "SELECT VALUE COUNT(*) FROM " + dataset + " d")).as(dataset).isEqualTo(expected);
        assertThat(count(client, "SELECT VALUE COUNT(*) FROM " + dataset + " d WHERE spatial_intersect(d.location, "
                + "create_rectangle(create_point(-180.0, -90.0), create_point(180.0, 90.0)))")).as(dataset)
                .isEqualTo(expected);
    }

    private static long count(QueryServiceClient client, String query) {
        return client.executeOrThrow("USE " + DATAVERSE + "; " + query + ";").results().get(0).asLong();
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

/** After a restart the NCs list every index of a dataset, also those no query has opened yet. */
@ExtendWith(SpatialClusterExtension.class)
class ComponentsAfterRestartTest {

    private static final int RECORDS_PER_FLUSH = 1000;

    @Test
    void everyIndexIsListedBeforeAnyQueryOpensIt(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        // no-merge: the stacks only change when we flush.
        client.executeOrThrow("""
                DROP DATAVERSE Reopened IF EXISTS; CREATE DATAVERSE Reopened; USE Reopened;
                CREATE TYPE Located AS { id: int64, location: point };
                CREATE DATASET Places(Located) PRIMARY KEY id WITH {"merge-policy": {"name": "no-merge"}};
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE;
                """);
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(1));
        for (int flush = 0; flush < 3; flush++) {
            insert(client, flush * RECORDS_PER_FLUSH);
            lsm.flush("Reopened", "Places");
        }
        List<IndexComponents> beforeRestart = lsm.components("Reopened", "Places");
        assertThat(beforeRestart).extracting(i -> i.where().index() + "/" + i.where().partition())
                .containsExactlyInAnyOrder("Places/0", "Places/1", "locationIndex/0", "locationIndex/1");
        assertThat(beforeRestart).allSatisfy(i -> assertThat(i.components()).hasSize(3));

        // The harness stops the NCs without a final checkpoint, so the first restart replays the log, and AsterixDB's
        // recovery opens every index updated since the last checkpoint; it ends with a sharp checkpoint. After the
        // second restart nothing has opened the indexes.
        cluster.restart();
        cluster.restart();

        assertThat(lsm.components("Reopened", "Places")).as("listing after the restart, before any query")
                .isEqualTo(beforeRestart);
        // The listing released what it opened: queries and a flush still work, and the DROP would fail on an index
        // still in use.
        assertThat(client.executeOrThrow("USE Reopened; SELECT VALUE COUNT(*) FROM Places;").results())
                .extracting(n -> n.asLong()).containsExactly(3L * RECORDS_PER_FLUSH);
        assertThat(client.executeOrThrow("""
                USE Reopened; SELECT VALUE COUNT(*) FROM Places p
                WHERE spatial_intersect(p.location, create_rectangle(create_point(-200.0, -90.0),
                  create_point(-0.5, 90.0)));
                """).results()).extracting(n -> n.asLong()).containsExactly(1560L);
        insert(client, 3 * RECORDS_PER_FLUSH);
        assertThat(lsm.flush("Reopened", "Places")).allSatisfy(i -> assertThat(i.components()).hasSize(4));
        client.executeOrThrow("DROP DATAVERSE Reopened;");
        assertThat(lsm.components("Reopened", "Places")).isEmpty();
    }

    /** {@value #RECORDS_PER_FLUSH} records from id {@code first}, on a grid of points over the whole globe. */
    private static void insert(QueryServiceClient client, int first) {
        client.executeOrThrow("USE Reopened; INSERT INTO Places (SELECT VALUE {\"id\": x, \"location\": "
                + "create_point(to_double(x % 360) - 180.0, to_double(x % 170) - 85.0)} FROM range(" + first + ", "
                + (first + RECORDS_PER_FLUSH - 1) + ") x);");
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.spatiallsm.asterixdb.introspection.LsmIntrospectionServlets;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.testcluster.SharedSpatialCluster;

/**
 * A listing or flush request held in its slow part does not hold the node's dataset lifecycle lock: a query that
 * opens the dataset's indexes and DDL that creates and drops other indexes on the same node finish meanwhile. Were
 * the lock held, they would wait for the request's release, which only comes after them: the test would fail at its
 * deadline.
 */
@SharedSpatialCluster
class IntrospectionDoesNotStallTheNodeTest {

    /** Generous: only a broken implementation makes a step wait this long. */
    private static final long DEADLINE_SECONDS = 120;

    private final CountDownLatch held = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void restoreTheSlowPart() {
        release.countDown();
        LsmIntrospectionServlets.slowPart = () -> {
        };
    }

    @Test
    void queriesAndDdlGoOnWhileAListingHoldsTheIndexes(QueryServiceClient client) throws Exception {
        otherWorkGoesOnWhileHeld(client, lsm -> lsm.components("Stall", "Places"));
    }

    @Test
    void queriesAndDdlGoOnWhileAFlushWaits(QueryServiceClient client) throws Exception {
        otherWorkGoesOnWhileHeld(client, lsm -> lsm.flush("Stall", "Places"));
    }

    private void otherWorkGoesOnWhileHeld(QueryServiceClient client,
            Function<LsmIntrospectionClient, List<IndexComponents>> request) throws Exception {
        client.executeOrThrow("""
                DROP DATAVERSE Stall IF EXISTS; CREATE DATAVERSE Stall; USE Stall;
                CREATE TYPE Located AS { id: int64, location: point };
                CREATE DATASET Places(Located) PRIMARY KEY id WITH {"merge-policy": {"name": "no-merge"}};
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE;
                INSERT INTO Places (SELECT VALUE {"id": x, "location": create_point(to_double(x % 360) - 180.0, 0.0)}
                  FROM range(0, 999) x);
                """);
        LsmIntrospectionServlets.slowPart = () -> {
            held.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofSeconds(DEADLINE_SECONDS));
        CompletableFuture<List<IndexComponents>> answer = CompletableFuture.supplyAsync(() -> request.apply(lsm));
        assertThat(held.await(DEADLINE_SECONDS, TimeUnit.SECONDS)).as("the request reached its slow part").isTrue();

        CompletableFuture<Long> work = CompletableFuture.supplyAsync(() -> {
            client.executeOrThrow("""
                    USE Stall; CREATE DATASET Others(Located) PRIMARY KEY id;
                    CREATE INDEX othersLocation ON Others(location) TYPE RTREE; DROP DATASET Others;
                    """);
            return client.executeOrThrow("USE Stall; SELECT VALUE COUNT(*) FROM Places p WHERE spatial_intersect("
                    + "p.location, create_rectangle(create_point(-180.5, -1.0), create_point(-0.5, 1.0)));")
                    .results().get(0).asLong();
        });
        assertThat(work.get(DEADLINE_SECONDS, TimeUnit.SECONDS)).as("records found while the request is held")
                .isEqualTo(540L);
        assertThat(answer).as("the request is still held").isNotDone();

        release.countDown();
        assertThat(answer.get(DEADLINE_SECONDS, TimeUnit.SECONDS)).extracting(i -> i.where().index())
                .containsOnly("Places", "locationIndex");
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.ReadCounts;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * The pages an index's searches read from disk, for an R-tree and for a DHB index (an organisation): none counted for
 * opening the index or listing it, some for the first query after a restart (the buffer cache starts empty), none
 * for the same query again (the test cluster's 128 MB cache per node holds the whole index). Relations only: the
 * exact number of pages is the engine's business.
 */
@ExtendWith(SpatialClusterExtension.class)
class PagesReadTest {

    private static final String DATAVERSE = "PagesRead";
    private static final String INDEX = "locIdx";
    /** Enough that each partition's R-tree components span several 32 KB pages below their root. */
    private static final int RECORDS_PER_FLUSH = 20_000;
    private static final String QUERY = "SELECT VALUE count(*) FROM Places p WHERE spatial_intersect(p.location, "
            + "create_rectangle(create_point(-170.0, -80.0), create_point(170.0, 80.0)));";

    @ParameterizedTest
    @ValueSource(strings = { "RTREE", "DHBTREE" })
    void aColdQueryReadsPagesAndTheSameQueryOnACachedIndexReadsNone(String indexType, SpatialTestCluster cluster)
            throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow("DROP DATAVERSE " + DATAVERSE + " IF EXISTS; CREATE DATAVERSE " + DATAVERSE + "; USE "
                + DATAVERSE + "; CREATE TYPE Located AS { id: int64, location: point };"
                + " CREATE DATASET Places(Located) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"no-merge\"}};"
                + " CREATE INDEX " + INDEX + " ON Places(location) TYPE " + indexType + ";");
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        for (int flush = 0; flush < 2; flush++) {
            client.executeOrThrow("USE " + DATAVERSE + "; INSERT INTO Places (SELECT VALUE {\"id\": i, \"location\": "
                    + "create_point(-180.0 + to_double(i % 3571) / 10.0, -90.0 + to_double(i % 1777) / 10.0)} FROM "
                    + "range(" + flush * RECORDS_PER_FLUSH + ", " + ((flush + 1) * RECORDS_PER_FLUSH - 1) + ") i);");
            lsm.flush(DATAVERSE, "Places");
        }
        assertThat(lsm.components(DATAVERSE, "Places")).filteredOn(IndexComponents::primary)
                .as("the primary index does not count").allSatisfy(p -> assertThat(p.pagesRead()).isEmpty());

        cluster.restart();
        client = cluster.client();
        lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        Map<Integer, Long> opened = pagesRead(lsm);
        assertThat(opened).as("index partitions").hasSize(2);
        assertThat(opened.values()).as("opening and listing the index read pages, but no search did")
                .containsOnly(0L);

        long matches = count(client);
        Map<Integer, Long> cold = pagesRead(lsm);
        assertThat(cold.values()).as("pages the first query after the restart read, per partition")
                .allSatisfy(pages -> assertThat(pages).isPositive());

        assertThat(count(client)).isEqualTo(matches);
        assertThat(pagesRead(lsm)).as("the same query again, every page cached").isEqualTo(cold);
        assertThat(searches(lsm)).as("both queries searched each partition").containsOnly(2L);
    }

    private static long count(QueryServiceClient client) {
        assertThat(client.executeOrThrow("USE " + DATAVERSE + "; EXPLAIN " + QUERY).plan()).contains(INDEX);
        return client.executeOrThrow("USE " + DATAVERSE + "; " + QUERY).results().get(0).asLong();
    }

    private static List<IndexComponents> partitions(LsmIntrospectionClient lsm) {
        return lsm.components(DATAVERSE, "Places").stream().filter(p -> p.where().index().equals(INDEX)).toList();
    }

    private static Map<Integer, Long> pagesRead(LsmIntrospectionClient lsm) {
        Map<Integer, Long> pages = new TreeMap<>();
        partitions(lsm).forEach(p -> pages.put(p.where().partition(), p.pagesRead().orElseThrow()));
        return pages;
    }

    private static List<Long> searches(LsmIntrospectionClient lsm) {
        return partitions(lsm).stream().map(p -> p.reads().map(ReadCounts::searches)
                .orElseGet(() -> p.skipScan().orElseThrow().searches())).toList();
    }
}

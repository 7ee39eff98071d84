package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MergeEdit;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Leveled merges that write hundreds of outputs into a small buffer cache: a cap of 4 entries per component, COMPACT,
 * then flushes whose merges take every component of the level below. With every output's bulk loader open at once,
 * such a merge ran the buffer cache out of pages and the node halted; now a merge keeps a bounded number of outputs
 * open, whatever their count, so the cluster stays up and R-tree results equal a scan of the primary index.
 */
class LeveledManyOutputsTest {

    /** 512 pages of 32 KB per node: a merge of a few hundred outputs, all open, would need more. */
    private static final String SMALL_BUFFER_CACHE = "storage.buffercache.size=16MB";
    private static final int CAP = 4;
    private static final int FIRST_RECORDS = 1500;
    private static final int ROUND_RECORDS = 200;

    private static SpatialTestCluster cluster;

    @BeforeAll
    static void startClusterWithASmallBufferCache() throws Exception {
        String conf;
        try (InputStream in = SpatialTestCluster.class.getResourceAsStream("cc.conf")) {
            conf = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        cluster = new SpatialTestCluster(Path.of("target", "spatial-test-cluster"),
                conf.replace("storage.buffercache.size=128MB", SMALL_BUFFER_CACHE));
        cluster.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        cluster.stop();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "size", "str", "rstar-grove-area" })
    void mergesOfHundredsOfOutputsKeepTheNodeUpAndResultsEqualAScan(String partitioning) throws Exception {
        String dataverse = "ManyOutputs" + partitioning.replace("-", "");
        QueryServiceClient client = cluster.client();
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; CREATE TYPE Located AS { id: int64, location: point };"
                + " CREATE DATASET Points(Located) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"no-merge\"}};"
                + " CREATE INDEX loc ON Points(location) TYPE RTREE WITH {\"merge-policy\": {\"name\": \"leveled\","
                + " \"parameters\": {\"level0-components\": 1, \"size-ratio\": 1000, \"max-component-entries\": " + CAP
                + ", \"partitioning\": \"" + partitioning + "\"}}};");
        FlushDriver driver = new FlushDriver(client, dataverse, "Points");
        long nextId = insert(client, dataverse, 0, FIRST_RECORDS);
        driver.flush();
        nextId = insert(client, dataverse, nextId, FIRST_RECORDS);
        driver.flush();
        driver.awaitQuiescence(Duration.ofMinutes(2));
        client.executeOrThrow("USE " + dataverse + "; COMPACT DATASET Points;");
        driver.awaitQuiescence(Duration.ofMinutes(2));
        // Each flush's MBR covers the square, so each merge into level 1 takes every level-1 component.
        for (int round = 0; round < 2; round++) {
            nextId = insert(client, dataverse, nextId, ROUND_RECORDS);
            driver.flush();
            driver.awaitQuiescence(Duration.ofMinutes(2));
        }

        int mergesWithManyOutputs = 0;
        for (Path dir : indexDirectories(dataverse)) {
            for (String line : Files.readAllLines(dir.resolve(LeveledManifest.FILE_NAME))) {
                if (LeveledManifest.decode(line) instanceof MergeEdit merge && merge.added().size() > 200) {
                    mergesWithManyOutputs++;
                }
            }
        }
        assertThat(mergesWithManyOutputs).as("merges of more than 200 outputs on both partitions")
                .isGreaterThanOrEqualTo(2 * 2);
        assertThat(ids(client, dataverse, "spatial_intersect(p.location, create_rectangle(create_point(-101.0, -101.0),"
                + " create_point(101.0, 101.0)))")).as("every record through the R-tree")
                .isEqualTo(ids(client, dataverse, "true"));
        for (double x = -90; x < 90; x += 45) {
            double y = x / 2;
            String rtree = "spatial_intersect(p.location, create_rectangle(create_point(" + x + ", " + y
                    + "), create_point(" + (x + 30.5) + ", " + (y + 40.5) + ")))";
            String scan = "get_x(p.location) >= " + x + " AND get_x(p.location) <= " + (x + 30.5)
                    + " AND get_y(p.location) >= " + y + " AND get_y(p.location) <= " + (y + 40.5);
            assertThat(ids(client, dataverse, rtree)).as("ids through the R-tree in window at " + x)
                    .isNotEmpty().isEqualTo(ids(client, dataverse, scan));
        }
        assertThat(client.executeOrThrow("USE " + dataverse + "; EXPLAIN SELECT VALUE p.id FROM Points p WHERE "
                + "spatial_intersect(p.location, create_rectangle(create_point(0.5, 0.5), create_point(9.5, 9.5)));")
                .plan()).contains("RTREE_SEARCH");
    }

    /** Inserts {@code count} points with ids from {@code from}, spread over the square [-100, 100]^2. */
    private static long insert(QueryServiceClient client, String dataverse, long from, int count) {
        client.executeOrThrow("USE " + dataverse + "; INSERT INTO Points (SELECT VALUE {\"id\": i, \"location\":"
                + " create_point(to_double((i * 7919) % 20011) / 100.0 - 100.0,"
                + " to_double((i * 104729) % 19997) / 100.0 - 100.0)} FROM range(" + from + ", "
                + (from + count - 1) + ") i);");
        return from + count;
    }

    private static List<Long> ids(QueryServiceClient client, String dataverse, String condition) {
        return client.executeOrThrow("USE " + dataverse + "; SELECT VALUE p.id FROM Points p WHERE " + condition
                + " ORDER BY p.id;").results().stream().map(JsonNode::asLong).toList();
    }

    /**
     * The R-tree's directory in every partition. Its contents are not visited: merges may still be deleting their
     * inputs.
     */
    private static List<Path> indexDirectories(String dataverse) throws IOException {
        List<Path> found = new ArrayList<>();
        Files.walkFileTree(cluster.storageRoot(), new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                if (!dir.getFileName().toString().equals("loc")) {
                    return FileVisitResult.CONTINUE;
                }
                if (dir.toString().contains("/" + dataverse + "/Points/")) {
                    found.add(dir);
                }
                return FileVisitResult.SKIP_SUBTREE;
            }
        });
        return found;
    }
}

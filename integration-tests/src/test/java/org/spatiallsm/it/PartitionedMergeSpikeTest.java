package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.asterixdb.rtree.partitioned.PartitionedMergeSpike;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The issue-13 spike: on the unmodified 0.9.8 jars, an R-tree whose merges write two components per index partition,
 * installed side by side, searched like any R-tree, and kept by AsterixDB's start-up cleanup.
 */
@ExtendWith(SpatialClusterExtension.class)
class PartitionedMergeSpikeTest {

    private static final String DATAVERSE = "Spike";
    private static final String DATASET = "Points";
    private static final int RECORDS_PER_FLUSH = 1000;
    /** The window of the queries; its edges fall between the grid points (integer coordinates). */
    private static final double X1 = -60.5;
    private static final double Y1 = -30.5;
    private static final double X2 = 90.5;
    private static final double Y2 = 40.5;

    @Test
    void mergesWriteTwoComponentsThatSearchesRestartsAndDeletesRespect(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        // The primary never merges; the R-tree merges its whole stack above 3 components, into 2.
        System.setProperty(PartitionedMergeSpike.OUTPUTS_PROPERTY, "2");
        try {
            client.executeOrThrow("""
                    DROP DATAVERSE Spike IF EXISTS; CREATE DATAVERSE Spike; USE Spike;
                    CREATE TYPE Located AS { id: int64, location: point };
                    CREATE DATASET Points(Located) PRIMARY KEY id WITH {"merge-policy": {"name": "no-merge"}};
                    CREATE INDEX loc ON Points(location) TYPE RTREE
                      WITH {"merge-policy": {"name": "constant-all", "parameters": {"k": 3}}};
                    """);
        } finally {
            System.clearProperty(PartitionedMergeSpike.OUTPUTS_PROPERTY);
        }
        FlushDriver driver = new FlushDriver(client, DATAVERSE, DATASET);
        for (int flush = 0; flush < 3; flush++) {
            driver.flushAndSettle(RECORDS_PER_FLUSH);
        }
        assertThat(rtree(driver.components())).allSatisfy(p -> assertThat(p.components()).hasSize(3));

        // The fourth flush makes 4 > 3 components: one merge of all four per partition, two outputs each.
        List<IndexComponents> merged = rtree(driver.flushAndSettle(RECORDS_PER_FLUSH));
        assertThat(merged).hasSize(2).allSatisfy(PartitionedMergeSpikeTest::isOneMergeWithTwoOutputs);
        DiskComponent output = merged.get(0).components().get(0);
        String range = output.firstSequence() + "_" + output.lastSequence();
        // The inputs' files may still be on their way out (they go when their last reader leaves).
        assertThat(componentFiles(cluster)).as("R-tree files on disk").contains(range, range + "_p1");
        LiveIds live = new LiveIds(4 * RECORDS_PER_FLUSH);
        assertQueriesMatch(client, live);

        // Deletes land in newer components above the siblings, then a second merge takes siblings and deletes.
        client.executeOrThrow("USE Spike; DELETE FROM Points p WHERE p.id % 3 = 0;");
        live.deleteMultiplesOf(3);
        driver.flush();
        driver.awaitQuiescence(Duration.ofSeconds(60));
        assertQueriesMatch(client, live);
        List<IndexComponents> remerged = rtree(driver.flushAndSettle(RECORDS_PER_FLUSH));
        live.insertUpTo(5 * RECORDS_PER_FLUSH);
        assertThat(remerged).allSatisfy(PartitionedMergeSpikeTest::isOneMergeWithTwoOutputs);
        assertQueriesMatch(client, live);

        cluster.restart();
        QueryServiceClient restarted = cluster.client();
        FlushDriver afterRestart = new FlushDriver(restarted, DATAVERSE, DATASET);
        assertThat(sequences(rtree(afterRestart.components()))).as("R-tree components after the restart")
                .isEqualTo(sequences(remerged));
        DiskComponent kept = remerged.get(0).components().get(0);
        String keptRange = kept.firstSequence() + "_" + kept.lastSequence();
        assertThat(componentFiles(cluster)).as("R-tree files after the start-up cleanup")
                .containsExactlyInAnyOrder(keptRange, keptRange + "_p1");
        assertThat(indexDirectories(cluster)).hasSize(2).allSatisfy(dir -> assertThat(dir.resolve(".metadata"))
                .content().contains("SpatialLsmPartitionedRTreeResource"));
        assertQueriesMatch(restarted, live);
        assertThat(restarted.executeOrThrow("USE Spike; EXPLAIN SELECT VALUE p.id FROM Points p WHERE "
                + "spatial_intersect(p.location, " + window() + ");").plan()).contains("RTREE_SEARCH");
    }

    /** Both outputs cover the merged range, and nothing else is left in the partition. */
    private static void isOneMergeWithTwoOutputs(IndexComponents partition) {
        List<DiskComponent> components = partition.components();
        assertThat(components).hasSize(2);
        DiskComponent first = components.get(0);
        DiskComponent second = components.get(1);
        assertThat(first.firstSequence()).isEqualTo(second.firstSequence());
        assertThat(first.lastSequence()).isEqualTo(second.lastSequence());
        assertThat(first.minId()).isEqualTo(second.minId());
        assertThat(first.maxId()).isEqualTo(second.maxId());
        assertThat(first.bytes()).isPositive();
        assertThat(second.bytes()).isPositive();
    }

    /** The ids found through the R-tree equal those of a scan of the primary index, and those of the model. */
    private static void assertQueriesMatch(QueryServiceClient client, LiveIds live) {
        List<Long> throughRTree = ids(client, "spatial_intersect(p.location, " + window() + ")");
        List<Long> throughScan = ids(client, "get_x(p.location) > " + X1 + " AND get_x(p.location) < " + X2
                + " AND get_y(p.location) > " + Y1 + " AND get_y(p.location) < " + Y2);
        assertThat(throughRTree).hasSizeGreaterThan(100).isEqualTo(throughScan).isEqualTo(live.inWindow());
    }

    private static List<Long> ids(QueryServiceClient client, String condition) {
        return client.executeOrThrow("USE Spike; SELECT VALUE p.id FROM Points p WHERE " + condition
                + " ORDER BY p.id;").results().stream().map(JsonNode::asLong).toList();
    }

    private static String window() {
        return "create_rectangle(create_point(" + X1 + ", " + Y1 + "), create_point(" + X2 + ", " + Y2 + "))";
    }

    private static List<IndexComponents> rtree(List<IndexComponents> indexes) {
        return indexes.stream().filter(i -> i.where().index().equals("loc")).toList();
    }

    private static List<List<String>> sequences(List<IndexComponents> partitions) {
        return partitions.stream().sorted(Comparator.comparing(p -> p.where().partition()))
                .map(p -> p.components().stream().map(c -> c.firstSequence() + "_" + c.lastSequence()).toList())
                .toList();
    }

    /** The names of the component files of the R-tree, over all partitions (which use the same names). */
    private static TreeSet<String> componentFiles(SpatialTestCluster cluster) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        for (Path dir : indexDirectories(cluster)) {
            try (Stream<Path> files = Files.list(dir)) {
                files.map(f -> f.getFileName().toString()).filter(n -> !n.startsWith(".")).forEach(names::add);
            }
        }
        return names;
    }

    /** The R-tree's directory in every partition. */
    private static List<Path> indexDirectories(SpatialTestCluster cluster) throws IOException {
        try (Stream<Path> paths = Files.walk(cluster.storageRoot())) {
            return paths.filter(p -> Files.isDirectory(p) && p.getFileName().toString().equals("loc")
                    && p.toString().contains("/" + DATAVERSE + "/" + DATASET + "/")).toList();
        }
    }

    /** The model: which ids exist, and where FlushDriver puts them. */
    private static final class LiveIds {
        private final TreeSet<Long> ids = new TreeSet<>();
        private long next;

        LiveIds(long count) {
            insertUpTo(count);
        }

        void insertUpTo(long count) {
            LongStream.range(next, count).forEach(ids::add);
            next = count;
        }

        void deleteMultiplesOf(long k) {
            ids.removeIf(id -> id % k == 0);
        }

        /** FlushDriver's point of record x is (x % 360 - 180, x % 170 - 85). */
        List<Long> inWindow() {
            return ids.stream().filter(id -> {
                double x = id % 360 - 180.0;
                double y = id % 170 - 85.0;
                return x > X1 && x < X2 && y > Y1 && y < Y2;
            }).toList();
        }
    }
}

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
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MergeEdit;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.EntriesListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.it.crash.CrashChecks;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Leveled indexes on a small buffer cache: flushes larger than the cache (a leveled primary index of 1 KB records),
 * and merges that write hundreds of outputs (a cap of 4 entries per component, COMPACT, then flushes whose merges
 * take every component of the level below). With every output's bulk loader open at once,
 * such a merge ran the buffer cache out of pages and the node halted; now a merge keeps a bounded number of outputs
 * open, whatever their count, so the cluster stays up and R-tree results equal a scan of the primary index.
 */
class LeveledManyOutputsTest {

    /** 512 pages of 32 KB per node: a merge of a few hundred outputs, all open, would need more. */
    private static final String SMALL_BUFFER_CACHE = "storage.buffercache.size=16MB";
    private static final int CAP = 4;
    private static final int FIRST_RECORDS = 1500;
    private static final int ROUND_RECORDS = 200;
    /** Hashed over two partitions, each gets more than 4,096 (and fewer than 20,011, which keeps the points apart). */
    private static final int MORE_THAN_TWICE_4096 = 9000;
    /** 41 strips of about 110 components per partition each. */
    private static final int STRIP_WIDTH = 5;
    /** A merge output's name: {@code <first sequence>_<last sequence>_m<merge serial>p<output number>}. */
    private static final Pattern OUTPUT_NAME = Pattern.compile("\\d+_\\d+_m\\d+p(\\d+)");

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

    /** With STR; the other partitioners in {@link #theOtherPartitionersToo}, for the default suite's time. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "str" })
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

    /** The same with size and R*-Grove partitioning: {@code ./scripts/test --extended}. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "size", "rstar-grove-area" })
    @Tag("extended")
    void theOtherPartitionersToo(String partitioning) throws Exception {
        mergesOfHundredsOfOutputsKeepTheNodeUpAndResultsEqualAScan(partitioning);
    }

    /**
     * A leveled primary index whose flushes are larger than the buffer cache: 1 KB records, 20 MB per partition
     * against 16 MB of cache, so the flush's first pages are evicted before it ends. The policy's read of a new
     * component (its key range and entries) came before AsterixDB marked it valid, while its compressed file was
     * still write-only: the read of an evicted page failed the flush and halted the node. Now the read follows the
     * validation, and every record stays readable.
     */
    @Test
    void aLeveledPrimaryFlushLargerThanTheBufferCacheIsRecorded() throws Exception {
        String dataverse = "FlushBeyondCache";
        QueryServiceClient client = cluster.client();
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; CREATE TYPE Wide AS { id: int64 };"
                + " CREATE DATASET Wides(Wide) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"leveled\","
                + " \"parameters\": {\"level0-components\": 2, \"size-ratio\": 10}}};");
        FlushDriver driver = new FlushDriver(client, dataverse, "Wides");
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        int perFlush = 40_000;
        for (int flush = 0; flush < 2; flush++) {
            client.executeOrThrow("USE " + dataverse + "; INSERT INTO Wides (SELECT VALUE {\"id\": i, \"pad\":"
                    + " repeat(to_string(i % 10), 1000)} FROM range(" + flush * perFlush + ", "
                    + ((flush + 1) * perFlush - 1) + ") i);");
            driver.flush();
            driver.awaitQuiescence(Duration.ofMinutes(2));
        }
        assertThat(client.executeOrThrow("USE " + dataverse + "; SELECT VALUE COUNT(*) FROM Wides w;").results()
                .get(0).asLong()).isEqualTo(2L * perFlush);
        assertThat(client.executeOrThrow("USE " + dataverse + "; SELECT VALUE w.id FROM Wides w WHERE w.id IN [0,"
                + " 39999, 40000, 79999] ORDER BY w.id;").results().stream().map(JsonNode::asLong).toList())
                .containsExactly(0L, 39_999L, 40_000L, 79_999L);
        assertThat(lsm.components(dataverse, "Wides")).allSatisfy(
                partition -> assertThat(CrashChecks.leveledInvariantViolation(partition)).isEmpty());
    }

    /**
     * A COMPACT whose merge writes more than 4,096 outputs of one entry each into level 2, while output numbers
     * packed into 12 bits gave outputs 0 and 4096 of one merge one id. Every output is installed under its own name,
     * and the index goes on: rounds that delete the records of outputs 4096, 0 and 1 and insert new ones, each
     * flushed, move and merge as usual (the policy sees every output at every decision), no key is twice in a level,
     * and every record is found through the R-tree, the deleted ones no more.
     */
    @Test
    @Tag("extended") // over two minutes on a loaded 2-core machine: ./scripts/test --extended runs it
    void aMergeOfMoreThan4096OutputsKeepsEveryOutputApart() throws Exception {
        String dataverse = "ManyOutputsIds";
        QueryServiceClient client = cluster.client();
        // Level 1 holds 68 components, level 2 68^2 = 4,624: room for the compaction's outputs.
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; CREATE TYPE Located AS { id: int64, location: point };"
                + " CREATE DATASET Points(Located) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"no-merge\"}};"
                + " CREATE INDEX loc ON Points(location) TYPE RTREE WITH {\"merge-policy\": {\"name\": \"leveled\","
                + " \"parameters\": {\"level0-components\": 1, \"size-ratio\": 68, \"max-component-entries\": 1,"
                + " \"partitioning\": \"str\"}}};");
        FlushDriver driver = new FlushDriver(client, dataverse, "Points");
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        // Two flushes (the first moves to level 1), so that COMPACT has two components to merge.
        long nextId = insert(client, dataverse, 0, MORE_THAN_TWICE_4096);
        driver.flush();
        nextId = insert(client, dataverse, nextId, 100);
        driver.flush();
        driver.awaitQuiescence(Duration.ofMinutes(2));
        long start = System.nanoTime();
        client.executeOrThrow("USE " + dataverse + "; COMPACT DATASET Points;");
        driver.awaitQuiescence(Duration.ofMinutes(5));
        System.out.printf("COMPACT into more than 4096 outputs per partition: %d ms%n",
                (System.nanoTime() - start) / 1_000_000);

        for (ComponentsListing listing : lsm.typedListings(dataverse, "Points")) {
            for (IndexListing partition : listing.indexes()) {
                if (partition.index().equals("loc")) {
                    List<String> names = partition.components().stream().map(c -> c.files().get(0)).toList();
                    assertThat(names).as("outputs of the compaction in loc[%d]", partition.partition())
                            .hasSizeGreaterThan(4096).doesNotHaveDuplicates()
                            .allMatch(name -> OUTPUT_NAME.matcher(name).matches());
                    assertThat(names.stream().mapToInt(LeveledManyOutputsTest::outputNumber).max().orElseThrow())
                            .isGreaterThan(4096);
                }
            }
        }
        Map<Integer, List<Long>> recordsOfOutputs = new TreeMap<>();
        for (EntriesListing listing : lsm.entries(dataverse, "Points")) {
            for (EntriesListing.Index partition : listing.indexes()) {
                for (EntriesListing.Component component : partition.components()) {
                    int output = outputNumber(component.files().get(0));
                    if (output == 4096 || output == 0 || output == 1) {
                        assertThat(component.entries()).hasSize(1);
                        recordsOfOutputs.computeIfAbsent(output, o -> new ArrayList<>())
                                .add(id(component.entries().get(0)));
                    }
                }
            }
        }
        assertThat(recordsOfOutputs.values()).as("records of outputs 0, 1 and 4096 of both partitions").hasSize(3)
                .allMatch(ids -> ids.size() == 2);
        for (List<Long> ids : recordsOfOutputs.values()) {
            client.executeOrThrow("USE " + dataverse + "; DELETE FROM Points p WHERE p.id IN " + ids + ";");
            nextId = insert(client, dataverse, nextId, 50);
            driver.flush();
            driver.awaitQuiescence(Duration.ofMinutes(2));
        }

        for (Path dir : indexDirectories(dataverse)) {
            List<MergeEdit> merges = new ArrayList<>();
            for (String line : Files.readAllLines(dir.resolve(LeveledManifest.FILE_NAME))) {
                if (LeveledManifest.decode(line) instanceof MergeEdit merge) {
                    merges.add(merge);
                }
            }
            assertThat(merges).as("merges in " + dir).hasSizeGreaterThanOrEqualTo(2);
            assertThat(merges.get(0).added()).as("outputs of the compaction in " + dir).hasSizeGreaterThan(4096);
        }
        assertThat(CrashChecks.levelKeysViolations(lsm.entries(dataverse, "Points"))).isEmpty();
        assertThat(lsm.components(dataverse, "Points")).allSatisfy(
                partition -> assertThat(CrashChecks.leveledInvariantViolation(partition)).isEmpty());
        List<Long> remaining = ids(client, dataverse, "true");
        assertThat(remaining).as("records left").hasSize((int) nextId - 6)
                .doesNotContainAnyElementsOf(recordsOfOutputs.values().stream().flatMap(List::stream).toList());
        assertThat(throughRTreeInStrips(client, dataverse)).as("every record through the R-tree").isEqualTo(remaining);
        client.executeOrThrow("DROP DATAVERSE " + dataverse + ";");
    }

    /**
     * Every record through the R-tree, window by window: strips of the square, each of whose searches opens only the
     * components inside it. One window over all would open every one of the thousands of components at once, a page
     * of the buffer cache each, more than this cluster's cache holds.
     */
    private static List<Long> throughRTreeInStrips(QueryServiceClient client, String dataverse) {
        String strip = "spatial_intersect(p.location, create_rectangle(create_point(%s, -101.0), create_point(%s,"
                + " 101.0)))";
        assertThat(client.executeOrThrow("USE " + dataverse + "; EXPLAIN SELECT VALUE p.id FROM Points p WHERE "
                + String.format(Locale.ROOT, strip, -100.005, -95.005) + ";").plan()).contains("RTREE_SEARCH");
        List<Long> found = new ArrayList<>();
        // The points lie on a grid of 0.01 in [-100, 100.1] x [-100, 100]; the strips' edges at x.xx5 touch none.
        for (int left = -100; left <= 100; left += STRIP_WIDTH) {
            found.addAll(ids(client, dataverse, String.format(Locale.ROOT, strip, left - 0.005,
                    left + STRIP_WIDTH - 0.005)));
        }
        Collections.sort(found);
        return found;
    }

    private static int outputNumber(String componentName) {
        Matcher matcher = OUTPUT_NAME.matcher(componentName);
        return matcher.matches() ? Integer.parseInt(matcher.group(1)) : -1;
    }

    /** An int64 primary key as the entries listing shows it: type tag 04, then the 8 bytes. */
    private static long id(EntriesListing.Entry entry) {
        assertThat(entry.primaryKey()).hasSize(18).startsWith("04");
        return Long.parseUnsignedLong(entry.primaryKey().substring(2), 16);
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

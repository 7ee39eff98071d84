package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.it.StorageOptionsDdlTest.TYPE;
import static org.spatiallsm.it.StorageOptionsDdlTest.freshDataverse;
import static org.spatiallsm.it.StorageOptionsDdlTest.hints;
import static org.spatiallsm.it.StorageOptionsDdlTest.indexMetadata;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.apache.asterix.common.metadata.DataverseName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.asterixdb.metadata.IndexOptionsStore;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.storage.IndexStorageOptions;
import org.spatiallsm.storage.MergePolicyChoice;
import org.spatiallsm.storage.RTreeComparator;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a graceful restart keeps, on one cluster (a start less than a class each): the NCs list every index of a
 * dataset, also those no query has opened yet; Binomial's flush count t, on which its schedule depends, lives in the
 * component files and survives the restart; every index's .metadata file names our merge policy's factory, which
 * the restarted NCs read back; and the storage options of SQL++ DDL (IndexStorage view, stale options) are kept or
 * forgotten as {@link StorageOptionsDdlTest} states them. Each case uses its own dataverse and restarts the cluster
 * itself.
 */
@ExtendWith(SpatialClusterExtension.class)
class AfterARestartTest {

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

    @Test
    void binomialContinuesItsScheduleAfterARestart(SpatialTestCluster cluster) throws Exception {
        String parameters = "{\"k\": 3}";
        FlushDriver driver = new FlushDriver(cluster.client(), "Restarted", "Flushed").create("binomial", parameters);
        EngineSchedule schedule = new EngineSchedule("binomial", parameters);
        for (int t = 1; t <= 9; t++) {
            schedule.recordFlush(t, driver.flushAndSettle(RECORDS_PER_FLUSH));
        }
        List<IndexComponents> beforeRestart = driver.components();

        cluster.restart();

        assertThat(driver.components()).as("stack and flush count after the restart").isEqualTo(beforeRestart);
        // Flush 10 keeps 3 components under k = 3 only if t continues at 10 ([9-10, 6-8, 1-5]); a schedule restarted
        // at t = 1 would merge differently from here on.
        for (int t = 10; t <= 18; t++) {
            schedule.recordFlush(t, driver.flushAndSettle(RECORDS_PER_FLUSH));
        }
        schedule.assertFollowsSimulator(driver.events(), false);
    }

    @Test
    void datasetWithOurPolicyStoresAndQueriesPointsAndSurvivesRestart(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow("""
                DROP DATAVERSE Restart IF EXISTS; CREATE DATAVERSE Restart; USE Restart;
                CREATE TYPE PointType AS { id: int64, location: point };
                CREATE DATASET Places(PointType) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"num-components": 4}}};
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE;
                INSERT INTO Places ([{"id": 1, "location": point("1.0,1.0")}, {"id": 2, "location": point("5.0,5.0")},
                                     {"id": 3, "location": point("9.0,9.0")}]);
                """);
        String inBox = "USE Restart; SELECT VALUE p.id FROM Places p "
                + "WHERE spatial_intersect(p.location, create_rectangle(create_point(0.0, 0.0), create_point(6.0, "
                + "6.0))) ORDER BY p.id;";
        assertThat(ids(client.executeOrThrow(inBox))).containsExactly(1L, 2L);

        // A graceful stop flushes the memory components (our policy decides after each flush); the restarted NCs
        // must read our factory back from every index's .metadata file.
        cluster.restart();

        assertThat(ids(cluster.client().executeOrThrow(inBox))).containsExactly(1L, 2L);
        assertThat(indexMetadataFiles(cluster.storageRoot(), "Restart", "Places"))
                .isNotEmpty()
                .allSatisfy(metadata -> assertThat(Files.readString(metadata))
                        .contains("SpatialLsmBinomialMergePolicyFactory"));
    }

    @Test
    void indexStorageViewShowsTheOptionsInForceAlsoAfterARestart(SpatialTestCluster cluster) throws Exception {
        cluster.client().executeOrThrow(freshDataverse("Visible") + TYPE + """
                CREATE DATASET Places(PlaceType) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"k": 8}}};
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE
                  WITH {"merge-policy": {"name": "tiered", "parameters": {"size-ratio": 4}}, "comparator": "simple"};
                CREATE INDEX plainLocation ON Places(location) TYPE RTREE;
                CREATE INDEX nameIndex ON Places(name);
                """);
        String view = "SELECT s.IndexName, s.MergePolicy, s.MergePolicyParameters, s.MergePolicySetOn, s.Comparator "
                + "FROM SpatialLsm.IndexStorage s WHERE s.DataverseName = 'Visible' ORDER BY s.IndexName;";
        List<String> expected = List.of(
                "{\"IndexName\":\"Places\","
                        + "\"MergePolicy\":\"binomial\",\"MergePolicyParameters\":[{\"Name\":\"k\",\"Value\":\"8\"}],"
                        + "\"MergePolicySetOn\":\"dataset\"}",
                "{\"IndexName\":\"locationIndex\",\"MergePolicy\":\"tiered\",\"MergePolicyParameters\":"
                        + "[{\"Name\":\"high-bucket\",\"Value\":\"1.2\"},{\"Name\":\"size-ratio\",\"Value\":\"4\"}],"
                        + "\"MergePolicySetOn\":\"index\",\"Comparator\":\"simple\"}",
                "{\"IndexName\":\"nameIndex\","
                        + "\"MergePolicy\":\"binomial\",\"MergePolicyParameters\":[{\"Name\":\"k\",\"Value\":\"8\"}],"
                        + "\"MergePolicySetOn\":\"dataset\"}",
                "{\"IndexName\":\"plainLocation\","
                        + "\"MergePolicy\":\"binomial\",\"MergePolicyParameters\":[{\"Name\":\"k\",\"Value\":\"8\"}],"
                        + "\"MergePolicySetOn\":\"dataset\",\"Comparator\":\"default\"}");
        assertThat(cluster.client().executeOrThrow(view).results()).map(JsonNode::toString)
                .containsExactlyElementsOf(expected);

        cluster.restart();

        assertThat(cluster.client().executeOrThrow(view).results()).map(JsonNode::toString)
                .containsExactlyElementsOf(expected);
        assertThat(indexMetadata(cluster, "Visible", "Places", "locationIndex")).allSatisfy(json -> assertThat(json)
                .contains("SpatialLsmTieredMergePolicyFactory").contains("SpatialLsmSimpleLinearizeComparatorFactory"));
    }

    /**
     * The state a crash between CREATE INDEX's two metadata steps leaves behind (options recorded, no index), or a
     * DROP INDEX whose cleanup failed: a later CREATE INDEX of that name without WITH must get the defaults.
     */
    @Test
    void optionsLeftBehindByAnInterruptedStatementAreNotInherited(SpatialTestCluster cluster) throws Exception {
        cluster.client().executeOrThrow(freshDataverse("Stale") + TYPE + """
                CREATE DATASET Places(PlaceType) PRIMARY KEY id;
                INSERT INTO Places ([{"id": 1, "name": "a", "location": point("1.0,1.0")}]);
                """);
        // Written as CREATE INDEX ... WITH writes them, by the same store, in the CC's process.
        IndexOptionsStore.write(DataverseName.createSinglePartName("Stale"), "Places", "locationIndex",
                new IndexStorageOptions(Optional.of(new MergePolicyChoice("binomial", Map.of("k", "3"))),
                        Optional.of(RTreeComparator.SIMPLE)));
        assertThat(hints(cluster.client(), "Stale", "Places")).containsEntry("spatial-lsm/locationIndex/comparator",
                "simple");
        cluster.restart();

        QueryServiceClient client = cluster.client();
        client.executeOrThrow("USE Stale; CREATE INDEX locationIndex ON Places(location) TYPE RTREE;");

        assertThat(hints(client, "Stale", "Places")).isEmpty();
        assertThat(client.executeOrThrow("SELECT s.MergePolicySetOn, s.Comparator FROM SpatialLsm.IndexStorage s "
                + "WHERE s.DataverseName = 'Stale' AND s.IndexName = 'locationIndex';").results())
                .map(JsonNode::toString)
                .containsExactly("{\"MergePolicySetOn\":\"dataset\",\"Comparator\":\"default\"}");
        assertThat(indexMetadata(cluster, "Stale", "Places", "locationIndex")).allSatisfy(json -> assertThat(json)
                .doesNotContain("SimpleLinearizeComparatorFactory")
                .doesNotContain("SpatialLsmBinomialMergePolicyFactory"));
    }

    /** {@value #RECORDS_PER_FLUSH} records from id {@code first}, on a grid of points over the whole globe. */
    private static void insert(QueryServiceClient client, int first) {
        client.executeOrThrow("USE Reopened; INSERT INTO Places (SELECT VALUE {\"id\": x, \"location\": "
                + "create_point(to_double(x % 360) - 180.0, to_double(x % 170) - 85.0)} FROM range(" + first + ", "
                + (first + RECORDS_PER_FLUSH - 1) + ") x);");
    }

    private static List<Long> ids(QueryResult result) {
        return result.results().stream().map(JsonNode::asLong).toList();
    }

    /** The .metadata file of every index partition of the dataset (primary and secondary). */
    private static List<Path> indexMetadataFiles(Path storageRoot, String dataverse, String dataset)
            throws IOException {
        try (Stream<Path> files = Files.walk(storageRoot)) {
            return files.filter(p -> p.getFileName().toString().equals(".metadata"))
                    .filter(p -> p.toString().contains("/" + dataverse + "/" + dataset + "/")).toList();
        }
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.apache.asterix.common.metadata.DataverseName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.asterixdb.metadata.IndexOptionsStore;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.storage.StorageOptionsParser;
import org.spatiallsm.testcluster.SharedSpatialCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The leveled merge policy in DDL: its options are validated by the decision core before anything is created, it
 * is refused where it does not apply yet, and {@code SpatialLsm.IndexStorage} shows what a leveled R-tree runs.
 */
@SharedSpatialCluster
class LeveledDdlTest {

    private static final String TYPE = "CREATE TYPE PlaceType AS { id: int64, name: string, location: point };";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "bad value             | RTREE   | location | {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": "
                + "{\"size-ratio\": 1}}}"
                + " | merge policy 'leveled': invalid value '1' for parameter 'size-ratio' (allowed: an integer from 2 "
                + "to 1000)",
        "unknown parameter     | RTREE   | location | {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": "
                + "{\"fanout\": 3}}}"
                + " | merge policy 'leveled': unknown parameter 'fanout' (value '3')",
        "bad pick              | RTREE   | location | {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": "
                + "{\"pick\": \"largest\"}}}"
                + " | merge policy 'leveled': invalid value 'largest' for parameter 'pick' (allowed: one of oldest, "
                + "newest,",
        "bad partitioning      | RTREE   | location | {\"merge-policy\": {\"name\": \"leveled\"}, \"partitioning\": "
                + "\"quadtree\"}"
                + " | invalid value \"quadtree\" for option \"partitioning\"; allowed: size, str, rstar-grove-area, "
                + "rstar-grove-perimeter",
        "partitioning alone    | RTREE   | location | {\"partitioning\": \"str\"}"
                + " | option \"partitioning\" applies only to the merge policy \"leveled\"; add \"merge-policy\": "
                + "{\"name\": \"leveled\"} or leave \"partitioning\" out",
        "partitioning twice    | RTREE   | location | {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": "
                + "{\"partitioning\": \"size\"}}, \"partitioning\": \"str\"}"
                + " | option \"partitioning\" (\"str\") contradicts parameter \"partitioning\" (\"size\") of merge "
                + "policy \"leveled\"; give it once",
        "spatial cut, B-tree   | BTREE   | name     | {\"merge-policy\": {\"name\": \"leveled\"}, \"partitioning\": "
                + "\"str\"}"
                + " | partitioning \"str\" cuts by the entries' MBRs and needs an R-tree; a leveled B-tree cuts its"
                + " merges along the key order: partitioning \"size\"",
        "on an inverted index  | KEYWORD | name     | {\"merge-policy\": {\"name\": \"leveled\"}}"
                + " | merge policy \"leveled\" applies to B-tree and R-tree indexes only, not to inverted indexes",
        "on an n-gram index    | NGRAM(3) | name    | {\"merge-policy\": {\"name\": \"leveled\"}}"
                + " | merge policy \"leveled\" applies to B-tree and R-tree indexes only, not to inverted indexes",
        "on a full-text index  | FULLTEXT | name    | {\"merge-policy\": {\"name\": \"leveled\"}}"
                + " | merge policy \"leveled\" applies to B-tree and R-tree indexes only, not to inverted indexes",
        "spatial cut, DHVB     | DHVBTREE | location | {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": "
                + "{\"partitioning\": \"str\"}}}"
                + " | partitioning \"str\" cuts by the entries' MBRs and needs an R-tree; a leveled B-tree cuts its"
                + " merges along the key order: partitioning \"size\"",
    })
    void badLeveledOptionsAreOneLineErrorsAndCreateNothing(String problem, String type, String field, String with,
            String expectedMessage, QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("BadLeveled") + TYPE + "CREATE DATASET Places(PlaceType) PRIMARY KEY id;");

        QueryResult result = client.execute("USE BadLeveled; CREATE INDEX badIndex ON Places(" + field + ") TYPE "
                + type + " WITH " + with + ";");

        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).singleElement().asString().contains("index badIndex: " + expectedMessage)
                .doesNotContain("\n");
        assertNothingCreated(client, "BadLeveled", "badIndex");
    }

    /**
     * A dataset's leveled policy is its primary index's: a leveled B-tree with the primary defaults, while an index
     * without a policy of its own runs AsterixDB's default; a spatial partitioning is refused in one line.
     */
    @Test
    void aLeveledDatasetHasALeveledPrimaryIndexAndItsIndexesKeepTheirOwnPolicies(QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("LeveledDataset") + TYPE);
        QueryResult refused = client.execute("""
                USE LeveledDataset; CREATE DATASET Places(PlaceType) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "leveled", "parameters": {"partitioning": "str"}}};
                """);
        assertThat(refused.status()).isEqualTo("fatal");
        assertThat(refused.errors()).singleElement().asString().contains("partitioning \"str\" cuts by the entries'"
                + " MBRs and needs an R-tree").doesNotContain("\n");
        assertThat(client.executeOrThrow("SELECT VALUE d FROM Metadata.`Dataset` d "
                + "WHERE d.DataverseName = 'LeveledDataset';").results()).isEmpty();

        client.executeOrThrow("USE LeveledDataset; CREATE DATASET Places(PlaceType) PRIMARY KEY id"
                + " WITH {\"merge-policy\": {\"name\": \"leveled\"}}; CREATE INDEX byName ON Places(name) TYPE BTREE;"
                + " CREATE PRIMARY INDEX pkIndex ON Places; INSERT INTO Places ([{\"id\": 1, \"name\": \"a\","
                + " \"location\": create_point(1.0, 2.0)}]);");
        assertThat(client.executeOrThrow("SELECT VALUE d.CompactionPolicyProperties FROM Metadata.`Dataset` d "
                + "WHERE d.DataverseName = 'LeveledDataset';").results().get(0).toString())
                .contains("{\"Name\":\"level0-components\",\"Value\":\"10\"}")
                .contains("{\"Name\":\"size-ratio\",\"Value\":\"10\"}");
        new FlushDriver(client, "LeveledDataset", "Places").flush();
        var partitions = new LsmIntrospectionClient(client, Duration.ofMinutes(2)).components("LeveledDataset",
                "Places");
        assertThat(partitions).filteredOn(p -> p.where().index().equals("Places")).isNotEmpty()
                .allSatisfy(p -> assertThat(p.levels()).allMatch(level -> level.isPresent()));
        assertThat(partitions).filteredOn(p -> !p.where().index().equals("Places")).isNotEmpty()
                .allSatisfy(p -> assertThat(p.levels()).allMatch(level -> level.isEmpty()));
        assertThat(client.executeOrThrow("USE LeveledDataset; SELECT VALUE COUNT(*) FROM Places p;").results())
                .map(JsonNode::asLong).containsExactly(1L);
    }

    /**
     * A leveled R-tree assumes 2-D keys (its MBRs, partitioners and pruning are 2-D). AsterixDB 0.9.8 gives every
     * type its R-tree accepts (point, line, rectangle, circle, polygon, geometry) a 2-D key and refuses the only
     * other spatial type, point3d, at CREATE INDEX, before any storage option takes effect: one line naming the
     * field and its type, and nothing is created.
     */
    @Test
    void aLeveledRTreeOnAPoint3dFieldIsRefusedAndCreatesNothing(QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("Leveled3d") + """
                CREATE TYPE SpaceType AS { id: int64, position: point3d };
                CREATE DATASET Stars(SpaceType) PRIMARY KEY id;
                """);

        QueryResult result = client.execute("USE Leveled3d; CREATE INDEX positionIndex ON Stars(position) TYPE RTREE "
                + "WITH {\"merge-policy\": {\"name\": \"leveled\"}, \"partitioning\": \"str\"};");

        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).singleElement().asString()
                .contains("The field 'position' which is of type point3d cannot be indexed using the RTree index")
                .doesNotContain("\n");
        assertNothingCreated(client, "Leveled3d", "positionIndex");
    }

    /**
     * Rectangles are 2-D keys of four coordinates (points store two): a leveled R-tree over them merges into deeper
     * levels and answers as a scan of an unindexed copy does.
     */
    @Test
    void aLeveledRTreeOnRectanglesMergesAndAnswersAsAScan(QueryServiceClient client) throws Exception {
        client.executeOrThrow(freshDataverse("LeveledBoxes") + """
                CREATE TYPE BoxType AS { id: int64, box: rectangle };
                CREATE DATASET Boxes(BoxType) PRIMARY KEY id WITH {"merge-policy": {"name": "no-merge"}};
                CREATE DATASET Unindexed(BoxType) PRIMARY KEY id;
                CREATE INDEX boxIndex ON Boxes(box) TYPE RTREE
                  WITH {"merge-policy": {"name": "leveled", "parameters": {"level0-components": 1, "size-ratio": 2,
                        "max-component-entries": 10}}, "partitioning": "str"};
                """);
        FlushDriver boxes = new FlushDriver(client, "LeveledBoxes", "Boxes");
        for (int round = 0; round < 6; round++) {
            String corner = "create_point(to_double((x * 37) % 190) - 95.0, to_double((x * 53) % 190) - 95.0)";
            String rectangles = "(SELECT VALUE {\"id\": x, \"box\": create_rectangle(" + corner + ", create_point("
                    + "get_x(" + corner + ") + 1.0 + to_double(x % 7), get_y(" + corner + ") + 1.0 + to_double(x % 5)"
                    + "))} FROM range(" + round * 40 + ", " + (round * 40 + 39) + ") x)";
            client.executeOrThrow("USE LeveledBoxes; INSERT INTO Boxes " + rectangles + "; INSERT INTO Unindexed "
                    + rectangles + ";");
            boxes.flush();
            boxes.awaitQuiescence(Duration.ofSeconds(60));
        }

        List<Integer> levels = new ArrayList<>();
        for (ComponentsListing listing : new LsmIntrospectionClient(client, Duration.ofMinutes(2))
                .typedListings("LeveledBoxes", "Boxes")) {
            for (IndexListing index : listing.indexes()) {
                if (index.index().equals("boxIndex")) {
                    index.components().forEach(c -> levels.add(Objects.requireNonNullElse(c.level(), -1)));
                }
            }
        }
        assertThat(levels).as("levels of the rectangles' components").anyMatch(level -> level >= 2);
        for (int x = -100; x < 100; x += 40) {
            String window = "create_rectangle(create_point(" + x + ".5, " + (x / 2) + ".5), create_point(" + (x + 30)
                    + ".5, " + (x / 2 + 50) + ".5))";
            assertThat(boxIds(client, "Boxes", window)).as("boxes in " + window).isNotEmpty()
                    .isEqualTo(boxIds(client, "Unindexed", window));
        }
        assertThat(client.executeOrThrow("USE LeveledBoxes; EXPLAIN SELECT VALUE b.id FROM Boxes b WHERE "
                + "spatial_intersect(b.box, create_rectangle(create_point(0.5, 0.5), create_point(9.5, 9.5)));")
                .plan()).contains("RTREE_SEARCH");
    }

    /**
     * LOAD DATASET of rectangles (four coordinates per key, adjacent in the load's sort) is sorted in the R-tree's
     * order like points, and the leveled R-tree answers as a scan after deletes.
     */
    @Test
    void deletesAfterLoadingRectanglesStayDeleted(QueryServiceClient client) throws Exception {
        client.executeOrThrow(freshDataverse("LeveledBoxes") + """
                CREATE TYPE BoxType AS { id: int64, box: rectangle };
                CREATE DATASET Boxes(BoxType) PRIMARY KEY id;
                CREATE INDEX boxIndex ON Boxes(box) TYPE RTREE
                  WITH {"merge-policy": {"name": "leveled", "parameters": {"level0-components": 1}}};
                """);
        List<String> lines = new ArrayList<>();
        for (int id = 0; id < 300; id++) {
            double x = (id * 37) % 190 - 95.0;
            double y = (id * 53) % 190 - 95.0;
            lines.add("{\"id\": " + id + ", \"box\": rectangle(\"" + x + "," + y + " " + (x + 1 + id % 7) + ","
                    + (y + 1 + id % 5) + "\")}");
        }
        Path file = Path.of("target", "leveled-boxes.adm").toAbsolutePath();
        Files.write(file, lines);
        client.executeOrThrow("USE LeveledBoxes; LOAD DATASET Boxes USING localfs ((\"path\"=\"asterix_nc1://" + file
                + "\"), (\"format\"=\"adm\")); DELETE FROM Boxes b WHERE b.id % 3 = 0;");
        new FlushDriver(client, "LeveledBoxes", "Boxes").flush();

        String everywhere = "create_rectangle(create_point(-200.0, -200.0), create_point(200.0, 200.0))";
        assertThat(boxIds(client, "Boxes", everywhere)).hasSize(200).noneMatch(id -> id % 3 == 0);
    }

    private static List<Long> boxIds(QueryServiceClient client, String dataset, String window) {
        return client.executeOrThrow("USE LeveledBoxes; SELECT VALUE b.id FROM " + dataset + " b WHERE "
                + "spatial_intersect(b.box, " + window + ") ORDER BY b.id;").results().stream().map(JsonNode::asLong)
                .toList();
    }

    /**
     * The view's reading of a leveled index's options, independent of the engine: the options are recorded for an
     * existing R-tree by the same store and parser CREATE INDEX uses (the index itself keeps running its stock
     * policy; only the view's rendering is checked here).
     */
    @Test
    void indexStorageRendersTheRecordedLeveledOptions(QueryServiceClient client) throws Exception {
        client.executeOrThrow(freshDataverse("LeveledHints") + TYPE + """
                CREATE DATASET Places(PlaceType) PRIMARY KEY id;
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE;
                """);
        IndexOptionsStore.write(DataverseName.createSinglePartName("LeveledHints"), "Places", "locationIndex",
                StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled"),
                        "partitioning", "rstar-grove-perimeter"), "RTREE"));

        assertThat(client.executeOrThrow("SELECT s.MergePolicy, s.MergePolicySetOn, s.Partitioning, "
                + "s.MaxComponentEntries FROM SpatialLsm.IndexStorage s WHERE s.DataverseName = 'LeveledHints' "
                + "AND s.IndexName = 'locationIndex';").results()).map(JsonNode::toString).containsExactly(
                        "{\"MergePolicy\":\"leveled\",\"MergePolicySetOn\":\"index\","
                                + "\"Partitioning\":\"rstar-grove-perimeter\",\"MaxComponentEntries\":\"0\"}");
        assertThat(client.executeOrThrow("SELECT VALUE s.Partitioning IS MISSING FROM SpatialLsm.IndexStorage s "
                + "WHERE s.DataverseName = 'LeveledHints' AND s.IndexName = 'Places';").results())
                .map(JsonNode::asBoolean).containsExactly(true);
    }

    /** Needs the engine's {@code leveled} merge policy factory (branch leveled-engine) to create the index. */
    @Test
    void indexStorageShowsTheLeveledPartitioningCapAndEveryParameter(QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("LeveledView") + TYPE + """
                CREATE DATASET Places(PlaceType) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"k": 8}}};
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE
                  WITH {"merge-policy": {"name": "leveled", "parameters": {"level0-components": 2, "size-ratio": 10,
                        "pick": "min-overlap", "max-component-entries": 5000}}, "partitioning": "str",
                        "comparator": "simple"};
                CREATE INDEX tieredLocation ON Places(location) TYPE RTREE
                  WITH {"merge-policy": {"name": "tiered"}};
                """);

        List<String> rows = client.executeOrThrow("SELECT s.IndexName, s.MergePolicy, s.MergePolicyParameters, "
                + "s.MergePolicySetOn, s.Comparator, s.Partitioning, s.MaxComponentEntries FROM "
                + "SpatialLsm.IndexStorage s "
                + "WHERE s.DataverseName = 'LeveledView' AND s.IndexStructure = 'RTREE' ORDER BY s.IndexName;")
                .results().stream().map(JsonNode::toString).toList();

        assertThat(rows).containsExactly(
                "{\"IndexName\":\"locationIndex\",\"MergePolicy\":\"leveled\",\"MergePolicyParameters\":["
                        + "{\"Name\":\"level0-components\",\"Value\":\"2\"},"
                        + "{\"Name\":\"max-component-entries\",\"Value\":\"5000\"},"
                        + "{\"Name\":\"memory-budget\",\"Value\":\"1000000\"},"
                        + "{\"Name\":\"overlap-mode\",\"Value\":\"relative\"},"
                        + "{\"Name\":\"partitioning\",\"Value\":\"str\"},"
                        + "{\"Name\":\"pick\",\"Value\":\"min-overlap\"},"
                        + "{\"Name\":\"rewrite\",\"Value\":\"false\"},"
                        + "{\"Name\":\"seed\",\"Value\":\"0\"},"
                        + "{\"Name\":\"size-ratio\",\"Value\":\"10\"}],"
                        + "\"MergePolicySetOn\":\"index\",\"Comparator\":\"simple\",\"Partitioning\":\"str\","
                        + "\"MaxComponentEntries\":\"5000\"}",
                "{\"IndexName\":\"tieredLocation\",\"MergePolicy\":\"tiered\",\"MergePolicyParameters\":"
                        + "[{\"Name\":\"high-bucket\",\"Value\":\"1.2\"},{\"Name\":\"size-ratio\",\"Value\":\"4\"}],"
                        + "\"MergePolicySetOn\":\"index\",\"Comparator\":\"default\"}");
    }

    /** Neither the index nor any storage option of the dataverse's datasets is in the metadata. */
    private static void assertNothingCreated(QueryServiceClient client, String dataverse, String index) {
        assertThat(client.executeOrThrow("SELECT VALUE i FROM Metadata.`Index` i WHERE i.DataverseName = '" + dataverse
                + "' AND i.IndexName = '" + index + "';").results()).isEmpty();
        assertThat(client.executeOrThrow("SELECT VALUE h FROM Metadata.`Dataset` d, d.`Hints` h "
                + "WHERE d.DataverseName = '" + dataverse + "';").results()).isEmpty();
    }

    private static String freshDataverse(String name) {
        return "DROP DATAVERSE " + name + " IF EXISTS; CREATE DATAVERSE " + name + "; USE " + name + ";";
    }

    /**
     * {@code leveled} on a secondary B-tree: created on existing records (a bulk load), then rounds of inserts, deletes
     * and upserts, each flushed and merged into levels; range and point queries through the index find exactly the
     * records a model holds, and point lookups skip components, opening at most one per level &gt;= 1. The restart is
     * in {@code LeveledBTreeTest}.
     */
    @Test
    void aLeveledBTreeAnswersAsItsRecordsAndPrunesByKeyRange(QueryServiceClient client) throws Exception {
        LeveledBTreeWorkload workload = new LeveledBTreeWorkload(client, "LeveledBTreeDdl");
        workload.create();
        for (int round = 0; round < 4; round++) {
            workload.round();
        }
        LeveledWorkload.assertMergedIntoLevels(workload.partitions());
        workload.assertRangesMatch();
        workload.assertPointLookupsMatchAndPrune();
    }

    /**
     * {@code leveled} on each index organisation: its B-tree is a leveled B-tree with the secondary defaults, created
     * on existing records (a bulk load), then rounds of inserts, deletes and moving upserts, each flushed and merged
     * into levels; windows through each organisation find exactly the model's points and skip components by key
     * range, and kNN through each gives the model's nearest. The restart is in {@code LeveledOrganisationTest}.
     */
    @Test
    @Tag("extended") // about 18 s of rounds: over the default suite's budget for one case
    void leveledOrganisationsAnswerAsTheirRecordsAndPruneByKeyRange(QueryServiceClient client) throws Exception {
        LeveledOrganisationWorkload workload = new LeveledOrganisationWorkload(client, "LeveledOrganisationDdl");
        workload.create();
        for (int round = 0; round < 3; round++) {
            workload.round();
        }
        workload.partitions().values().forEach(LeveledWorkload::assertMergedIntoLevels);
        workload.assertWindowsMatchAndPrune();
        workload.assertNearestMatch();
        client.executeOrThrow("USE LeveledOrganisationDdl; CREATE INDEX defaults ON Places(dhvb) TYPE DHVBTREE"
                + " WITH {\"merge-policy\": {\"name\": \"leveled\"}};");
        assertThat(client.executeOrThrow("SELECT VALUE s.MergePolicyParameters FROM SpatialLsm.IndexStorage s"
                + " WHERE s.DataverseName = 'LeveledOrganisationDdl' AND s.IndexName = 'defaults';").results().get(0)
                .toString()).contains("{\"Name\":\"level0-components\",\"Value\":\"2\"}")
                .contains("{\"Name\":\"size-ratio\",\"Value\":\"4\"}")
                .contains("{\"Name\":\"partitioning\",\"Value\":\"size\"}");
    }

    /**
     * Beside a leveled primary index, the inverted indexes (KEYWORD, NGRAM, FULLTEXT) and the primary-key index run
     * their own stack policies (AsterixDB's default) and answer their queries; the primary-key index cannot be given
     * {@code leveled}: CREATE PRIMARY INDEX takes no WITH.
     */
    @Test
    void invertedAndPrimaryKeyIndexesBesideALeveledPrimaryKeepTheirOwnPolicies(QueryServiceClient client)
            throws Exception {
        client.executeOrThrow(freshDataverse("LeveledText") + TYPE + "CREATE DATASET Places(PlaceType) PRIMARY KEY id"
                + " WITH {\"merge-policy\": {\"name\": \"leveled\"}};"
                + " CREATE INDEX byWord ON Places(name) TYPE KEYWORD;"
                + " CREATE INDEX byGram ON Places(name) TYPE NGRAM(3);"
                + " CREATE INDEX byText ON Places(name) TYPE FULLTEXT; CREATE PRIMARY INDEX pkIndex ON Places;"
                + " INSERT INTO Places ([{\"id\": 1, \"name\": \"red river\", \"location\": create_point(1.0, 2.0)},"
                + " {\"id\": 2, \"name\": \"blue lake\", \"location\": create_point(3.0, 4.0)},"
                + " {\"id\": 3, \"name\": \"red lake\", \"location\": create_point(5.0, 6.0)}]);");
        new FlushDriver(client, "LeveledText", "Places").flush();
        client.executeOrThrow("USE LeveledText; DELETE FROM Places p WHERE p.id = 3;"
                + " INSERT INTO Places ([{\"id\": 4, \"name\": \"red sea\", \"location\": create_point(7.0, 8.0)}]);");
        new FlushDriver(client, "LeveledText", "Places").flush();
        var partitions = new LsmIntrospectionClient(client, Duration.ofMinutes(2)).components("LeveledText",
                "Places");
        assertThat(partitions).filteredOn(p -> p.where().index().equals("Places")).isNotEmpty()
                .allSatisfy(p -> assertThat(p.levels()).allMatch(level -> level.isPresent()));
        for (String index : List.of("byWord", "byGram", "byText", "pkIndex")) {
            assertThat(partitions).as(index).filteredOn(p -> p.where().index().equals(index)).isNotEmpty()
                    .allSatisfy(p -> assertThat(p.levels()).allMatch(level -> level.isEmpty()));
        }
        assertThat(ids(client, "LeveledText", "ftcontains(p.name, \"red\")")).containsExactly(1L, 4L);
        assertThat(ids(client, "LeveledText", "contains(p.name, \"lak\")")).containsExactly(2L);
        assertThat(ids(client, "LeveledText", "similarity_jaccard(word_tokens(p.name), word_tokens(\"red sea\"))"
                + " >= 0.3")).containsExactly(1L, 4L);
        assertThat(ids(client, "LeveledText", "p.id >= 2")).containsExactly(2L, 4L);

        QueryResult refused = client.execute("USE LeveledText; CREATE PRIMARY INDEX pk2 ON Places"
                + " WITH {\"merge-policy\": {\"name\": \"leveled\"}};");
        assertThat(refused.status()).isEqualTo("fatal");
        assertThat(refused.errors()).singleElement().asString().doesNotContain("\n");
        assertThat(client.executeOrThrow("SELECT VALUE i FROM Metadata.`Index` i WHERE i.DataverseName ="
                + " 'LeveledText' AND i.IndexName = 'pk2';").results()).as("index pk2").isEmpty();
    }

    private static List<Long> ids(QueryServiceClient client, String dataverse, String condition) {
        return client.executeOrThrow("USE " + dataverse + "; SELECT VALUE p.id FROM Places p WHERE " + condition
                + " ORDER BY p.id;").results().stream().map(JsonNode::asLong).toList();
    }
}

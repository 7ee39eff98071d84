package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SharedSpatialCluster;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code CREATE INDEX ... TYPE DHVBTREE} and the other organisation types: what the statement creates, what
 * {@code SpatialLsm.IndexStorage} shows, the one-line errors, and the DHVB index's answers against a full scan of
 * the same points in a dataset without a spatial index.
 */
@SharedSpatialCluster
class OrganisationDdlTest {

    private static final String TYPE = "CREATE TYPE PlaceType AS { id: int64, location: point, area: rectangle };";
    private static final String CIRCLE = "create_circle(create_point(-117.8, 33.6), 20.0)";
    private static final int POINTS = 600;

    @BeforeAll
    static void pointsWithADhvbIndexAndWithoutAny(QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("Org") + TYPE + """
                CREATE DATASET Places(PlaceType) PRIMARY KEY id;
                CREATE DATASET Unindexed(PlaceType) PRIMARY KEY id;
                CREATE INDEX dhvbLoc ON Places(location) TYPE DHVBTREE
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"k": 3}}};
                """);
        for (String dataset : List.of("Places", "Unindexed")) {
            client.executeOrThrow("USE Org; INSERT INTO " + dataset + " (" + places(0, POINTS) + ");");
        }
    }

    @Test
    void theViewShowsTheOrganisationAndTheIndexStaysALogicalRtree(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        assertThat(client.executeOrThrow("SELECT s.IndexStructure, s.MergePolicy, s.MergePolicyParameters, "
                + "s.MergePolicySetOn, s.Comparator, s.Organisation, s.OrganisationParameters FROM "
                + "SpatialLsm.IndexStorage s WHERE s.DataverseName = 'Org' AND s.IndexName = 'dhvbLoc';").results())
                .map(JsonNode::toString).containsExactly("{\"IndexStructure\":\"RTREE\",\"MergePolicy\":\"binomial\","
                        + "\"MergePolicyParameters\":[{\"Name\":\"k\",\"Value\":\"3\"}],\"MergePolicySetOn\":\"index\","
                        + "\"Organisation\":\"dhvb\",\"OrganisationParameters\":[]}");
        assertThat(StorageOptionsDdlTest.indexMetadata(cluster, "Org", "Places", "dhvbLoc"))
                .allSatisfy(json -> assertThat(json).contains("DhvbBTreeResource"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "unknown type       | location | QUADTREE | index badIndex: unknown index type QUADTREE; allowed: BTREE, "
                + "RTREE, KEYWORD, FULLTEXT, NGRAM(n), DHBTREE, DHVBTREE, SHBTREE(...), SIF(...)",
        "non-point DHVB     | area | DHVBTREE | index badIndex: TYPE DHVBTREE indexes points only; field area is a "
                + "rectangle",
        "non-point DHB      | area | DHBTREE | index badIndex: TYPE DHBTREE indexes points only; field area is a "
                + "rectangle",
        "non-point SIF      | area | SIF | index badIndex: TYPE SIF indexes points only; field area is a rectangle",
        "bad space          | location | `SHBTREE(180.0, -90.0, -180.0, 90.0)` | index badIndex: TYPE SHBTREE: grid "
                + "space 180,-90,-180,90 must have x1 < x2 and y1 < y2 (bottom-left corner, then top-right corner)",
        "unknown density    | location | `SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, q)` | index badIndex: "
                + "TYPE SHBTREE: unknown grid density 'q': expected l (4x4), m (8x8) or h (16x16)",
        "cap out of range   | area | `SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m, 100000)` | index badIndex: "
                + "TYPE SHBTREE: cells per object must be from 1 to 65536, was 100000",
        "parameter count    | location | `SIF(-180.0, -90.0, 180.0)` | index badIndex: TYPE SIF takes 4 or 10 "
                + "parameters (x1, y1, x2, y2[, six level densities l/m/h]); got 3",
        "no parameters      | location | `DHVBTREE(1)` | index badIndex: TYPE DHVBTREE takes no parameters; got 1",
        "comparator         | location | `DHVBTREE WITH {\"comparator\": \"hilbert\"}` | index badIndex: option "
                + "\"comparator\" does not apply to a DHVBTREE index; allowed: merge-policy",
    })
    void badOrganisationTypesAreRefusedInOneLineBeforeAnythingIsCreated(String problem, String field, String type,
            String expectedMessage, QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("BadOrg") + TYPE + "CREATE DATASET Places(PlaceType) PRIMARY KEY id;");

        QueryResult result = client.execute("USE BadOrg; CREATE INDEX badIndex ON Places(" + field + ") TYPE " + type
                + ";");

        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).singleElement().asString().contains(expectedMessage).doesNotContain("\n");
        assertThat(client.executeOrThrow("SELECT VALUE i FROM Metadata.`Index` i WHERE i.DataverseName = 'BadOrg' "
                + "AND i.IndexName = 'badIndex';").results()).isEmpty();
        assertThat(client.executeOrThrow("SELECT VALUE h FROM Metadata.`Dataset` d, d.`Hints` h WHERE "
                + "d.DataverseName = 'BadOrg';").results()).isEmpty();
    }

    @Test
    void aCorrelatedDatasetIsRefusedBecauseItsBulkLoadNeedsTheStockLoader(QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("Correlated") + TYPE + "CREATE DATASET Places(PlaceType) PRIMARY KEY id "
                + "WITH {\"merge-policy\": {\"name\": \"correlated-prefix\", \"parameters\": "
                + "{\"max-mergable-component-size\": 1048576, \"max-tolerance-component-count\": 3}}};");

        QueryResult result = client.execute("USE Correlated; CREATE INDEX loc ON Places(location) TYPE DHVBTREE;");

        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).singleElement().asString().contains("index loc: a DHVBTREE index cannot be "
                + "created on a dataset whose merge policy is correlated-prefix").doesNotContain("\n");
        assertThat(client.executeOrThrow("SELECT VALUE i FROM Metadata.`Index` i WHERE i.DataverseName = "
                + "'Correlated' AND i.IndexName = 'loc';").results()).isEmpty();
    }

    @Test
    void dmlKeepsTheAnswersEqualToAFullScan(QueryServiceClient client) {
        assertSameAsFullScan(client, "after inserts");
        for (String dataset : List.of("Places", "Unindexed")) {
            client.executeOrThrow("USE Org; DELETE FROM " + dataset + " p WHERE p.id % 4 = 0;");
            client.executeOrThrow("USE Org; UPSERT INTO " + dataset + " (" + places(POINTS, 100) + ");");
        }
        assertSameAsFullScan(client, "after deletes and upserts");
    }

    @Test
    void aConstantCircleUsesTheIndex(QueryServiceClient client) {
        String plan = client.executeOrThrow("USE Org; EXPLAIN SELECT VALUE p.id FROM Places p WHERE "
                + "spatial_intersect(p.location, " + CIRCLE + ");").plan();
        assertThat(plan).contains("RTREE_SEARCH").contains("dhvbLoc");
    }

    @Test
    void anIndexNestedLoopJoinUsesTheIndex(QueryServiceClient client) {
        String join = "SELECT VALUE [s.id, p.id] FROM Unindexed s, %s p WHERE s.id < 30 AND spatial_intersect("
                + "p.location, create_circle(s.location, 8.0)) /*+ indexnl */ ORDER BY s.id, p.id;";
        String indexed = String.format(join, "Places");
        assertThat(client.executeOrThrow("USE Org; EXPLAIN " + indexed).plan()).contains("dhvbLoc");
        List<JsonNode> scanned = client.executeOrThrow("USE Org; " + String.format(join, "Unindexed")).results();
        assertThat(scanned).hasSizeGreaterThan(30);
        assertThat(client.executeOrThrow("USE Org; " + indexed).results()).isEqualTo(scanned);
    }

    @Test
    void anIndexOnlyQueryAnswersAsAFullScan(QueryServiceClient client) {
        String indexOnly = "USE Org; SET `compiler.indexonly` \"true\"; ";
        String query = "SELECT VALUE [p.id, get_x(p.location), get_y(p.location)] FROM %s p WHERE "
                + "spatial_intersect(p.location, " + CIRCLE + ") ORDER BY p.id;";
        // An index-only plan splits the index's candidates: those it could lock go straight to the union.
        assertThat(client.executeOrThrow(indexOnly + "EXPLAIN " + String.format(query, "Places")).plan())
                .contains("dhvbLoc").contains("SPLIT").contains("UNION_ALL");
        List<JsonNode> scanned = client.executeOrThrow(indexOnly + String.format(query, "Unindexed")).results();
        assertThat(scanned).isNotEmpty();
        assertThat(client.executeOrThrow(indexOnly + String.format(query, "Places")).results()).isEqualTo(scanned);
    }

    @Test
    void createIndexOnExistingDataBuildsItFromABulkLoad(QueryServiceClient client) {
        for (String dataset : List.of("Existing", "ExistingScan")) {
            client.executeOrThrow("USE Org; DROP DATASET " + dataset + " IF EXISTS; CREATE DATASET " + dataset
                    + "(PlaceType) PRIMARY KEY id; INSERT INTO " + dataset + " (" + places(0, POINTS) + ");");
        }

        client.executeOrThrow("USE Org; CREATE INDEX existingLoc ON Existing(location) TYPE DHVBTREE;");

        assertThat(client.executeOrThrow("USE Org; EXPLAIN SELECT VALUE p.id FROM Existing p WHERE "
                + "spatial_intersect(p.location, " + CIRCLE + ");").plan()).contains("existingLoc");
        assertSameAsFullScan(client, "Existing", "ExistingScan", "after CREATE INDEX on existing data");
        for (String dataset : List.of("Existing", "ExistingScan")) {
            client.executeOrThrow("USE Org; INSERT INTO " + dataset + " (" + places(POINTS, 50) + ");");
        }
        assertSameAsFullScan(client, "Existing", "ExistingScan", "after inserts into the bulk-loaded index");
    }

    @Test
    void loadDatasetBulkLoadsTheIndex(QueryServiceClient client) throws IOException {
        Path file = Path.of("target", "organisation-places.adm").toAbsolutePath();
        Files.writeString(file, places(0, POINTS).replaceAll("^\\[|\\]$", "").replace("},{", "}\n{"));
        client.executeOrThrow("USE Org; DROP DATASET Loaded IF EXISTS; DROP DATASET LoadedScan IF EXISTS; "
                + "CREATE DATASET Loaded(PlaceType) PRIMARY KEY id; CREATE DATASET LoadedScan(PlaceType) PRIMARY KEY "
                + "id; CREATE INDEX loadedLoc ON Loaded(location) TYPE DHVBTREE;");

        for (String dataset : List.of("Loaded", "LoadedScan")) {
            client.executeOrThrow("USE Org; LOAD DATASET " + dataset + " USING localfs ((\"path\"=\"asterix_nc1://"
                    + file + "\"), (\"format\"=\"adm\"));");
        }

        assertThat(client.executeOrThrow("USE Org; SELECT VALUE COUNT(*) FROM Loaded p;").results().get(0).asInt())
                .isEqualTo(POINTS);
        assertSameAsFullScan(client, "Loaded", "LoadedScan", "after LOAD DATASET");
    }

    private static void assertSameAsFullScan(QueryServiceClient client, String when) {
        assertSameAsFullScan(client, "Places", "Unindexed", when);
    }

    private static void assertSameAsFullScan(QueryServiceClient client, String indexed, String scanned, String when) {
        Random random = new Random(11);
        for (int i = 0; i < 8; i++) {
            double x = random.nextDouble() * 300 - 150;
            double y = random.nextDouble() * 140 - 70;
            for (String region : List.of("create_circle(create_point(" + x + ", " + y + "), 15.0)",
                    "create_rectangle(create_point(" + x + ", " + y + "), create_point(" + (x + 30) + ", " + (y + 20)
                            + "))")) {
                List<Long> expected = ids(client, scanned, region);
                assertThat(ids(client, indexed, region)).as(when + ": " + region).isEqualTo(expected);
            }
        }
    }

    private static List<Long> ids(QueryServiceClient client, String dataset, String region) {
        return client.executeOrThrow("USE Org; SELECT VALUE p.id FROM " + dataset + " p WHERE spatial_intersect("
                + "p.location, " + region + ") ORDER BY p.id;").results().stream().map(JsonNode::asLong).toList();
    }

    /** Random points over the whole domain, every tenth on a corner. */
    private static String places(int from, int count) {
        Random random = new Random(from);
        StringBuilder array = new StringBuilder("[");
        for (int id = from; id < from + count; id++) {
            double x = id % 10 == 0 ? 180.0 : Math.round((random.nextDouble() * 360 - 180) * 1e4) / 1e4;
            double y = id % 10 == 0 ? -90.0 : Math.round((random.nextDouble() * 180 - 90) * 1e4) / 1e4;
            array.append(id == from ? "" : ",").append("{\"id\": ").append(id).append(", \"location\": point(\"")
                    .append(x).append(',').append(y).append("\"), \"area\": rectangle(\"0.0,0.0 1.0,1.0\")}");
        }
        return array.append(']').toString();
    }

    private static String freshDataverse(String name) {
        return "DROP DATAVERSE " + name + " IF EXISTS; CREATE DATAVERSE " + name + "; USE " + name + ";";
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SharedSpatialCluster;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Storage choices stated in SQL++: dataset and per-index merge policies, validation, persistence; what a restart
 * keeps of them is in {@link AfterARestartTest}.
 */
@SharedSpatialCluster
class StorageOptionsDdlTest {

    static final String TYPE = "CREATE TYPE PlaceType AS { id: int64, name: string, location: point };";

    @Test
    void datasetTakesNaturalParameterNamesAndNumbersWrittenEitherWay(QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("Natural") + TYPE + """
                CREATE DATASET ByK(PlaceType) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"k": 8}}};
                CREATE DATASET ByDecimalK(PlaceType) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "min-latency", "parameters": {"k": 5.0}}};
                CREATE DATASET ByStockName(PlaceType) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "bigtable", "parameters": {"num-components": 6}}};
                CREATE DATASET ByDefaults(PlaceType) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "exploring"}};
                """);

        assertThat(policyProperties(client, "Natural", "ByK")).containsExactly(Map.entry("k", "8"));
        assertThat(policyProperties(client, "Natural", "ByDecimalK")).containsExactly(Map.entry("k", "5"));
        assertThat(policyProperties(client, "Natural", "ByStockName")).containsExactly(Map.entry("k", "6"));
        assertThat(policyProperties(client, "Natural", "ByDefaults")).containsOnly(Map.entry("k", "10"),
                Map.entry("lambda", "1.2"), Map.entry("min-merge", "3"), Map.entry("max-merge", "10"));
    }

    @Test
    void stockPoliciesKeepTheirStockSyntax(QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("Stock") + TYPE + """
                CREATE DATASET Prefixed(PlaceType) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "prefix", "parameters": {"max-mergable-component-size": 1048576,
                        "max-tolerance-component-count": 3}}};
                """);
        assertThat(policyProperties(client, "Stock", "Prefixed")).containsOnly(
                Map.entry("max-mergable-component-size", "1048576"), Map.entry("max-tolerance-component-count", "3"));

        // The stock closed-type check still applies to stock policies: size-ratio must be a double literal.
        QueryResult wrongType = client.execute("USE Stock; CREATE DATASET Concurrent(PlaceType) PRIMARY KEY id "
                + "WITH {\"merge-policy\": {\"name\": \"concurrent\", \"parameters\": {\"max-component-count\": 30, "
                + "\"min-merge-component-count\": 3, \"max-merge-component-count\": 10, \"size-ratio\": 2}}};");
        assertThat(wrongType.errors()).singleElement().asString().contains("size-ratio").contains("double");
    }

    @Test
    void indexRunsItsOwnMergePolicyWhileThePrimaryKeepsTheDatasets(SpatialTestCluster cluster) throws IOException {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow(freshDataverse("OwnPolicies") + TYPE + """
                CREATE DATASET Places(PlaceType) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"k": 8}}};
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE
                  WITH {"merge-policy": {"name": "tiered", "parameters": {"size-ratio": 4}}};
                CREATE INDEX nameIndex ON Places(name) TYPE BTREE
                  WITH {"merge-policy": {"name": "prefix", "parameters": {"max-mergable-component-size": 1048576,
                        "max-tolerance-component-count": 3}}};
                CREATE INDEX plainIndex ON Places(name);
                INSERT INTO Places ([{"id": 1, "name": "a", "location": point("1.0,1.0")},
                                     {"id": 2, "name": "b", "location": point("8.0,8.0")}]);
                """);

        assertThat(indexMetadata(cluster, "OwnPolicies", "Places", "Places")).allSatisfy(
                json -> assertThat(json).contains("SpatialLsmBinomialMergePolicyFactory").contains("\"k\":\"8\""));
        assertThat(indexMetadata(cluster, "OwnPolicies", "Places", "locationIndex")).allSatisfy(
                json -> assertThat(json).contains("SpatialLsmTieredMergePolicyFactory")
                        .contains("\"size-ratio\":\"4\""));
        assertThat(indexMetadata(cluster, "OwnPolicies", "Places", "nameIndex"))
                .allSatisfy(json -> assertThat(json).contains("PrefixMergePolicyFactory"));
        assertThat(indexMetadata(cluster, "OwnPolicies", "Places", "plainIndex"))
                .allSatisfy(json -> assertThat(json).contains("SpatialLsmBinomialMergePolicyFactory"));
        assertThat(client.executeOrThrow("USE OwnPolicies; SELECT VALUE p.id FROM Places p WHERE spatial_intersect("
                + "p.location, create_rectangle(create_point(0.0, 0.0), create_point(2.0, 2.0)));").results())
                .extracting(JsonNode::asLong).containsExactly(1L);
    }

    @Test
    void ifNotExistsKeepsTheOptionsOfTheExistingIndexAndDropIndexForgetsThem(QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("Lifecycle") + TYPE + """
                CREATE DATASET Places(PlaceType) PRIMARY KEY id;
                CREATE INDEX locationIndex ON Places(location) TYPE RTREE
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"k": 3}}};
                """);
        QueryResult other = client.executeOrThrow("USE Lifecycle; CREATE INDEX locationIndex IF NOT EXISTS ON "
                + "Places(location) TYPE RTREE WITH {\"merge-policy\": {\"name\": \"tiered\"}};");
        QueryResult same = client.executeOrThrow("USE Lifecycle; CREATE INDEX locationIndex IF NOT EXISTS ON "
                + "Places(location) TYPE RTREE WITH {\"merge-policy\": {\"name\": \"binomial\", \"parameters\": "
                + "{\"k\": 3}}};");

        assertThat(hints(client, "Lifecycle", "Places")).containsEntry("spatial-lsm/locationIndex/merge-policy",
                "binomial");
        assertThat(other.warnings()).containsExactly("1: index locationIndex exists already, with other storage "
                + "options than this statement's; IF NOT EXISTS left it as it is (drop it and create it again to "
                + "change them)");
        assertThat(same.warnings()).isEmpty();

        client.executeOrThrow("USE Lifecycle; DROP INDEX Places.locationIndex;");
        assertThat(hints(client, "Lifecycle", "Places")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "unknown option        | {\"merge-policy\": {\"name\": \"tiered\"}, \"colour\": \"red\"} | RTREE | unknown "
                + "index option \"colour\"",
        "unknown parameter     | {\"merge-policy\": {\"name\": \"tiered\", \"parameters\": {\"k\": 3}}} | RTREE | "
                + "merge policy 'tiered': unknown parameter 'k' (value '3'); allowed parameters: size-ratio (0.9.8: "
                + "num-components), high-bucket (0.9.8: size-ratio)",
        "wrong type            | {\"merge-policy\": {\"name\": \"binomial\", \"parameters\": {\"k\": \"four\"}}} | "
                + "RTREE | must be a number",
        "out of range          | {\"merge-policy\": {\"name\": \"binomial\", \"parameters\": {\"k\": 0}}} | RTREE | "
                + "merge policy 'binomial': invalid value '0' for parameter 'k' (allowed: an integer from 1 to 1000)",
        "unknown policy        | {\"merge-policy\": {\"name\": \"binomal\"}} | RTREE | unknown merge policy "
                + "\"binomal\"",
        "dataset-only policy   | {\"merge-policy\": {\"name\": \"correlated-prefix\"}} | RTREE | dataset only",
        "comparator on B-tree  | {\"comparator\": \"simple\"} | BTREE | only to R-tree",
        "unknown comparator    | {\"comparator\": \"peano\"} | RTREE | hilbert, zorder, simple, hilbert-stock, "
                + "zorder-stock",
    })
    void badIndexOptionsAreRejectedBeforeAnythingIsCreated(String problem, String with, String type,
            String expectedMessage, QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("Bad") + TYPE + "CREATE DATASET Places(PlaceType) PRIMARY KEY id;");
        String field = "RTREE".equals(type) ? "location" : "name";

        QueryResult result = client.execute("USE Bad; CREATE INDEX badIndex ON Places(" + field + ") TYPE " + type
                + " WITH " + with + ";");

        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).singleElement().asString().contains(expectedMessage);
        assertThat(client.executeOrThrow("SELECT VALUE i FROM Metadata.`Index` i WHERE i.DataverseName = 'Bad' "
                + "AND i.IndexName = 'badIndex';").results()).isEmpty();
        assertThat(hints(client, "Bad", "Places")).isEmpty();
    }

    @Test
    void stockPolicyParametersOfAnIndexGetAsterixdbsCheck(QueryServiceClient client) {
        client.executeOrThrow(freshDataverse("StockIndex") + TYPE + "CREATE DATASET Places(PlaceType) PRIMARY KEY id;");
        QueryResult result = client.execute("USE StockIndex; CREATE INDEX nameIndex ON Places(name) "
                + "WITH {\"merge-policy\": {\"name\": \"prefix\", "
                + "\"parameters\": {\"max-tolerance-component-count\": 3}}};");

        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).singleElement().asString().contains("max-mergable-component-size");
        assertThat(hints(client, "StockIndex", "Places")).isEmpty();
    }

    static String freshDataverse(String name) {
        return "DROP DATAVERSE " + name + " IF EXISTS; CREATE DATAVERSE " + name + "; USE " + name + ";";
    }

    private static Map<String, String> policyProperties(QueryServiceClient client, String dataverse, String dataset) {
        return nameValues(client, "CompactionPolicyProperties", dataverse, dataset);
    }

    static Map<String, String> hints(QueryServiceClient client, String dataverse, String dataset) {
        return nameValues(client, "Hints", dataverse, dataset);
    }

    private static Map<String, String> nameValues(QueryServiceClient client, String field, String dataverse,
            String dataset) {
        List<JsonNode> entries = client.executeOrThrow("SELECT VALUE p FROM Metadata.`Dataset` d, d.`" + field + "`"
                + " p WHERE d.DataverseName = '" + dataverse + "' AND d.DatasetName = '" + dataset + "';").results();
        return entries.stream().collect(Collectors.toMap(e -> e.get("Name").asText(), e -> e.get("Value").asText()));
    }

    /** The .metadata JSON of every partition of one index (the primary index carries the dataset's name). */
    static List<String> indexMetadata(SpatialTestCluster cluster, String dataverse, String dataset, String index)
            throws IOException {
        try (Stream<Path> files = Files.walk(cluster.storageRoot())) {
            List<Path> paths = files.filter(p -> p.getFileName().toString().equals(".metadata"))
                    .filter(p -> p.getParent().getFileName().toString().equals(index))
                    .filter(p -> p.toString().contains("/" + dataverse + "/" + dataset + "/")).toList();
            assertThat(paths).as("partitions of %s.%s.%s", dataverse, dataset, index).hasSize(2);
            return paths.stream().map(StorageOptionsDdlTest::read).toList();
        }
    }

    private static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.asterixdb.merge.EngineMergePolicies;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/** Our merge policies are known to AsterixDB, usable in DDL, validated, persisted, and survive a restart. */
@ExtendWith(SpatialClusterExtension.class)
class MergePolicyRegistrationTest {

    @Test
    void metadataListsStockAndSpatialLsmPolicies(QueryServiceClient client) {
        List<String> names = client.executeOrThrow(
                "SELECT VALUE p.CompactionPolicy FROM Metadata.`CompactionPolicy` p ORDER BY p.CompactionPolicy;")
                .results().stream().map(JsonNode::asText).toList();

        assertThat(names).contains("prefix", "concurrent", "constant", "no-merge", "correlated-prefix");
        assertThat(names).containsAll(EngineMergePolicies.ALL.stream().map(EngineMergePolicies.Registration::policyName)
                .toList());
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
        assertThat(indexMetadataFiles(cluster.storageRoot(), "Places"))
                .isNotEmpty()
                .allSatisfy(metadata -> assertThat(Files.readString(metadata))
                        .contains("SpatialLsmBinomialMergePolicyFactory"));
    }

    @Test
    void misspelledPolicyAndDuplicateKeyAreOneLineErrorsAndCreateNothing(QueryServiceClient client) {
        String prelude = "DROP DATAVERSE BadPolicy IF EXISTS; CREATE DATAVERSE BadPolicy; USE BadPolicy; "
                + "CREATE TYPE T AS { id: int64 };";
        QueryResult misspelled = client.execute(prelude
                + "CREATE DATASET D(T) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"binomal\", "
                + "\"parameters\": {\"k\": 4}}};");
        QueryResult duplicate = client.execute(prelude
                + "CREATE DATASET D(T) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"binomial\", "
                + "\"parameters\": {\"k\": 4, \"k\": 5}}};");

        assertThat(misspelled.status()).isEqualTo("fatal");
        assertThat(misspelled.errors()).singleElement().asString()
                .contains("unknown merge policy \"binomal\"; known policies: bigtable, binomial, concurrent")
                .doesNotContain("Subfield").doesNotContain("\n");
        assertThat(duplicate.status()).isEqualTo("fatal");
        assertThat(duplicate.errors()).singleElement().asString()
                .contains("duplicate key \"k\" in \"merge-policy.parameters\"; give each key once");
        assertThat(datasetExists(client, "BadPolicy", "D")).isFalse();
    }

    @Test
    void outOfRangeParameterIsRejectedBeforeAnythingIsCreated(QueryServiceClient client) {
        QueryResult result = client.execute("""
                DROP DATAVERSE BadParameter IF EXISTS; CREATE DATAVERSE BadParameter; USE BadParameter;
                CREATE TYPE T AS { id: int64 };
                CREATE DATASET D(T) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"num-components": 0}}};
                """);

        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).singleElement().asString().contains(
                "merge policy 'binomial': invalid value '0' for parameter 'k' (allowed: an integer from 1 to 1000)");
        assertThat(datasetExists(client, "BadParameter", "D")).isFalse();
    }

    @Test
    void parameterOfAnotherPolicyIsRejected(QueryServiceClient client) {
        QueryResult result = client.execute("""
                DROP DATAVERSE WrongParameter IF EXISTS; CREATE DATAVERSE WrongParameter; USE WrongParameter;
                CREATE TYPE T AS { id: int64 };
                CREATE DATASET D(T) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"size-ratio": 1.5}}};
                """);

        assertThat(result.status()).isEqualTo("fatal");
        assertThat(result.errors()).singleElement().asString().contains("size-ratio");
        assertThat(datasetExists(client, "WrongParameter", "D")).isFalse();
    }

    private static boolean datasetExists(QueryServiceClient client, String dataverse, String dataset) {
        return !client.executeOrThrow("SELECT VALUE d FROM Metadata.`Dataset` d WHERE d.DataverseName = '"
                + dataverse + "' AND d.DatasetName = '" + dataset + "';").results().isEmpty();
    }

    private static List<Long> ids(QueryResult result) {
        return result.results().stream().map(JsonNode::asLong).toList();
    }

    /** The .metadata file of every index partition of the dataset (primary and secondary). */
    private static List<Path> indexMetadataFiles(Path storageRoot, String dataset) throws IOException {
        try (Stream<Path> files = Files.walk(storageRoot)) {
            return files.filter(p -> p.getFileName().toString().equals(".metadata"))
                    .filter(p -> p.toString().contains("/" + dataset + "/")).toList();
        }
    }
}

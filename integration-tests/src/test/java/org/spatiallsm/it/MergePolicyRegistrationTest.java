package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.asterixdb.merge.EngineMergePolicies;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SharedSpatialCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Our merge policies are known to AsterixDB, usable in DDL and validated; that they are persisted and survive a
 * restart is in {@link AfterARestartTest}.
 */
@SharedSpatialCluster
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
}

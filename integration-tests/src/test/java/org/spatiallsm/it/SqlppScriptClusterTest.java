package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.SqlppScript;
import org.spatiallsm.testcluster.SharedSpatialCluster;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The requests {@link SqlppScript} makes of a script, as `spatial-lsm sqlpp` sends them, against a real cluster: every
 * statement answers with its own results, and the session statements carry over.
 */
@SharedSpatialCluster
class SqlppScriptClusterTest {

    /** The results of each statement of the script, one string of JSON values per statement. */
    private static List<String> run(QueryServiceClient client, String script) {
        List<String> results = new ArrayList<>();
        for (SqlppScript.Statement statement : SqlppScript.parse(script).statements()) {
            QueryResult result = client.execute(statement.request());
            assertThat(result.isSuccess()).as("statement %d: %s -> %s", statement.number(), statement.request(),
                    result.errors()).isTrue();
            results.add(result.results().stream().map(JsonNode::toString).collect(Collectors.joining(",", "[", "]")));
        }
        return results;
    }

    @Test
    void everyQueryOfAScriptAnswersWithItsOwnResults(SpatialTestCluster cluster) {
        assertThat(run(cluster.client(), "SELECT VALUE 1; SELECT VALUE 2;\nSELECT VALUE \"a;b\" -- c;\n;"))
                .containsExactly("[1]", "[2]", "[\"a;b\"]");
    }

    @Test
    void aDdlSequenceRunsInTheDataverseItUses(SpatialTestCluster cluster) {
        List<String> results = run(cluster.client(), """
                DROP DATAVERSE ScriptTour IF EXISTS;
                CREATE DATAVERSE ScriptTour;
                USE ScriptTour;
                CREATE TYPE CheckIn AS { id: int64, location: point, message: string };
                CREATE DATASET CheckIns(CheckIn) PRIMARY KEY id
                  WITH {"merge-policy": {"name": "binomial", "parameters": {"k": 4}}};
                CREATE INDEX locationIndex ON CheckIns(location) TYPE RTREE
                  WITH {"merge-policy": {"name": "tiered", "parameters": {"size-ratio": 4}}};
                INSERT INTO CheckIns ([{"id": 1, "location": point("1.0,1.0"), "message": "x; y"},
                                       {"id": 2, "location": point("5.0,5.0"), "message": "/* not a comment */"}]);
                /* count; them */ SELECT VALUE COUNT(*) FROM CheckIns;
                SELECT VALUE c.message FROM CheckIns c ORDER BY c.id;
                SET `compiler.joinmemory` "64MB";
                DECLARE FUNCTION twice(x) { x * 2 };
                SELECT VALUE twice(COUNT(*)) FROM CheckIns;
                SELECT VALUE s.MergePolicy FROM SpatialLsm.IndexStorage s
                  WHERE s.DataverseName = "ScriptTour" ORDER BY s.IndexName;
                DROP DATAVERSE ScriptTour;
                SELECT VALUE 3;
                """);

        assertThat(results).containsExactly("[]", "[]", "[]", "[]", "[]", "[]", "[]", "[2]",
                "[\"x; y\",\"/* not a comment */\"]", "[]", "[]", "[4]", "[\"binomial\",\"tiered\"]", "[]", "[3]");
    }
}

package org.spatiallsm.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ClusterHealthTest {

    private static final URI CC = URI.create("http://127.0.0.1:19002");

    /** What 0.9.8's /admin/cluster answered 46 s after nc2 of a 2-NC cluster was killed (trimmed). */
    private static final String NC2_FAILED = """
            {"state": "UNUSABLE", "metadata_node": "nc1", "ncs": [
              {"node_id": "nc1", "state": "ACTIVE", "partitions": [{"partition_id": "partition_0", "active": true}]},
              {"node_id": "nc2", "state": "FAILED", "partitions": [{"partition_id": "partition_1", "active": false}]}
            ]}""";

    private static ClusterHealth health(String json) throws IOException {
        return ClusterHealth.fromAdminCluster(QueryServiceClient.parseJson(json));
    }

    @Test
    void readsTheClusterStateAndEveryNodesState() throws IOException {
        ClusterHealth health = health(NC2_FAILED);

        assertThat(health.state()).isEqualTo("UNUSABLE");
        assertThat(health.nodeStates()).containsExactly(Map.entry("nc1", "ACTIVE"),
                Map.entry("nc2", "FAILED"));
        assertThat(health.nodesNotActive()).containsExactly("nc2");
    }

    @Test
    void anUnusableClusterNamesTheNodeToBringBack() throws IOException {
        assertThat(health(NC2_FAILED).problem(CC)).hasValue("the cluster at http://127.0.0.1:19002 is UNUSABLE, not "
                + "ACTIVE: node nc2 is FAILED (down or unreachable from the cluster controller); restart it as "
                + "docs/configuration.md says under \"When a node controller fails\"");
    }

    @Test
    void everyNodeThatIsNotActiveIsNamed() throws IOException {
        assertThat(health("""
                {"state": "UNUSABLE", "ncs": [{"node_id": "a", "state": "FAILED"}, {"node_id": "b", "state": "ACTIVE"},
                  {"node_id": "c", "state": "INACTIVE"}]}""").problem(CC)).hasValueSatisfying(line -> assertThat(line)
                        .contains(": node a is FAILED, node c is INACTIVE (").contains("restart them as")
                        .doesNotContain("node b"));
    }

    @Test
    void aClusterThatIsNotActiveWithoutAFailedNodeSaysItsState() throws IOException {
        assertThat(health("{\"state\": \"PENDING\", \"ncs\": [{\"node_id\": \"nc1\", \"state\": \"ACTIVE\"}]}")
                .problem(CC)).hasValue("the cluster at http://127.0.0.1:19002 is PENDING, not ACTIVE");
    }

    @Test
    void anActiveClusterHasNoProblem() throws IOException {
        assertThat(health("{\"state\": \"ACTIVE\", \"ncs\": [{\"node_id\": \"nc1\", \"state\": \"ACTIVE\"}]}")
                .problem(CC)).isEmpty();
    }

    @Test
    void anAnswerWithoutAStateIsUnknownAndLeavesTheCallersErrorStanding() throws IOException {
        assertThat(health("{}").state()).isEqualTo(ClusterHealth.UNKNOWN);
        assertThat(health("{}").problem(CC)).isEmpty();
        assertThat(ClusterHealth.fromAdminCluster(null).problem(CC)).isEmpty();
    }
}

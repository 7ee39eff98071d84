package org.spatiallsm.client;

import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The cluster's state as the cluster controller's {@code /admin/cluster} reports it, and each node controller's.
 * A cluster that is not ACTIVE refuses every statement ("Cannot execute request, cluster is UNUSABLE"): after a node
 * controller dies the cluster stays UNUSABLE until that node is back, so the user needs to know which node it is.
 *
 * @param state the cluster's state, e.g. ACTIVE, UNUSABLE, or UNKNOWN when the answer did not say
 * @param nodeStates every node controller the cluster controller knows, in its order, and its state (ACTIVE,
 *            FAILED, INACTIVE, PARTIALLY_ACTIVE)
 */
public record ClusterHealth(String state, Map<String, String> nodeStates) {

    public static final String ACTIVE = "ACTIVE";
    public static final String UNKNOWN = "UNKNOWN";

    public ClusterHealth {
        nodeStates = Collections.unmodifiableMap(new LinkedHashMap<>(nodeStates));
    }

    /** Reads {@code {"state": "UNUSABLE", "ncs": [{"node_id": "nc2", "state": "FAILED", ...}, ...], ...}}. */
    public static ClusterHealth fromAdminCluster(JsonNode json) {
        if (json == null) {
            return new ClusterHealth(UNKNOWN, Map.of());
        }
        Map<String, String> nodes = new LinkedHashMap<>();
        for (JsonNode nc : json.path("ncs")) {
            nodes.put(nc.path("node_id").asText(), nc.path("state").asText(UNKNOWN));
        }
        return new ClusterHealth(json.path("state").asText(UNKNOWN), nodes);
    }

    /** The node controllers that are not ACTIVE, in the cluster controller's order. */
    public List<String> nodesNotActive() {
        return nodeStates.entrySet().stream().filter(node -> !ACTIVE.equals(node.getValue())).map(Map.Entry::getKey)
                .toList();
    }

    /**
     * One line that says why the cluster at {@code endpoint} cannot serve, and which nodes to bring back; empty when
     * it is ACTIVE or its state is unknown (then the caller's own error is the better one).
     */
    public Optional<String> problem(URI endpoint) {
        if (ACTIVE.equals(state) || UNKNOWN.equals(state)) {
            return Optional.empty();
        }
        StringBuilder line = new StringBuilder("the cluster at ").append(endpoint).append(" is ").append(state)
                .append(", not ACTIVE");
        List<String> down = nodesNotActive();
        if (!down.isEmpty()) {
            line.append(": ");
            for (int i = 0; i < down.size(); i++) {
                line.append(i == 0 ? "" : ", ").append("node ").append(down.get(i)).append(" is ")
                        .append(nodeStates.get(down.get(i)));
            }
            line.append(" (down or unreachable from the cluster controller); restart ")
                    .append(down.size() == 1 ? "it" : "them").append(" as docs/configuration.md says under "
                            + "\"When a node controller fails\"");
        }
        return Optional.of(line.toString());
    }
}

package org.spatiallsm.client.lsm;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.QueryServiceUnavailableException;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.EntriesListing;
import org.spatiallsm.introspection.IndexEvent;
import org.spatiallsm.introspection.IntrospectionJson;
import org.spatiallsm.introspection.LostEvents;
import org.spatiallsm.introspection.LsmEventLine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * Client of the LSM introspection endpoints that every spatial-lsm node controller serves on its API port
 * ({@code /spatial-lsm/components}, {@code /spatial-lsm/flush}, {@code /spatial-lsm/events},
 * {@code /spatial-lsm/entries}). The node list and each node's address come from the cluster controller's
 * {@code /admin/cluster}.
 */
public final class LsmIntrospectionClient {

    /** One node controller and the base URI of its API server. */
    public record Node(String id, URI api) {
    }

    private static final long ANSWER_MARGIN_SECONDS = 5;

    private final QueryServiceClient cc;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final Duration timeout;
    private List<Node> nodes;

    /** @param timeout per request; a flush waits for lagging merges, so give it room */
    public LsmIntrospectionClient(QueryServiceClient cc, Duration timeout) {
        this.cc = cc;
        this.timeout = timeout;
    }

    /** The cluster's node controllers, asked once. */
    public synchronized List<Node> nodes() {
        if (nodes == null) {
            List<Node> found = new ArrayList<>();
            for (JsonNode nc : cc.adminJson("/admin/cluster").path("ncs")) {
                String id = nc.path("node_id").asText();
                JsonNode settings = ncSection(cc.adminJson("/admin/cluster/node/" + id + "/config"));
                String host = settings.path("public.address").asText(settings.path("address").asText());
                found.add(new Node(id, URI.create("http://" + host + ":" + settings.path("nc.api.port").asInt())));
            }
            if (found.isEmpty()) {
                throw new QueryServiceUnavailableException("the cluster at " + cc.endpoint() + " lists no node "
                        + "controllers", null);
            }
            nodes = List.copyOf(found);
        }
        return nodes;
    }

    /** The [nc] section of a node's configuration: {"config": [{"section": "nc", "properties": {...}}, ...]}. */
    private static JsonNode ncSection(JsonNode nodeConfig) {
        for (JsonNode section : nodeConfig.path("config")) {
            if ("nc".equals(section.path("section").asText())) {
                return section.path("properties");
            }
        }
        throw new QueryServiceUnavailableException("the cluster controller's node configuration has no [nc] section",
                null);
    }

    /** The disk components of every index partition of the dataset, on every node. */
    public List<IndexComponents> components(String dataverse, String dataset) {
        return IndexComponents.fromListings(typedListings(dataverse, dataset));
    }

    /** Every node's {@code /spatial-lsm/components} answer, every field of it (docs/introspection.md). */
    public List<ComponentsListing> typedListings(String dataverse, String dataset) {
        List<ComponentsListing> all = new ArrayList<>();
        for (Node node : nodes()) {
            all.add(listing(node, get(node, "/spatial-lsm/components", dataverse, dataset)));
        }
        return all;
    }

    /**
     * Every node's {@code /spatial-lsm/entries} answer: each entry of each disk component of the dataset's leveled
     * R-tree partitions. Each partition's flush installs and new searches wait while its node reads it.
     */
    public List<EntriesListing> entries(String dataverse, String dataset) {
        List<EntriesListing> all = new ArrayList<>();
        for (Node node : nodes()) {
            JsonNode answer = get(node, "/spatial-lsm/entries", dataverse, dataset);
            try {
                all.add(IntrospectionJson.entriesListing(answer));
            } catch (IllegalArgumentException e) {
                throw new NodeRequestFailedException("node " + node.id() + " answered " + e.getMessage());
            }
        }
        return all;
    }

    /**
     * Flushes the dataset on every node and waits until the flushes are installed (and the merge policy has seen
     * them); returns the components afterwards. Each node waits at most this client's timeout (less a margin for the
     * answer) and then answers with an error rather than letting the request time out.
     */
    public List<IndexComponents> flush(String dataverse, String dataset) {
        List<IndexComponents> all = new ArrayList<>();
        for (Node node : nodes()) {
            String answer = send(node, flushRequest(node, dataverse, dataset, true));
            all.addAll(IndexComponents.fromListing(listing(node, parse(node, answer))));
        }
        return all;
    }

    /**
     * Flushes the dataset on every node and waits as {@link #flush} does, without asking for the components: what a
     * loader that flushes after every batch wants, since a node's listing takes longer the more components it has.
     */
    public void flushWithoutListing(String dataverse, String dataset) {
        for (Node node : nodes()) {
            parse(node, send(node, flushRequest(node, dataverse, dataset, false)));
        }
    }

    private HttpRequest flushRequest(Node node, String dataverse, String dataset, boolean listing) {
        return HttpRequest.newBuilder(node.api().resolve("/spatial-lsm/flush")).timeout(timeout)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(query(dataverse, dataset) + "&timeoutSeconds="
                        + flushTimeoutSeconds() + (listing ? "" : "&listing=false"))).build();
    }

    /** What a node may wait for its flushes: the request's timeout less {@value #ANSWER_MARGIN_SECONDS} s. */
    private long flushTimeoutSeconds() {
        return Math.max(1, timeout.toSeconds() - ANSWER_MARGIN_SECONDS);
    }

    /**
     * The LSM events of the dataset as it exists now (not of an earlier dataset of the same name), node by node,
     * each node's in the order they happened.
     *
     * @throws IllegalArgumentException   if there is no such dataset
     * @throws NodeRequestFailedException if a node's event files miss some of the dataset's events (lost or rotated
     *                                    away): a partial list would mislead whoever analyses it
     */
    public List<LsmEvent> events(String dataverse, String dataset) {
        String incarnation = "&datasetId=" + datasetId(dataverse, dataset);
        List<LsmEvent> all = new ArrayList<>();
        for (Node node : nodes()) {
            HttpRequest request = HttpRequest.newBuilder(node.api().resolve("/spatial-lsm/events?"
                    + query(dataverse, dataset) + incarnation)).timeout(timeout).GET().build();
            for (String line : send(node, request).lines().toList()) {
                if (!line.isBlank()) {
                    eventLine(node, line).ifPresent(event -> {
                        if (event instanceof LostEvents lost) {
                            throw new NodeRequestFailedException(lost.message());
                        }
                        all.add(LsmEvent.of((IndexEvent) event));
                    });
                }
            }
        }
        return all;
    }

    /** Empty for a kind of event this client does not know: it says nothing about the kinds it knows. */
    private static Optional<LsmEventLine> eventLine(Node node, String line) {
        try {
            return IntrospectionJson.eventLine(line);
        } catch (IllegalArgumentException e) {
            throw new NodeRequestFailedException("node " + node.id() + " answered an event line that is "
                    + e.getMessage());
        }
    }

    /**
     * The dataset's id in Metadata.Dataset, which tells it apart from an earlier dataset of the same name.
     *
     * @throws IllegalArgumentException if there is no such dataset
     */
    public int datasetId(String dataverse, String dataset) {
        List<JsonNode> ids = cc.executeOrThrow("SELECT VALUE d.DatasetId FROM Metadata.`Dataset` d WHERE "
                + "d.DataverseName = " + stringLiteral(dataverse) + " AND d.DatasetName = " + stringLiteral(dataset)
                + ";").results();
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("there is no dataset " + dataverse + "." + dataset);
        }
        return ids.get(0).asInt();
    }

    /** A SQL++ string literal; JSON's escaping is valid SQL++. */
    private static String stringLiteral(String value) {
        return TextNode.valueOf(value).toString();
    }

    private JsonNode get(Node node, String path, String dataverse, String dataset) {
        HttpRequest request = HttpRequest.newBuilder(node.api().resolve(path + "?" + query(dataverse, dataset)))
                .timeout(timeout).GET().build();
        return parse(node, send(node, request));
    }

    private String send(Node node, HttpRequest request) {
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new QueryServiceUnavailableException(cc.health().problem(cc.endpoint()).orElse("node " + node.id()
                    + " does not answer at " + node.api() + ": it is down, or its nc.api.port cannot be reached from "
                    + "here (the cluster controller still counts it ACTIVE; it notices a dead node after about 50 s)"),
                    e);
        } catch (IOException e) {
            throw new QueryServiceUnavailableException("node " + node.id() + " at " + node.api() + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryServiceUnavailableException("interrupted while waiting for node " + node.id(), e);
        }
        if (response.statusCode() == 404) {
            throw new NodeRequestFailedException("node " + node.id() + " does not serve " + request.uri().getPath()
                    + " (does it run spatial-lsm's NC application, bin/spatialnc?)");
        }
        if (response.statusCode() != 200) {
            String error = response.body();
            try {
                error = QueryServiceClient.parseJson(error).path("error").asText(error);
            } catch (IOException e) {
                // not JSON: report the body as it is
            }
            throw new NodeRequestFailedException("node " + node.id() + " answered HTTP " + response.statusCode()
                    + " to " + request.uri().getPath() + ": " + error);
        }
        return response.body();
    }

    private static ComponentsListing listing(Node node, JsonNode answer) {
        try {
            return IntrospectionJson.listing(answer);
        } catch (IllegalArgumentException e) {
            throw new NodeRequestFailedException("node " + node.id() + " answered " + e.getMessage());
        }
    }

    private static JsonNode parse(Node node, String body) {
        try {
            return QueryServiceClient.parseJson(body);
        } catch (IOException e) {
            throw new NodeRequestFailedException("node " + node.id() + " answered something that is not JSON: " + e);
        }
    }

    private static String query(String dataverse, String dataset) {
        return "dataverse=" + URLEncoder.encode(dataverse, StandardCharsets.UTF_8) + "&dataset="
                + URLEncoder.encode(dataset, StandardCharsets.UTF_8);
    }
}

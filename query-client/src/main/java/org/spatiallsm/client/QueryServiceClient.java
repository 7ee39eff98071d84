package org.spatiallsm.client;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Runs SQL++ through AsterixDB's HTTP query service ({@code POST /query/service}). One request may hold several
 * statements; the service answers with one JSON document whatever the outcome.
 */
public final class QueryServiceClient {

    public static final URI DEFAULT_ENDPOINT = URI.create("http://127.0.0.1:19002");
    /**
     * AsterixDB writes NaN and infinite doubles bare ({@code [NaN, 1.0]}, {@code Infinity}), which strict JSON has no
     * words for: read them, and write them back the same way.
     */
    private static final ObjectMapper JSON = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS).build();
    /** How long to wait for the endpoint to accept a connection; a cluster on the network accepts in far less. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    /** How many warnings a request's answer lists at most (its {@code warningCount} metric counts them all). */
    static final int MAX_WARNINGS = 100;

    private final URI endpoint;
    private final HttpClient http;
    private final Duration timeout;

    /** @param timeout how long to wait for the answer to a request of statements */
    public QueryServiceClient(URI endpoint, Duration timeout) {
        this.endpoint = endpoint;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
    }

    public QueryServiceClient(URI endpoint) {
        this(endpoint, Duration.ofMinutes(30));
    }

    public URI endpoint() {
        return endpoint;
    }

    /**
     * Sends the statements and returns the service's answer, including a failed query's errors.
     *
     * @throws QueryServiceUnavailableException when nothing answers at the endpoint, or when the statements failed
     *             because the cluster is not ACTIVE (the message names the nodes that are down)
     */
    public QueryResult execute(String statements) {
        // AsterixDB reports no warning unless asked for some (its max-warnings defaults to 0).
        String form = "statement=" + URLEncoder.encode(statements, StandardCharsets.UTF_8)
                + "&client_context_id=spatial-lsm&max-warnings=" + MAX_WARNINGS;
        HttpRequest request = HttpRequest.newBuilder(endpoint.resolve("/query/service")).timeout(timeout)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
        HttpResponse<String> response = send(request);
        QueryResult result;
        try {
            result = new QueryResult(JSON.readTree(response.body()));
        } catch (IOException e) {
            throw new QueryServiceUnavailableException("the query service at " + endpoint
                    + " answered HTTP " + response.statusCode() + " with something that is not JSON", e);
        }
        if (!result.isSuccess()) {
            // A cluster that lost a node refuses every statement ("cluster is UNUSABLE"): say which node instead.
            Optional<String> problem = health().problem(endpoint);
            if (problem.isPresent()) {
                throw new QueryServiceUnavailableException(problem.get(), null);
            }
        }
        return result;
    }

    /** Like {@link #execute} but throws {@link QueryFailedException} unless the status is "success". */
    public QueryResult executeOrThrow(String statements) {
        QueryResult result = execute(statements);
        if (!result.isSuccess()) {
            throw new QueryFailedException(result);
        }
        return result;
    }

    /** The cluster's state from {@code /admin/cluster} ("ACTIVE" when it accepts queries). */
    public String clusterState() {
        return health().state();
    }

    /** The cluster's state and its node controllers' from {@code /admin/cluster}; UNKNOWN if that is not JSON. */
    public ClusterHealth health() {
        HttpRequest request = HttpRequest.newBuilder(endpoint.resolve("/admin/cluster")).timeout(Duration.ofSeconds(10))
                .GET().build();
        try {
            return ClusterHealth.fromAdminCluster(JSON.readTree(send(request).body()));
        } catch (IOException e) {
            return new ClusterHealth(ClusterHealth.UNKNOWN, Map.of());
        }
    }

    /**
     * GETs one of the service's JSON administration resources, e.g. {@code /admin/active} (running feeds and their
     * adapter statistics) or {@code /admin/cluster/node/asterix_nc1/config}.
     *
     * @throws QueryServiceUnavailableException when nothing answers or the answer is not JSON
     */
    public JsonNode adminJson(String path) {
        HttpRequest request = HttpRequest.newBuilder(endpoint.resolve(path)).timeout(Duration.ofSeconds(30)).GET()
                .build();
        HttpResponse<String> response = send(request);
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new QueryServiceUnavailableException(endpoint.resolve(path) + " answered HTTP "
                    + response.statusCode() + " with something that is not JSON", e);
        }
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new QueryServiceUnavailableException("no spatial-lsm cluster answers at " + endpoint
                    + " (start one with ./scripts/start)", e);
        } catch (HttpConnectTimeoutException e) {
            throw new QueryServiceUnavailableException("could not connect to " + endpoint + " within "
                    + CONNECT_TIMEOUT.toSeconds() + " s", e);
        } catch (HttpTimeoutException e) {
            throw new QueryServiceUnavailableException(endpoint + " accepted the connection but did not answer "
                    + request.uri().getPath() + " within " + request.timeout().orElseThrow().toSeconds() + " s", e);
        } catch (IOException e) {
            throw new QueryServiceUnavailableException("the query service at " + endpoint + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryServiceUnavailableException("interrupted while waiting for " + endpoint, e);
        }
    }

    public static JsonNode parseJson(String text) throws IOException {
        return JSON.readTree(text);
    }

    /** A value as AsterixDB writes it (NaN and infinities bare), on one line or indented. */
    public static String writeJson(JsonNode value, boolean pretty) throws IOException {
        return pretty ? JSON.writerWithDefaultPrettyPrinter().writeValueAsString(value)
                : JSON.writeValueAsString(value);
    }
}

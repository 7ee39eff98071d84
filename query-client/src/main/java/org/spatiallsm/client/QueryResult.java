package org.spatiallsm.client;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/** The query service's answer: {@code status}, {@code results}, {@code errors}, {@code plans}, {@code metrics}. */
public record QueryResult(JsonNode response) {

    public String status() {
        return response.path("status").asText("unknown");
    }

    public boolean isSuccess() {
        return "success".equals(status());
    }

    /** The result values of the last query in the request (empty for DDL). */
    public List<JsonNode> results() {
        List<JsonNode> values = new ArrayList<>();
        response.path("results").forEach(values::add);
        return values;
    }

    /** Each error as "ASXnnnn: message", the way AsterixDB reports them. */
    public List<String> errors() {
        return messages("errors");
    }

    /** Each warning (e.g. a type mismatch that made a value MISSING) as "code: message". */
    public List<String> warnings() {
        return messages("warnings");
    }

    /** The service's measurements of the request, e.g. {"elapsedTime": "12.3ms", "resultCount": 3}; may be empty. */
    public JsonNode metrics() {
        return response.path("metrics");
    }

    private List<String> messages(String field) {
        List<String> messages = new ArrayList<>();
        for (JsonNode message : response.path(field)) {
            messages.add(message.path("code").asText() + ": " + message.path("msg").asText());
        }
        return messages;
    }

    /** The optimized plan of an EXPLAIN (0.9.8 answers with a JSON operator tree), as text to search in. */
    public String plan() {
        JsonNode results = response.path("results");
        if (!results.isArray() || results.isEmpty()) {
            return "";
        }
        JsonNode plan = results.get(0);
        return plan.isTextual() ? plan.asText() : plan.toString();
    }
}

package org.spatiallsm.introspection;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one mapping between the introspection records and their JSON, used by the endpoints and their client. */
public final class IntrospectionJson {

    /** A newer node may add fields; an older client reads what it knows. */
    private static final ObjectMapper MAPPER =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private IntrospectionJson() {
    }

    public static ObjectNode toJson(Object listing) {
        return MAPPER.valueToTree(listing);
    }

    /** @throws IllegalArgumentException with a one-line reason if {@code json} is no listing */
    public static ComponentsListing listing(JsonNode json) {
        return read(json, ComponentsListing.class, "a components listing");
    }

    /** @throws IllegalArgumentException with a one-line reason if {@code json} is no entries listing */
    public static EntriesListing entriesListing(JsonNode json) {
        return read(json, EntriesListing.class, "an entries listing");
    }

    private static <T> T read(JsonNode json, Class<T> type, String what) {
        try {
            return MAPPER.treeToValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not " + what + ": " + e.getOriginalMessage(), e);
        }
    }
}

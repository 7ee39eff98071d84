package org.spatiallsm.introspection;

import java.util.Optional;

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

    /** {@code document} as indented JSON text, ending with a line break: what the command line prints. */
    public static String pretty(Object document) {
        return toJson(document).toPrettyString() + System.lineSeparator();
    }

    /** @throws IllegalArgumentException with a one-line reason if {@code json} is no listing */
    public static ComponentsListing listing(JsonNode json) {
        return read(json, ComponentsListing.class, "a components listing");
    }

    /** @throws IllegalArgumentException with a one-line reason if {@code json} is no entries listing */
    public static EntriesListing entriesListing(JsonNode json) {
        return read(json, EntriesListing.class, "an entries listing");
    }

    /** One line of an event file: the event without a line break. */
    public static String line(LsmEventLine event) {
        try {
            return MAPPER.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + event + ": " + e.getOriginalMessage(), e);
        }
    }

    /**
     * One line of an event file or of an {@code /spatial-lsm/events} answer; empty for a kind of event this reader
     * does not know (a newer node may add some: they say nothing about the ones it knows).
     *
     * @throws IllegalArgumentException with a one-line reason if {@code line} is no event (e.g. half a line)
     */
    public static Optional<LsmEventLine> eventLine(String line) {
        JsonNode json;
        try {
            json = MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
        Class<? extends LsmEventLine> type = switch (json.path("event").asText()) {
            case FlushOrMerge.FLUSH, FlushOrMerge.MERGE -> FlushOrMerge.class;
            case MergeScheduled.EVENT -> MergeScheduled.class;
            case LostEvents.EVENT -> LostEvents.class;
            default -> null;
        };
        return type == null ? Optional.empty() : Optional.of(read(json, type, "an LSM event"));
    }

    /**
     * {@code json} as a record of this format, or of a document made of them (the command line's).
     *
     * @param what the document's name in the error, e.g. "a components listing"
     * @throws IllegalArgumentException with a one-line reason if {@code json} is no such document
     */
    public static <T> T read(JsonNode json, Class<T> type, String what) {
        try {
            return MAPPER.treeToValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not " + what + ": " + e.getOriginalMessage(), e);
        }
    }
}

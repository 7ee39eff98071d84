package org.spatiallsm.introspection;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One index partition with the node that holds it, for a document that lists the partitions of several nodes (the
 * command line's {@code components --format json}): the node's {@link IndexListing} with a {@code node} field in
 * front, so every field the endpoint lists, and every field a newer node adds, is listed the same way.
 */
public record NodeIndexListing(String node, @JsonUnwrapped IndexListing listing) {

    /** Jackson 2.13 cannot read an unwrapped creator property: the listing is read from the same object. */
    @JsonCreator
    static NodeIndexListing fromJson(ObjectNode json) {
        return new NodeIndexListing(json.path("node").asText(null),
                IntrospectionJson.read(json, IndexListing.class, "an index listing"));
    }
}

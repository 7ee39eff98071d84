package org.spatiallsm.client.lsm;

import java.util.OptionalLong;

import org.spatiallsm.introspection.ComponentListing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One disk component of an index partition, as the NC introspection endpoints and events report it.
 *
 * @param firstSequence first flush sequence covered (from the file names; the index's oldest component starts at
 *                      its first flush's sequence, 0 unless its creation spent one)
 * @param lastSequence  last flush sequence covered; a flushed component covers one
 * @param minId         AsterixDB's component id range, shared by all indexes of a dataset partition
 * @param maxId         see minId
 * @param bytes         size on disk
 * @param tuples        entries counted by the component's Bloom filter, when it has one
 * @param merging       true while a running or queued merge holds the component
 */
public record DiskComponent(long firstSequence, long lastSequence, long minId, long maxId, long bytes,
        OptionalLong tuples, boolean merging) {

    public static DiskComponent fromJson(JsonNode json) {
        JsonNode tuples = json.path("tuples");
        return new DiskComponent(json.path("sequences").path(0).asLong(), json.path("sequences").path(1).asLong(),
                json.path("ids").path(0).asLong(), json.path("ids").path(1).asLong(), json.path("bytes").asLong(),
                tuples.isNumber() ? OptionalLong.of(tuples.asLong()) : OptionalLong.empty(),
                json.path("merging").asBoolean());
    }

    static DiskComponent of(ComponentListing component) {
        return new DiskComponent(component.sequences().get(0), component.sequences().get(1), component.ids().get(0),
                component.ids().get(1), component.bytes(),
                component.tuples() == null ? OptionalLong.empty() : OptionalLong.of(component.tuples()),
                component.merging());
    }

    /** The same fields as {@link #fromJson} reads. */
    public ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.putArray("sequences").add(firstSequence).add(lastSequence);
        json.putArray("ids").add(minId).add(maxId);
        json.put("bytes", bytes);
        if (tuples.isPresent()) {
            json.put("tuples", tuples.getAsLong());
        } else {
            json.putNull("tuples");
        }
        json.put("merging", merging);
        return json;
    }
}

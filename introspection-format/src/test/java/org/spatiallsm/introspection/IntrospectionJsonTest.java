package org.spatiallsm.introspection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

class IntrospectionJsonTest {

    private static final ComponentListing PRUNED = new ComponentListing(List.of(4L, 7L), List.of(100L, 130L), 4096,
            250L, true, List.of("b.idx", "a.idx"), new MbrListing(List.of(0.0, 1.5), List.of(2.0, 3.0)), 1);
    private static final ComponentListing PLAIN =
            new ComponentListing(List.of(8L, 8L), List.of(131L, 131L), 512, null, false, List.of(), null, null);

    @Test
    void aListingReadsBackAsItWasWritten() {
        ComponentsListing listing = new ComponentsListing("nc1", "Geo", "Points", List.of(
                new IndexListing("Points", 0, 7, true, 9, List.of(PLAIN), null, null, null, null, null, null, null),
                new IndexListing("byLoc", 0, 7, false, 9, List.of(PRUNED, PLAIN), 12L, 20L, 4L, 31L, 2L, null,
                        null),
                new IndexListing("dhb", 1, 7, false, 3, List.of(), null, null, null, null, null,
                        new SkipScanListing("dhb", 2, 10, 6, 1), null),
                new IndexListing("shb", 1, 7, false, 3, List.of(), null, null, null, null, null, null,
                        new GridListing("shb", "SHB_POINTS", 2, 5, 10, 6))));
        assertThat(IntrospectionJson.listing(IntrospectionJson.toJson(listing))).isEqualTo(listing);
    }

    @Test
    void countersAnIndexDoesNotKeepAreNullAndOrganisationCountersAbsent() {
        JsonNode json = IntrospectionJson.toJson(
                new IndexListing("Points", 0, 7, true, 9, List.of(PLAIN), null, null, null, null, null, null, null));
        assertThat(json.has("searches")).isTrue();
        assertThat(json.get("searches").isNull()).isTrue();
        assertThat(json.get("pagesRead").isNull()).isTrue();
        assertThat(json.has("skipScan")).isFalse();
        assertThat(json.has("grid")).isFalse();
        JsonNode component = json.get("components").get(0);
        assertThat(component.get("mbr").isNull()).isTrue();
        assertThat(component.get("level").isNull()).isTrue();
        assertThat(component.get("tuples").isNull()).isTrue();
    }

    @Test
    void readsWhatANodeWritesAndIgnoresFieldsItDoesNotKnow() throws Exception {
        String answer = """
                {"node": "nc2", "dataverse": "Geo", "dataset": "Points", "indexes": [
                  {"index": "byLoc", "partition": 3, "datasetId": 7, "primary": false, "flushCount": 9,
                   "searches": 1, "componentsOpened": 1, "componentsSkipped": 0, "pagesRead": 5,
                   "componentsScannedAtActivation": null, "aFieldOfANewerNode": true,
                   "components": [{"sequences": [1, 2], "ids": [5, 6], "bytes": 10, "tuples": null,
                     "merging": false, "files": ["x"], "mbr": {"min": [], "max": []}, "level": null}]}]}
                """;
        ComponentsListing listing = IntrospectionJson.listing(new ObjectMapper().readTree(answer));
        IndexListing index = listing.indexes().get(0);
        assertThat(index.pagesRead()).isEqualTo(5L);
        assertThat(index.componentsScannedAtActivation()).isNull();
        assertThat(index.components().get(0).mbr()).isEqualTo(new MbrListing(List.of(), List.of()));
        assertThat(index.components().get(0).sequences()).containsExactly(1L, 2L);
    }

    @Test
    void aPartitionWithItsNodeIsTheNodesIndexListingWithANodeFieldInFront() {
        IndexListing index = new IndexListing("byLoc", 0, 7, false, 9, List.of(PRUNED, PLAIN), 12L, 20L, 4L, 31L, 2L,
                null, new GridListing("shb", "SHB_POINTS", 2, 5, 10, 6));
        NodeIndexListing partition = new NodeIndexListing("nc2", index);

        ObjectNode json = IntrospectionJson.toJson(partition);

        assertThat(IntrospectionJson.read(json, NodeIndexListing.class, "a partition")).isEqualTo(partition);
        List<String> indexFields = new ArrayList<>();
        IntrospectionJson.toJson(index).fieldNames().forEachRemaining(indexFields::add);
        List<String> fields = new ArrayList<>();
        json.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).isEqualTo(Stream.concat(Stream.of("node"), indexFields.stream()).toList());
        assertThat(json.path("node").asText()).isEqualTo("nc2");
        ObjectNode withoutNode = json.deepCopy();
        withoutNode.remove("node");
        assertThat(withoutNode).isEqualTo(IntrospectionJson.toJson(index));
    }

    @Test
    void aMalformedListingIsOneLine() throws Exception {
        JsonNode json = new ObjectMapper().readTree("""
                {"node": "nc1", "indexes": [{"index": "i", "components": [{"sequences": [1]}]}]}""");
        assertThatThrownBy(() -> IntrospectionJson.listing(json)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not a components listing: ").hasMessageNotContaining("\n");
    }

    @Test
    void anEntriesListingReadsBackAsItWasWritten() throws Exception {
        EntriesListing listing = new EntriesListing("nc1", "Geo", "Points", List.of(new EntriesListing.Index("loc", 0,
                List.of(new EntriesListing.Component(List.of("0_0_m1p0"), 1, List.of(
                        new EntriesListing.Entry("0400000000000000ff", List.of(1.5, -2.0, 1.5, -2.0), false, null),
                        new EntriesListing.Entry("0400000000000000fe", List.of(0.0, 0.0, 0.0, 0.0), true, null)),
                        null, null))),
                new EntriesListing.Index("byCity", 0, List.of(new EntriesListing.Component(List.of("0_0_m1p0_b"), 1,
                        List.of(new EntriesListing.Entry("0d0161040000000000000001", List.of(), false,
                                List.of("0d0161", "040000000000000001"))),
                        List.of("0d0161", "040000000000000001"), List.of("0d0161", "040000000000000001"))))));
        JsonNode json = IntrospectionJson.toJson(listing);
        assertThat(IntrospectionJson.entriesListing(json)).isEqualTo(listing);
        assertThat(json.at("/indexes/0/components/0/entries/1").toString())
                .isEqualTo("{\"primaryKey\":\"0400000000000000fe\",\"mbr\":[0.0,0.0,0.0,0.0],\"antiMatter\":true,"
                        + "\"key\":null}");
        assertThatThrownBy(() -> IntrospectionJson.entriesListing(new ObjectMapper().readTree("{\"indexes\": 3}")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not an entries listing: ");
    }
}

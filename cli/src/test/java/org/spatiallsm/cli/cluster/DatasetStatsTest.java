package org.spatiallsm.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.introspection.IntrospectionJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** stats: the sums over partitions and nodes, and their rendering (no cluster needed). */
class DatasetStatsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Two nodes, one partition each: the primary index (no counters) and a leveled R-tree (nc1 counts pages). */
    private static final List<ComponentsListing> LISTINGS = List.of(
            new ComponentsListing("nc1", "Geo", "P", List.of(
                    index("P", 0, true, null, null, null, List.of(component(300, null), component(700, null))),
                    index("loc", 0, false, 4L, 6L, 30L,
                            List.of(component(10, 0), component(40, 1), component(50, 1))))),
            new ComponentsListing("nc2", "Geo", "P", List.of(
                    index("P", 1, true, null, null, null, List.of(component(1000, null))),
                    index("loc", 1, false, 4L, 3L, null, List.of(component(20, 0))))));

    private static IndexListing index(String name, int partition, boolean primary, Long searches, Long opened,
            Long pagesRead, List<ComponentListing> components) {
        return new IndexListing(name, partition, 7, primary, components.size(), components, searches, opened,
                searches == null ? null : searches - 1, pagesRead, null, null, null);
    }

    private static ComponentListing component(long bytes, Integer level) {
        return new ComponentListing(List.of(0L, 0L), List.of(1L, 1L), bytes, null, false, null, null, level);
    }

    private static List<DatasetStats.IndexStats> stats(LsmEvent... events) {
        return DatasetStats.of(LISTINGS, List.of(events));
    }

    /** What the stats read of an event: its kind, index partition and bytes written. */
    private static LsmEvent event(String type, String index, int partition, long bytes) {
        return new LsmEvent(type, "nc1", new IndexPartition("Geo", "P", index, partition), "", 1, Optional.empty(),
                List.of(), OptionalInt.empty(), List.of(), bytes, OptionalDouble.empty(), List.of());
    }

    @Test
    void sumsEveryPartitionAndComputesWriteAmplificationFromFlushAndMergeBytes() throws IOException {
        List<DatasetStats.IndexStats> stats = stats(event("flush", "P", 0, 400), event("flush", "P", 1, 600),
                event("merge-scheduled", "P", 0, 0), event("merge", "P", 0, 1000), event("flush", "P", 0, 500));

        DatasetStats.IndexStats primary = stats.get(0);
        assertThat(primary.index()).isEqualTo("P");
        assertThat(primary.partitions()).isEqualTo(2);
        assertThat(primary.flushes()).isEqualTo(3);
        assertThat(primary.bytesFlushed()).isEqualTo(1500);
        assertThat(primary.merges()).isEqualTo(1);
        assertThat(primary.writeAmplification()).isEqualTo(2500.0 / 1500);
        assertThat(primary.searches()).isNull();
        assertThat(primary.componentsPerSearch()).isNull();
        assertThat(primary.levels()).containsExactly(new DatasetStats.Level(null, 3, 2000));

        DatasetStats.IndexStats rtree = stats.get(1);
        assertThat(rtree.writeAmplification()).isNull();
        assertThat(rtree.searches()).isEqualTo(8);
        assertThat(rtree.componentsPerSearch()).isEqualTo(9.0 / 8);
        assertThat(rtree.pagesRead()).isEqualTo(30);
        assertThat(rtree.levels()).containsExactly(new DatasetStats.Level(0L, 2, 30),
                new DatasetStats.Level(1L, 2, 90));
        assertThat(rtree.components()).isEqualTo(4);
        assertThat(rtree.bytes()).isEqualTo(120);
    }

    @Test
    void theTableHasOneRowPerIndexThenOnePerLevel() throws IOException {
        List<String> lines = DatasetStats.table("Geo", "P", 9, stats(event("flush", "P", 0, 1000),
                event("merge", "P", 0, 1000))).lines().toList();

        assertThat(lines.get(0)).isEqualTo("Geo.P (dataset id 9)");
        assertThat(lines.get(1)).containsSubsequence("index", "partitions", "flushes", "merges", "MB flushed",
                "MB merged", "W", "searches", "comp/search", "pages read", "components", "bytes on disk");
        assertThat(lines.get(2).split(" +")).containsExactly("P*", "2", "1", "1", "0.0", "0.0", "2.000", "-", "-",
                "-", "3", "2,000");
        assertThat(lines.get(3).split(" +")).containsExactly("loc", "2", "0", "0", "0.0", "0.0", "-", "8", "1.13",
                "30", "4", "120");
        assertThat(lines.subList(7, lines.size())).containsExactly(
                "index  level  components           bytes",
                "P          -           3           2,000",
                "loc        0           2              30",
                "loc        1           2              90");
    }

    @Test
    void theJsonHasNullsWhereTheTableHasDashesAndReadsBackAsItWasWritten() throws IOException {
        DatasetStats.StatsDocument document = new DatasetStats.StatsDocument("Geo", "P", 9,
                stats(event("flush", "P", 0, 1000), event("merge", "P", 0, 500)));
        JsonNode json = JSON.readTree(IntrospectionJson.pretty(document));

        assertThat(IntrospectionJson.read(json, DatasetStats.StatsDocument.class, "stats")).isEqualTo(document);
        assertThat(json.path("indexes").get(0).fieldNames()).toIterable().containsExactly("index", "primary",
                "partitions", "flushes", "bytesFlushed", "merges", "bytesMerged", "writeAmplification", "searches",
                "componentsOpened", "componentsPerSearch", "pagesRead", "components", "bytes", "levels");
        assertThat(json.path("indexes").get(0).path("writeAmplification").asDouble()).isEqualTo(1.5);

        assertThat(json.path("datasetId").asInt()).isEqualTo(9);
        JsonNode primary = json.path("indexes").get(0);
        assertThat(json.path("indexes").get(1).path("writeAmplification").isNull()).isTrue();
        assertThat(primary.path("pagesRead").isNull()).isTrue();
        assertThat(primary.path("levels").get(0).path("level").isNull()).isTrue();
        assertThat(primary.path("bytes").asLong()).isEqualTo(2000);
        JsonNode rtree = json.path("indexes").get(1);
        assertThat(rtree.path("componentsPerSearch").asDouble()).isEqualTo(9.0 / 8);
        assertThat(rtree.path("levels").get(1).path("level").asInt()).isEqualTo(1);
    }
}

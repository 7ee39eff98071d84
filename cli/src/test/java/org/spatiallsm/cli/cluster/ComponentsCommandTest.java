package org.spatiallsm.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.LsmFixtures.PARTITION;
import static org.spatiallsm.cli.LsmFixtures.component;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.spatiallsm.cli.CliRun;
import org.spatiallsm.client.lsm.ComponentMbr;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.GridCounters;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.KnnCounts;
import org.spatiallsm.client.lsm.SkipScanCounters;
import org.spatiallsm.client.lsm.ReadCounts;
import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.GridListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.introspection.IntrospectionJson;
import org.spatiallsm.introspection.MbrListing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** components: rendering and one-line errors (no cluster needed). */
class ComponentsCommandTest {

    @Test
    void aRebalancedDatasetsIdIsExplained() {
        assertThat(ComponentsCommand.heading("Tour", "CheckIns", 114)).isEqualTo("Tour.CheckIns (dataset id 114)\n");
        assertThat(ComponentsCommand.heading("Tour", "CheckIns", -2147483534)).isEqualTo("Tour.CheckIns (dataset id "
                + "-2147483534: 114 with its top bit flipped, as AsterixDB numbers a rebalanced dataset)\n");
    }


    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void componentTableHasOneRowPerComponentNewestFirst() {
        List<IndexComponents> indexes = List.of(new IndexComponents("asterix_nc1", PARTITION, true, 12,
                List.of(component(11, 11, 82_388, true), component(0, 10, 139_985, false))),
                // Created with its dataset, the R-tree spent sequence 0 on an empty bulk load.
                new IndexComponents("asterix_nc1", new IndexPartition("Tour", "CheckIns", "locationIndex", 0), false,
                        12, List.of(new DiskComponent(1, 12, 1, 12, 4_096, OptionalLong.empty(), false))));

        List<String> lines = ComponentsCommand.table("Tour", "CheckIns", 7, indexes).lines().toList();

        assertThat(lines.get(0)).isEqualTo("Tour.CheckIns (dataset id 7)");
        assertThat(lines.get(1)).containsSubsequence("node", "index", "partition", "flushes", "holds flushes", "bytes",
                "entries", "merging");
        assertThat(lines.get(2)).containsSubsequence("asterix_nc1", "CheckIns", "0", "12", "12-12", "82,388", "823",
                "yes");
        assertThat(lines.get(3)).containsSubsequence("CheckIns", "1-11", "139,985", "1,399").doesNotContain("yes");
        assertThat(lines.get(4)).containsSubsequence("locationIndex", "1-12", "4,096", "-");
        assertThat(lines).hasSize(5);
    }

    @Test
    void componentTableEndsWithTheSkipScanCountersOfHilbertIndexes() {
        List<IndexComponents> indexes = List.of(new IndexComponents("asterix_nc1", PARTITION, true, 1, List.of()),
                new IndexComponents("asterix_nc1", new IndexPartition("Tour", "CheckIns", "dhbLoc", 0), false, 1,
                        List.of(), Optional.of(new SkipScanCounters("dhb", 3, 2_000, 1_500, 7))));

        List<String> lines = ComponentsCommand.table("Tour", "CheckIns", 7, indexes).lines().toList();

        assertThat(lines).hasSize(8);
        assertThat(lines.get(4)).isEmpty();
        assertThat(lines.get(5)).isEqualTo("skip-scan searches since the node opened the index");
        assertThat(lines.get(6)).containsSubsequence("node", "index", "partition", "organisation", "searches",
                "candidates", "results", "false positives", "re-seeks", "pages read");
        assertThat(lines.get(7)).containsSubsequence("asterix_nc1", "dhbLoc", "0", "dhb", "3", "2,000", "1,500",
                "25.0 %", "7");
    }

    @Test
    void componentTableShowsMbrsAndSumsEachRTreesReadsOverItsPartitions() {
        IndexPartition rtree0 = new IndexPartition("Tour", "CheckIns", "locationIndex", 0);
        IndexPartition rtree1 = new IndexPartition("Tour", "CheckIns", "locationIndex", 1);
        ComponentMbr west = new ComponentMbr(List.of(-10.0, 40.0), List.of(-5.5, 45.0));
        ComponentMbr empty = new ComponentMbr(List.of(), List.of());
        List<IndexComponents> indexes = List.of(
                new IndexComponents("asterix_nc1", PARTITION, true, 2, List.of(component(1, 1, 100, false))),
                new IndexComponents("asterix_nc1", rtree0, false, 2,
                        List.of(component(2, 2, 50, false), component(1, 1, 60, false)),
                        List.of(Optional.of(west), Optional.of(empty)), Optional.of(new ReadCounts(3, 4, 2)),
                        Optional.empty()),
                new IndexComponents("asterix_nc2", rtree1, false, 1, List.of(component(1, 1, 70, false)),
                        List.of(Optional.of(west)), Optional.of(new ReadCounts(3, 1, 2)), Optional.empty()));

        List<String> lines = ComponentsCommand.table("Tour", "CheckIns", 7, indexes).lines().toList();

        assertThat(lines.get(1)).containsSubsequence("merging", "level", "mbr");
        assertThat(lines.get(2)).containsSubsequence("CheckIns", "1-1", "-", "-").endsWith("-");
        assertThat(lines.get(3)).containsSubsequence("locationIndex", "2-2", "-", "[-10.0, 40.0 .. -5.5, 45.0]");
        assertThat(lines.get(4)).containsSubsequence("locationIndex", "1-1", "empty");
        assertThat(lines.get(6)).isEmpty();
        assertThat(lines.get(8)).containsSubsequence("index", "searches", "components opened", "components skipped",
                "opened/search", "pages read", "pages/search");
        assertThat(lines.get(9)).containsSubsequence("locationIndex", "6", "5", "4", "0.83", "-", "-");
        assertThat(lines).hasSize(10);
    }

    @Test
    void readAmplificationSumsThePagesEachRTreesSearchesReadOverItsPartitions() {
        IndexPartition rtree0 = new IndexPartition("Tour", "CheckIns", "locationIndex", 0);
        IndexPartition rtree1 = new IndexPartition("Tour", "CheckIns", "locationIndex", 1);
        List<IndexComponents> indexes = List.of(pagesRead(rtree0, new ReadCounts(3, 4, 2), 25),
                pagesRead(rtree1, new ReadCounts(5, 1, 0), 7));

        List<String> lines = ComponentsCommand.table("Tour", "CheckIns", 7, indexes).lines().toList();

        assertThat(lines.get(lines.size() - 1)).containsSubsequence("locationIndex", "8", "5", "2", "0.63", "32",
                "4.00");
    }

    @Test
    void kNNCountersAreSummedOverTheIndexsPartitions() {
        IndexPartition rtree0 = new IndexPartition("Tour", "CheckIns", "locationIndex", 0);
        IndexPartition rtree1 = new IndexPartition("Tour", "CheckIns", "locationIndex", 1);
        List<IndexComponents> indexes = List.of(knn(rtree0, new KnnCounts(2, 3, 1, 40)),
                knn(rtree1, new KnnCounts(2, 0, 4, 10)));

        List<String> lines = ComponentsCommand.table("Tour", "CheckIns", 7, indexes).lines().toList();

        assertThat(lines.get(lines.size() - 2)).containsSubsequence("index", "kNN searches", "components opened",
                "components skipped", "entries visited", "entries/search");
        assertThat(lines.get(lines.size() - 1)).containsSubsequence("locationIndex", "4", "3", "5", "50", "12.50");
    }

    @Test
    void theJsonSumsTheKnnCountersOfEachIndexAndKeepsEachPartitions() throws Exception {
        List<ComponentsListing> listings = List.of(new ComponentsListing("nc1", "Tour", "CheckIns", List.of(
                new IndexListing("locationIndex", 0, 7, false, 1, List.of(), 0L, 0L, 0L, null, null, null, null, 2L,
                        3L, 1L, 40L),
                new IndexListing("locationIndex", 1, 7, false, 1, List.of(), 0L, 0L, 0L, null, null, null, null, 2L,
                        0L, 4L, 10L))));

        ComponentsCommand.ComponentsDocument document = ComponentsCommand.document("Tour", "CheckIns", 7, listings);
        JsonNode json = new ObjectMapper().readTree(IntrospectionJson.pretty(document));

        assertThat(document.knn()).containsExactly(new ComponentsCommand.IndexKnn("locationIndex", 4, 3, 5, 50));
        assertThat(json.at("/indexes/0/knnComponentsOpened").asLong()).isEqualTo(3);
        assertThat(json.path("knn").get(0).fieldNames()).toIterable().containsExactly("index", "knnSearches",
                "knnComponentsOpened", "knnComponentsSkipped", "knnEntriesVisited");
    }

    @Test
    void anIndexWithoutKnnSearchesHasNoKnnTable() {
        IndexPartition rtree = new IndexPartition("Tour", "CheckIns", "locationIndex", 0);
        assertThat(ComponentsCommand.table("Tour", "CheckIns", 7, List.of(knn(rtree, new KnnCounts(0, 0, 0, 0)))))
                .doesNotContain("kNN");
    }

    private static IndexComponents knn(IndexPartition where, KnnCounts knn) {
        return new IndexComponents("asterix_nc1", where, false, 1, List.of(), List.of(), List.of(),
                Optional.of(ReadCounts.NONE), OptionalLong.empty(), Optional.empty(), Optional.empty(),
                Optional.of(knn));
    }

    private static IndexComponents pagesRead(IndexPartition where, ReadCounts reads, long pages) {
        return new IndexComponents("asterix_nc1", where, false, 1, List.of(), List.of(), List.of(),
                Optional.of(reads), OptionalLong.of(pages), Optional.empty(), Optional.empty());
    }

    @Test
    void componentTableShowsTheLevelsOfALeveledRTree() {
        IndexPartition rtree = new IndexPartition("Tour", "CheckIns", "locationIndex", 0);
        ComponentMbr west = new ComponentMbr(List.of(-10.0, 40.0), List.of(-5.5, 45.0));
        ComponentMbr east = new ComponentMbr(List.of(5.0, 40.0), List.of(9.0, 45.0));
        // Level 0's flush first, then level 1's merge outputs, which hold older flushes.
        List<IndexComponents> indexes = List.of(new IndexComponents("asterix_nc1", rtree, false, 5,
                List.of(component(4, 4, 50, false), component(0, 3, 60, false), component(0, 3, 70, false)),
                List.of(Optional.of(west), Optional.of(west), Optional.of(east)),
                List.of(OptionalInt.of(0), OptionalInt.of(1), OptionalInt.of(1)), Optional.of(new ReadCounts(1, 2, 1)),
                Optional.empty(), Optional.empty()));

        List<String> lines = ComponentsCommand.table("Tour", "CheckIns", 7, indexes).lines().toList();

        assertThat(lines.get(2)).containsSubsequence("locationIndex", "5-5", "50", "0", "[-10.0, 40.0");
        assertThat(lines.get(3)).containsSubsequence("locationIndex", "1-4", "60", "1", "[-10.0, 40.0");
        assertThat(lines.get(4)).containsSubsequence("locationIndex", "1-4", "70", "1", "[5.0, 40.0");
    }

    @Test
    void componentTableEndsWithTheGridCountersOfShbAndSifIndexes() {
        List<IndexComponents> indexes = List.of(new IndexComponents("asterix_nc1", PARTITION, true, 1, List.of()),
                IndexComponents.ofGrid("asterix_nc1", new IndexPartition("Tour", "CheckIns", "sifLoc", 0), false, 1,
                        List.of(), new GridCounters("sif", "SIF", 2, 40, 1_000, 800)));

        List<String> lines = ComponentsCommand.table("Tour", "CheckIns", 7, indexes).lines().toList();

        assertThat(lines).hasSize(8);
        assertThat(lines.get(5)).isEqualTo("grid searches since the node opened the index");
        assertThat(lines.get(6)).containsSubsequence("node", "index", "partition", "organisation", "searches",
                "candidates", "results", "false positives", "ranges/tokens");
        assertThat(lines.get(7)).containsSubsequence("asterix_nc1", "sifLoc", "0", "sif", "2", "1,000", "800",
                "20.0 %", "40");
    }

    private static final MbrListing WEST = new MbrListing(List.of(-10.0, 40.0), List.of(-5.5, 45.0));

    /** Two nodes: the primary index, and an R-tree whose partition on nc2 does not count pages. */
    private static final List<ComponentsListing> LISTINGS = List.of(
            new ComponentsListing("nc1", "Tour", "CheckIns", List.of(
                    new IndexListing("CheckIns", 0, 7, true, 2, List.of(listed(null, null)), null, null, null, null,
                            null, null, null),
                    new IndexListing("locationIndex", 0, 7, false, 2, List.of(listed(WEST, 0), listed(WEST, 1)), 3L,
                            4L, 2L, 25L, 0L, null, null))),
            new ComponentsListing("nc2", "Tour", "CheckIns", List.of(
                    new IndexListing("locationIndex", 1, 7, false, 1, List.of(listed(WEST, 0)), 3L, 1L, 2L, null,
                            0L, null, null),
                    new IndexListing("shbLoc", 1, 7, false, 1, List.of(), 0L, 0L, 0L, 9L, null, null,
                            new GridListing("shb", "SHB_POINTS", 2, 5, 10, 6)))));

    private static ComponentListing listed(MbrListing mbr, Integer level) {
        return new ComponentListing(List.of(1L, 1L), List.of(2L, 2L), 100, 10L, false, List.of("a", "b"), mbr, level);
    }

    @Test
    void theJsonListsEveryPartitionWithItsNodeAndReadsBackAsItWasWritten() throws Exception {
        ComponentsCommand.ComponentsDocument document = ComponentsCommand.document("Tour", "CheckIns", 7, LISTINGS);
        JsonNode json = new ObjectMapper().readTree(IntrospectionJson.pretty(document));

        assertThat(IntrospectionJson.read(json, ComponentsCommand.ComponentsDocument.class, "components"))
                .isEqualTo(document);
        assertThat(json.path("indexes")).hasSize(4);
        JsonNode rtree = json.path("indexes").get(1);
        assertThat(rtree.fieldNames()).toIterable().startsWith("node", "index", "partition").contains("primary",
                "flushCount", "searches", "componentsOpened", "componentsSkipped", "pagesRead", "components");
        assertThat(rtree.path("node").asText()).isEqualTo("nc1");
        assertThat(rtree.at("/components/0/mbr/min").toString()).isEqualTo("[-10.0,40.0]");
        assertThat(rtree.at("/components/1/level").asInt()).isEqualTo(1);
        assertThat(json.at("/indexes/0/searches").isNull()).isTrue();
        assertThat(json.at("/indexes/0/components/0/mbr").isNull()).isTrue();
        assertThat(json.at("/indexes/3/grid/ranges").asLong()).isEqualTo(5);
        assertThat(json.at("/indexes/0").has("grid")).isFalse();
        // Summed over the partitions; pages read only if every partition counts them.
        assertThat(document.readAmplification()).containsExactly(
                new ComponentsCommand.IndexReads("locationIndex", 6, 5, 4, null),
                new ComponentsCommand.IndexReads("shbLoc", 0, 0, 0, 9L));
        assertThat(json.path("readAmplification").get(0).fieldNames()).toIterable().containsExactly("index",
                "searches", "componentsOpened", "componentsSkipped", "pagesRead");
    }

    @Test
    void componentTableSaysWhenNoNodeStoresTheDataset() {
        assertThat(ComponentsCommand.table("Tour", "CheckIns", 7, List.of()))
                .endsWith("no node stores an index partition of it\n");
    }

    @Test
    void componentsWithoutAClusterExitsWithThree() {
        CliRun run = run("components", "--dataverse", "Tour", "--dataset", "CheckIns", "--endpoint",
                "http://127.0.0.1:1");
        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).startsWith("error: no spatial-lsm cluster answers at http://127.0.0.1:1");
    }
}

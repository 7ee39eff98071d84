package org.spatiallsm.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.lsm.ComponentMbr;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.GridCounters;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.SkipScanCounters;
import org.spatiallsm.client.lsm.ReadCounts;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;

/** components and bench merge-policies: rendering, measurement and one-line errors (no cluster needed). */
class LsmIntrospectionCommandsTest {

    private static final IndexPartition PARTITION = new IndexPartition("Tour", "CheckIns", "CheckIns", 0);

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private static DiskComponent component(long first, long last, long bytes, boolean merging) {
        return new DiskComponent(first, last, first + 1, last + 1, bytes, OptionalLong.of(bytes / 100), merging);
    }

    private static LsmEvent flush(long t, DiskComponent component, List<DiskComponent> stack) {
        return new LsmEvent(LsmEvent.FLUSH, "asterix_nc1", PARTITION, "2026-11-22T09:00:00Z", t,
                Optional.of(component), List.of(), component.bytes(), OptionalDouble.empty(), stack);
    }

    private static LsmEvent merge(long t, List<DiskComponent> inputs, DiskComponent output, List<DiskComponent> stack) {
        return new LsmEvent(LsmEvent.MERGE, "asterix_nc1", PARTITION, "2026-11-22T09:00:00Z", t, Optional.of(output),
                inputs, output.bytes(), OptionalDouble.of(1), stack);
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
                "candidates", "results", "false positives", "re-seeks");
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
                "opened/search");
        assertThat(lines.get(9)).containsSubsequence("locationIndex", "6", "5", "4", "0.83");
        assertThat(lines).hasSize(10);

        String json = ComponentsCommand.json("Tour", "CheckIns", 7, indexes);
        assertThat(json).contains("\"readAmplification\" : [ {\n    \"index\" : \"locationIndex\",\n"
                + "    \"searches\" : 6,\n    \"componentsOpened\" : 5,\n    \"componentsSkipped\" : 4\n  } ]");
        assertThat(json).contains("\"mbr\" : {\n        \"min\" : [ -10.0, 40.0 ],")
                .contains("\"primary\" : true,\n    \"flushCount\" : 2,\n    \"searches\" : null,")
                .contains("\"mbr\" : null,\n      \"level\" : null");
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
        assertThat(ComponentsCommand.json("Tour", "CheckIns", 7, indexes)).contains("\"level\" : 0")
                .contains("\"level\" : 1").doesNotContain("\"level\" : null");
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

    @Test
    void componentTableSaysWhenNoNodeStoresTheDataset() {
        assertThat(ComponentsCommand.table("Tour", "CheckIns", 7, List.of()))
                .endsWith("no node stores an index partition of it\n");
    }

    @Test
    void benchRowComparesTheEnginesBytesWithTheSimulatorsForTheSameFlushes() {
        PolicyDescriptor constantAll = MergePolicies.byName("constant-all");
        DiskComponent first = component(0, 0, 100, false);
        DiskComponent second = component(1, 1, 100, false);
        // The engine's merge output is smaller than its inputs' sum (one component's overhead less).
        DiskComponent merged = component(0, 1, 190, false);
        List<LsmEvent> events = List.of(flush(1, first, List.of(first)), flush(2, second, List.of(second, first)),
                merge(2, List.of(second, first), merged, List.of(merged)));

        long overhead = MergeBenchRow.fittedComponentOverhead(events).orElseThrow();
        MergeBenchRow row = MergeBenchRow.measure("constant-all k=1", constantAll.create(
                PolicyParameters.parse(constantAll, java.util.Map.of("k", "1"))), events, 1000, 2.0, 0.5, overhead);

        assertThat(overhead).isEqualTo(10);
        assertThat(row.partitions()).isEqualTo(1);
        assertThat(row.flushes()).isEqualTo(2);
        assertThat(row.engineWLogged()).isCloseTo((200 + 190) / 200.0, within(1e-9));
        assertThat(row.sum().wLogged()).isCloseTo(2.0, within(1e-9));
        assertThat(row.differencePercent(row.sum())).isCloseTo(-2.5, within(1e-9));
        assertThat(row.overhead().wLogged()).isCloseTo((200 + 190) / 200.0, within(1e-9));
        assertThat(row.differencePercent(row.overhead())).isCloseTo(0, within(1e-9));
        // After flush 1 one component stood when flush 2 arrived; after flush 2 the merge left one.
        assertThat(row.engineRA()).isCloseTo(1.0, within(1e-9));
        assertThat(row.sum().ra()).isCloseTo(1.0, within(1e-9));
        assertThat(row.engineMerges()).isEqualTo(1);
        assertThat(row.sum().merges()).isEqualTo(1);
        assertThat(row.recordsPerSecond()).isEqualTo(500.0);
        assertThat(MergeBenchRow.table("title", List.of(row))).contains("constant-all k=1").contains("-2.50%")
                .contains("+0.00%").contains("2x1").contains("1/1/1").contains("same");
        assertThat(row.sameDecisions()).isTrue();

        // Had the engine not merged, the core (which merges everything above k = 1) would have decided otherwise.
        MergeBenchRow unmerged = MergeBenchRow.measure("constant-all k=1", constantAll.create(
                PolicyParameters.parse(constantAll, java.util.Map.of("k", "1"))), events.subList(0, 2), 1000, 2.0,
                0.5, overhead);
        assertThat(unmerged.sameDecisions()).isFalse();
        assertThat(MergeBenchRow.table("title", List.of(unmerged))).contains("DIFFER");
    }

    @Test
    void noMergeNoFittedOverhead() {
        DiskComponent first = component(0, 0, 100, false);
        assertThat(MergeBenchRow.fittedComponentOverhead(List.of(flush(1, first, List.of(first)))))
                .isEmpty();
    }

    @Test
    void benchRejectsUnequalFlushesUnknownParametersAndPoliciesInOneLine() {
        CliRun unequal = run("bench", "merge-policies", "--records", "10", "--flushes", "3", "--endpoint",
                "http://127.0.0.1:1");
        assertThat(unequal.exitCode()).isEqualTo(2);
        assertThat(unequal.err().strip()).isEqualTo("error: --records (10) must be a positive multiple of --flushes "
                + "(3), so that every flush takes the same number of records");

        CliRun unknownParameter = run("bench", "merge-policies", "--policies", "binomial,bigtable", "--param",
                "size-ratio=4", "--endpoint", "http://127.0.0.1:1");
        assertThat(unknownParameter.exitCode()).isEqualTo(2);
        assertThat(unknownParameter.err().strip()).isEqualTo(
                "error: --param size-ratio is a parameter of none of the policies binomial, bigtable");

        CliRun badValue = run("bench", "merge-policies", "--policies", "binomial", "--param", "k=0");
        assertThat(badValue.exitCode()).isEqualTo(2);
        assertThat(badValue.err()).startsWith("error: merge policy 'binomial': invalid value '0' for parameter 'k'");

        CliRun unknownPolicy = run("bench", "merge-policies", "--policies", "constant");
        assertThat(unknownPolicy.exitCode()).isEqualTo(2);
        assertThat(unknownPolicy.err()).startsWith("error: unknown merge policy 'constant'");

        CliRun negativeWarmUp = run("bench", "merge-policies", "--warm-up-flushes", "-1");
        assertThat(negativeWarmUp.exitCode()).isEqualTo(2);
        assertThat(negativeWarmUp.err().strip()).isEqualTo("error: --warm-up-flushes must be >= 0, got -1");

        CliRun unknownIndex = run("bench", "merge-policies", "--index", "btree");
        assertThat(unknownIndex.exitCode()).isEqualTo(2);
        assertThat(unknownIndex.err()).contains("--index").contains("primary, rtree");
    }

    @Test
    void componentsWithoutAClusterExitsWithThree() {
        CliRun run = run("components", "--dataverse", "Tour", "--dataset", "CheckIns", "--endpoint",
                "http://127.0.0.1:1");
        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).startsWith("error: no spatial-lsm cluster answers at http://127.0.0.1:1");
    }
}

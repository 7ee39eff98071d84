package org.spatiallsm.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.spatiallsm.cli.LsmFixtures.component;
import static org.spatiallsm.cli.LsmFixtures.flush;
import static org.spatiallsm.cli.LsmFixtures.merge;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.spatiallsm.cli.CliRun;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.StudyBench;
import org.spatiallsm.experiment.bench.MergeBenchRow;
import org.spatiallsm.experiment.study.MergePoliciesStudy;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;

import picocli.CommandLine;

/** bench merge-policies: measurement against the simulator and one-line errors (no cluster needed). */
class MergePoliciesBenchCommandTest {

    private static CliRun run(String... args) {
        return CliRun.of(args);
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
                PolicyParameters.parse(constantAll, Map.of("k", "1"))), events, 1000, 2.0, overhead);

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
        assertThat(row.decisionDifference()).isEmpty();

        // Had the engine not merged, the core (which merges everything above k = 1) would have decided otherwise.
        MergeBenchRow unmerged = MergeBenchRow.measure("constant-all k=1", constantAll.create(
                PolicyParameters.parse(constantAll, Map.of("k", "1"))), events.subList(0, 2), 1000, 2.0,
                overhead);
        assertThat(unmerged.decisionDifference()).hasValueSatisfying(why -> assertThat(why)
                .contains("the core merges").contains("the engine nothing"));
        assertThat(MergeBenchRow.table("title", List.of(unmerged))).contains("DIFFER")
                .contains("decisions of constant-all k=1 differ in partition " + unmerged.decisionDifference().get());
    }

    @Test
    void noMergeNoFittedOverhead() {
        DiskComponent first = component(0, 0, 100, false);
        assertThat(MergeBenchRow.fittedComponentOverhead(List.of(flush(1, first, List.of(first)))))
                .isEmpty();
    }

    @Test
    void theWarmUpUnderTheFirstPolicyGetsOnlyTheParametersThatPolicyDeclares() {
        MergePoliciesBenchCommand command = new MergePoliciesBenchCommand();
        new CommandLine(command).parseArgs("--policies", "binomial,tiered", "--param", "k=2", "--param",
                "size-ratio=2", "--records", "400", "--flushes", "4", "--index", "rtree");
        PolicyDescriptor binomial = MergePolicies.byName("binomial");

        List<String> warmUp = command.knobs(List.of(PolicyParameters.parse(binomial, Map.of("k", "2"))), 200);

        assertThat(warmUp).contains("records=200", "recordsPerFlush=100", "index=rtree", "policies=binomial",
                "policyParameters=k=2");
        assertThat(StudyBench.configurations(new MergePoliciesStudy(), Scale.SMOKE, warmUp))
                .extracting(Configuration::id).containsExactly("binomial");
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
                "error: policy parameter size-ratio is a parameter of none of the policies binomial, bigtable");

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
}

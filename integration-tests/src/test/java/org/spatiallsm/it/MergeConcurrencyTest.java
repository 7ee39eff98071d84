package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.PartitionHistories;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.simulation.DecisionReplay;
import org.spatiallsm.merge.simulation.DecisionReplay.Decision;
import org.spatiallsm.merge.simulation.PartitionHistory;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * Flushes that land while merges run. Disk writes are rate-limited, so a merge of a few components outlasts the gap
 * between two flushes, and the flushes follow each other without waiting for merges.
 *
 * <p>Per-flush equality with the simulator does not hold here, and cannot: a flush that lands during a merge is
 * added to the stack as it is, with the merge's inputs still in place, and the policy's next decision for that
 * flush waits for the merge to complete. So the test asserts what does hold: nothing deadlocks and every merge
 * completes; every stack is a contiguous partition of the flushes; bounded-depth policies never exceed k + 2
 * components (k + 2 while merges are behind, k once they are done); and at every decision point the engine did
 * exactly what the policy core decides for the stack, flush count and event the introspection shows.
 */
@Tag("extended") // rate-limited disk writes make it slow by design: ./scripts/test --extended runs it
class MergeConcurrencyTest {

    private static final int FLUSHES = 16;
    private static final int RECORDS_PER_FLUSH = 1000;
    /** Per dataset partition, flushes and merges together: a merge of 3 flushes takes about 0.5 s. */
    private static final String WRITE_RATE_LIMIT = "storage.write.rate.limit=2MB";
    private static final Set<String> BOUNDED_DEPTH = Set.of("binomial", "min-latency", "bigtable", "exploring",
            "constant-all");

    private static SpatialTestCluster cluster;

    @BeforeAll
    static void startRateLimitedCluster() throws Exception {
        String conf;
        try (InputStream in = SpatialTestCluster.class.getResourceAsStream("cc.conf")) {
            conf = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        cluster = new SpatialTestCluster(Path.of("target", "spatial-test-cluster"),
                conf.replace("[nc]\n", "[nc]\n" + WRITE_RATE_LIMIT + "\n"));
        cluster.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        cluster.stop();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "binomial     | {\"k\": 3} | 3",
        "min-latency  | {\"k\": 3} | 3",
        "tiered       | {\"size-ratio\": 3} | 0",
        "bigtable     | {\"k\": 3} | 3",
        "exploring    | {\"k\": 4, \"min-merge\": 3, \"max-merge\": 4} | 4",
        "constant-all | {\"k\": 3} | 3",
    })
    void flushesLandingDuringMergesKeepEveryGuarantee(String policy, String parameters, int k) throws Exception {
        FlushDriver driver = new FlushDriver(cluster.client(), "Concurrent_" + policy.replace('-', '_'), "Flushed")
                .create(policy, parameters);
        for (int t = 1; t <= FLUSHES; t++) {
            driver.insert(RECORDS_PER_FLUSH);
            driver.flush(); // returns once the flush is installed, which flow control may delay; merges go on
        }
        List<IndexComponents> settled = driver.awaitQuiescence(Duration.ofSeconds(120));

        MergePolicy core = EngineSchedule.core(policy, parameters);
        Map<IndexPartition, List<LsmEvent>> byPartition = driver.events().stream()
                .collect(Collectors.groupingBy(LsmEvent::where));
        assertThat(byPartition).hasSize(2);
        long flushesDuringMerges = 0;
        for (List<LsmEvent> events : byPartition.values()) {
            assertThat(events.stream().filter(LsmEvent::isFlush)).hasSize(FLUSHES);
            events.stream().filter(e -> !e.stack().isEmpty()).forEach(MergeConcurrencyTest::assertContiguous);
            assertDecisionsAreTheCores(core, events);
            flushesDuringMerges += events.stream().filter(LsmEvent::isFlush)
                    .filter(e -> e.stack().stream().anyMatch(DiskComponent::merging)).count();
            if (BOUNDED_DEPTH.contains(policy)) {
                assertThat(events).allSatisfy(e -> assertThat(e.stack().size()).as("components at %s", e)
                        .isLessThanOrEqualTo(k + 2));
            }
        }
        assertThat(flushesDuringMerges).as("flushes that landed during a merge").isPositive();
        if (BOUNDED_DEPTH.contains(policy)) {
            assertThat(settled).allSatisfy(p -> assertThat(p.components()).hasSizeLessThanOrEqualTo(k));
        }
    }

    /** Newest first, the components cover flush sequences flushCount - 1 down to 0 without gap or overlap. */
    private static void assertContiguous(LsmEvent event) {
        long next = event.flushCount() - 1;
        for (DiskComponent component : event.stack()) {
            assertThat(component.lastSequence()).as("stack of %s", event).isEqualTo(next);
            next = component.firstSequence() - 1;
        }
        assertThat(next).as("stack of %s reaches the first flush", event).isEqualTo(-1);
    }

    /**
     * After each flush and each merge completion, the engine schedules exactly the merge the core picks for the
     * stack the event shows (or none), and every scheduled merge completes with exactly its inputs.
     */
    private static void assertDecisionsAreTheCores(MergePolicy core, List<LsmEvent> events) {
        PartitionHistory history = PartitionHistories.of(events);
        for (Decision decision : DecisionReplay.decisionsAtEachEvent(core, history)) {
            assertThat(decision.engine()).as("merge scheduled after %s", decision.after()).isEqualTo(decision.core());
        }
        assertThat(history.scheduledMergesNeverInstalled()).as("scheduled merges that never completed with exactly "
                + "their inputs").isEmpty();
    }
}

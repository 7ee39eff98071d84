package org.spatiallsm.it;

import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SharedSpatialCluster;

/**
 * The engine follows the simulator: each policy's dataset gets flushes of equal record counts, and after every flush
 * (once the merges it triggered have completed) each index partition's disk components, as flush intervals, are
 * exactly what the simulator predicts for the flush sizes the engine really wrote.
 */
@SharedSpatialCluster
class MergeScheduleTest {

    private static final int FLUSHES = 20;
    private static final int RECORDS_PER_FLUSH = 1000;
    /** Policies whose decisions do not depend on the sizes of merged components. */
    private static final Set<String> SIZE_INDEPENDENT = Set.of("binomial", "min-latency", "constant-all");

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "binomial     | {\"k\": 3}",
        "min-latency  | {\"k\": 3}",
        "tiered       | {\"size-ratio\": 3}",
        "bigtable     | {\"k\": 3}",
        "exploring    | {\"k\": 4, \"min-merge\": 3, \"max-merge\": 4}",
        "constant-all | {\"k\": 3}",
    })
    void engineStackEqualsTheSimulatorsAfterEveryFlush(String policy, String parameters, QueryServiceClient client)
            throws Exception {
        FlushDriver driver = new FlushDriver(client, "Schedule_" + policy.replace('-', '_'), "Flushed")
                .create(policy, parameters);
        EngineSchedule schedule = new EngineSchedule(policy, parameters);

        for (int t = 1; t <= FLUSHES; t++) {
            schedule.recordFlush(t, driver.flushAndSettle(RECORDS_PER_FLUSH));
        }

        schedule.assertFollowsSimulator(driver.events(), !SIZE_INDEPENDENT.contains(policy));
    }
}

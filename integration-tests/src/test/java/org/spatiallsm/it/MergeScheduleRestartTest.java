package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

/** Binomial's schedule depends on the flush count t; t lives in the component files and survives a restart. */
@ExtendWith(SpatialClusterExtension.class)
class MergeScheduleRestartTest {

    private static final int RECORDS_PER_FLUSH = 1000;

    @Test
    void binomialContinuesItsScheduleAfterARestart(SpatialTestCluster cluster) throws Exception {
        String parameters = "{\"k\": 3}";
        FlushDriver driver = new FlushDriver(cluster.client(), "Restarted", "Flushed").create("binomial", parameters);
        EngineSchedule schedule = new EngineSchedule("binomial", parameters);
        for (int t = 1; t <= 9; t++) {
            schedule.recordFlush(t, driver.flushAndSettle(RECORDS_PER_FLUSH));
        }
        List<IndexComponents> beforeRestart = driver.components();

        cluster.restart();

        assertThat(driver.components()).as("stack and flush count after the restart").isEqualTo(beforeRestart);
        // Flush 10 keeps 3 components under k = 3 only if t continues at 10 ([9-10, 6-8, 1-5]); a schedule restarted
        // at t = 1 would merge differently from here on.
        for (int t = 10; t <= 18; t++) {
            schedule.recordFlush(t, driver.flushAndSettle(RECORDS_PER_FLUSH));
        }
        schedule.assertFollowsSimulator(driver.events(), false);
    }
}

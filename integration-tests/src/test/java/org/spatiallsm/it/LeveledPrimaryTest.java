package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * A leveled primary index with its secondary indexes across a restart: every primary component comes back at its
 * level (read from the manifest), recovery finds every acknowledged record, the primary and every secondary index
 * still answer as the model, the primary-key lookups prune as before, and later rounds work. The default suite
 * creates a leveled primary index beside other indexes ({@code LeveledDdlTest}), without this workload: three rounds
 * of it alone took 46 s under a load average of 25.
 */
@Tag("extended") // a cluster of its own and a restart: ./scripts/test --extended runs it
@ExtendWith(SpatialClusterExtension.class)
class LeveledPrimaryTest {

    @Test
    void aRestartKeepsTheLevelsAndEveryRecord(SpatialTestCluster cluster) throws Exception {
        LeveledPrimaryWorkload workload = new LeveledPrimaryWorkload(cluster.client(), "LeveledPrimaryRestart");
        workload.create();
        for (int round = 0; round < 5; round++) {
            workload.round();
        }
        workload.assertPrimaryKeyLookupsPrune();
        // Its upserts are flushed before the restart, which would flush them itself and so change the components.
        workload.round();
        workload.assertEveryIndexMatches();
        List<IndexComponents> before = workload.partitions(LeveledPrimaryWorkload.DATASET);

        cluster.restart();
        workload.reconnect(cluster.client());
        List<IndexComponents> after = workload.partitions(LeveledPrimaryWorkload.DATASET);
        assertThat(after.stream().map(IndexComponents::levels).toList()).as("levels after the restart")
                .isEqualTo(before.stream().map(IndexComponents::levels).toList());
        assertThat(after.stream().map(IndexComponents::components).toList()).as("components after the restart")
                .isEqualTo(before.stream().map(IndexComponents::components).toList());
        workload.assertEveryIndexMatches();
        workload.assertPrimaryKeyLookupsPrune();
        workload.round();
        workload.round();
        workload.assertEveryIndexMatches();
        workload.assertPrimaryKeyLookupsPrune();
    }

    /**
     * Changes made after the last flush are in no component: after a crash (a power-cut image of the nodes), recovery
     * replays them from the log into the leveled primary and its secondaries, and nothing acknowledged is lost.
     */
    @Test
    void recoveryReplaysWhatNoFlushWrote(SpatialTestCluster cluster) throws Exception {
        LeveledPrimaryWorkload workload = new LeveledPrimaryWorkload(cluster.client(), "LeveledPrimaryRecovery");
        workload.create();
        for (int round = 0; round < 3; round++) {
            workload.round();
        }
        workload.change();

        cluster.restartFromCrashImage();
        workload.reconnect(cluster.client());
        workload.assertEveryIndexMatches();
        workload.round();
        workload.assertEveryIndexMatches();
    }
}

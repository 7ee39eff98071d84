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
 * A leveled secondary B-tree across a restart: every component comes back at its level with its entries (read from
 * the manifest), the queries still find exactly the model's records and prune as before, and the index keeps
 * working afterwards. The same workload without the restart runs in the default suite ({@code LeveledDdlTest}).
 */
@Tag("extended") // a cluster of its own and a restart: ./scripts/test --extended runs it
@ExtendWith(SpatialClusterExtension.class)
class LeveledBTreeTest {

    @Test
    void aRestartKeepsLevelsAndAnswers(SpatialTestCluster cluster) throws Exception {
        LeveledBTreeWorkload workload = new LeveledBTreeWorkload(cluster.client(), "LeveledBTree");
        workload.create();
        for (int round = 0; round < 6; round++) {
            workload.round();
        }
        List<IndexComponents> before = workload.partitions();
        workload.assertRangesMatch();

        cluster.restart();
        workload.reconnect(cluster.client());
        List<IndexComponents> after = workload.partitions();
        assertThat(after.stream().map(IndexComponents::levels).toList()).as("levels after the restart")
                .isEqualTo(before.stream().map(IndexComponents::levels).toList());
        assertThat(after.stream().map(IndexComponents::components).toList()).as("components after the restart")
                .isEqualTo(before.stream().map(IndexComponents::components).toList());
        workload.assertRangesMatch();
        workload.assertPointLookupsMatchAndPrune();
        workload.round();
        workload.round();
        workload.assertRangesMatch();
        workload.assertPointLookupsMatchAndPrune();
    }
}

package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * The four index organisations under the leveled policy across a restart: every component comes back at its level
 * (read from the manifest), windows and kNN through each organisation still give exactly the model's answers and
 * prune as before, and the indexes keep working afterwards. The same workload without the restart runs in the
 * default suite ({@code LeveledDdlTest}).
 */
@Tag("extended") // a cluster of its own and a restart: ./scripts/test --extended runs it
@ExtendWith(SpatialClusterExtension.class)
class LeveledOrganisationTest {

    @Test
    void aRestartKeepsLevelsAndAnswers(SpatialTestCluster cluster) throws Exception {
        LeveledOrganisationWorkload workload = new LeveledOrganisationWorkload(cluster.client(),
                "LeveledOrganisations");
        workload.create();
        for (int round = 0; round < 6; round++) {
            workload.round();
        }
        workload.assertWindowsMatchAndPrune();
        workload.assertNearestMatch();
        Map<String, List<IndexComponents>> before = workload.partitions();

        cluster.restart();
        workload.reconnect(cluster.client());
        Map<String, List<IndexComponents>> after = workload.partitions();
        for (String field : LeveledOrganisationWorkload.INDEXES.keySet()) {
            assertThat(after.get(field).stream().map(IndexComponents::levels).toList())
                    .as("levels of %s after the restart", field)
                    .isEqualTo(before.get(field).stream().map(IndexComponents::levels).toList());
            assertThat(after.get(field).stream().map(IndexComponents::components).toList())
                    .as("components of %s after the restart", field)
                    .isEqualTo(before.get(field).stream().map(IndexComponents::components).toList());
        }
        workload.assertWindowsMatchAndPrune();
        workload.assertNearestMatch();
        workload.round();
        workload.round();
        workload.assertWindowsMatchAndPrune();
        workload.assertNearestMatch();
    }
}

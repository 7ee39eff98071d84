package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk while the leveled R-tree writes data, not metadata: the pages of a flushed component, a merge's
 * temporary files (its output table and the partitioner's spilled runs) and a merge output's last pages
 * ({@code -Dspatiallsm.fail.at}, see {@code FaultPoints}). Each must fail its flush or merge, so that the NC halts as
 * AsterixDB halts on a failed flush or merge, with the injected error in its log; the cluster then starts without
 * the fault and no manual repair, and every acknowledged record and delete, the whole R-tree and the index
 * directories (no orphan file) must be right. The failed writes of the manifest are {@link CrashSafetyTest}'s.
 */
@Tag("extended") // a cluster of its own and three restarts; the default suite halts and restarts on failed writes
// through CrashSafetyTest's fault points: ./scripts/test --extended runs it
class DiskFullFaultsTest {

    private static final CrashConfiguration DATA_WRITES = new CrashConfiguration(
            "leveled str, cap 100, full disk at data writes", CrashConfiguration.LEVELED_STR_CAP_100, "",
            List.of(CrashRun.FAULT + "leveled.flush.write@3", CrashRun.FAULT + "leveled.merge.spill@1",
                    CrashRun.FAULT + "leveled.merge.output-write@2"));

    /** Kept when the test fails: its logs and data show what went wrong. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path var;

    @Test
    void dataSurvivesAFullDiskAtEachDataWrite() throws Exception {
        assertThat(new CrashRun(DATA_WRITES, DistributionCluster.assembledHome(), var, CrashWorkload.SMALL_BATCH, 0,
                19, System.out).deterministic()).isEmpty();
    }
}

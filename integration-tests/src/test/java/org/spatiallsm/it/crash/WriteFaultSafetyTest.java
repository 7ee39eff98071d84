package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Failed writes of the leveled R-tree (a full disk at a named phase, {@code -Dspatiallsm.fail.at}, see
 * {@code FaultPoints}) on the assembled distribution: the failure must fail its flush or merge, so that the NC halts
 * as AsterixDB halts on any failed flush or merge, and after the restart every acknowledged record, every delete and
 * the whole R-tree must be right. Deterministic: each failure comes at a given visit of its point.
 */
class WriteFaultSafetyTest {

    /** Kept when a test fails: its logs and data show what went wrong. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path var;

    static List<CrashConfiguration> configurations() {
        return CrashConfiguration.FAULTS;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void aFailedWriteHaltsTheNodeAndLosesNothing(CrashConfiguration configuration) throws Exception {
        CrashRun run = new CrashRun(configuration, DistributionCluster.assembledHome(), var,
                CrashWorkload.SMALL_BATCH, 17, System.out);
        assertThat(run.deterministic()).isEmpty();
    }
}

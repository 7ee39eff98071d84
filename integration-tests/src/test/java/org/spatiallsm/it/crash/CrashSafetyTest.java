package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The short crash test of the default suite: the assembled distribution's NCs halt at named storage phases
 * ({@code -Dspatiallsm.crash.at}), the cluster is killed and restarted, and the data checks hold after each restart.
 * Deterministic: a crash comes when the node reaches the point, never after a timer. The long random variant is
 * {@code scripts/crash-test} ({@link RandomCrashTest}).
 */
class CrashSafetyTest {

    /** Kept when a test fails: its logs and data show what went wrong. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path var;

    static List<CrashConfiguration> configurations() {
        return CrashConfiguration.DEFAULT;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void dataSurvivesACrashAtEachPoint(CrashConfiguration configuration) throws Exception {
        CrashRun run = new CrashRun(configuration, DistributionCluster.assembledHome(), var,
                CrashWorkload.SMALL_BATCH, 13, System.out);
        assertThat(run.deterministic()).isEmpty();
    }
}

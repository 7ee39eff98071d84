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
 * ({@code -Dspatiallsm.crash.at}), or their writes fail at named phases ({@code -Dspatiallsm.fail.at}), the cluster
 * is killed and restarted, and the data checks hold after each restart.
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

    /**
     * Each configuration's points in one run of its cluster: at a crash point the NC halts; at a fault point
     * ({@code -Dspatiallsm.fail.at}, see {@code FaultPoints}) a write fails as on a full disk, and a failed commit
     * or flush edit must fail its flush or merge, so that the NC halts as AsterixDB halts on any failed flush or
     * merge, while a failed move, manifest rewrite or merge temporary directory must leave things as they were (or
     * use the fallback) and the node go on. After each restart (and after each survived fault) every acknowledged
     * record, every delete, the whole R-tree and the leveled invariants must be right.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void dataSurvivesACrashOrAFailedWriteAtEachPoint(CrashConfiguration configuration) throws Exception {
        assertThat(run(configuration, 13)).isEmpty();
    }

    private List<String> run(CrashConfiguration configuration, long seed) throws Exception {
        return new CrashRun(configuration, DistributionCluster.assembledHome(), var, CrashWorkload.SMALL_BATCH, seed,
                System.out).deterministic();
    }
}

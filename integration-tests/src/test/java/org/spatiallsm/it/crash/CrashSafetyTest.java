package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The short crash test of the default suite: the assembled distribution's NCs halt at named storage phases
 * ({@code -Dspatiallsm.crash.at}), or their writes fail at named phases ({@code -Dspatiallsm.fail.at}), the cluster
 * is killed and restarted, and the data checks hold after each restart.
 * Deterministic: a crash comes when the node reaches the point, never after a timer. Besides, two kills at a random
 * moment of a dataset with the four index organisations, whose checks must hold wherever the kill lands. The long
 * random variant is {@code scripts/crash-test} ({@link RandomCrashTest}).
 */
class CrashSafetyTest {

    /** Few, to keep the default suite short; the extended test kills more. */
    private static final int ORGANISATION_KILLS = 1;
    /** Feed records per step of the extended organisations' kills. */
    private static final int EXTENDED_FEED_BATCH = 100;
    /** The four organisations' dataset, without crash points: only the kills. */
    private static final CrashConfiguration ORGANISATIONS_KILLS_ONLY = new CrashConfiguration(
            CrashConfiguration.ORGANISATIONS.name(), CrashConfiguration.ORGANISATIONS.ddl(), "", List.of(),
            CrashConfiguration.ORGANISATIONS.indexes());

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

    static List<CrashConfiguration> extendedConfigurations() {
        return CrashConfiguration.EXTENDED;
    }

    /**
     * The stack policy's crash point, and the leveled R-tree halted at each of its seven crash points and failed at
     * the fault points the default suite leaves out: {@code ./scripts/test --extended}.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("extendedConfigurations")
    @Tag("extended")
    void dataSurvivesACrashAtEveryPoint(CrashConfiguration configuration) throws Exception {
        assertThat(run(configuration, 13)).isEmpty();
    }

    /**
     * DHB, DHVB, SHB and SIF indexes on one dataset, under four stack policies: the whole cluster is killed
     * ({@code kill -9}) {@value #ORGANISATION_KILLS} times while the workload inserts, moves, deletes, flushes and
     * queries, each time 0 to 300 ms after 1 to 3 steps, and after each restart every check holds for each of the four
     * indexes. Whatever moment the kill hits, the checks must hold: nothing here depends on where it lands.
     */
    @Test
    void organisationsSurviveKillsWhileWriting() throws Exception {
        assertThat(new CrashRun(ORGANISATIONS_KILLS_ONLY, DistributionCluster.assembledHome(), var,
                CrashWorkload.SMALL_BATCH, 0, 24, System.out).random(ORGANISATION_KILLS, 3, 1, CrashRun.Kill.CLUSTER))
                .isEmpty();
    }

    /**
     * The same, but each kill is of one NC alone, which the CC starts again while the other NC and the CC run on:
     * {@code ./scripts/test --extended}.
     */
    @Test
    @Tag("extended")
    void organisationsSurviveKillsOfOneNode() throws Exception {
        assertThat(new CrashRun(ORGANISATIONS_KILLS_ONLY, DistributionCluster.assembledHome(), var,
                CrashWorkload.SMALL_BATCH, 0, 25, System.out).random(4, 3, 1, CrashRun.Kill.ONE_NODE)).isEmpty();
    }

    /**
     * The same with more kills, then a halt at each stack crash point, while {@value #EXTENDED_FEED_BATCH} records a
     * step also come through the socket feed: {@code ./scripts/test --extended}.
     */
    @Test
    @Tag("extended")
    void organisationsSurviveManyKillsAndEveryStackCrashPoint() throws Exception {
        assertThat(new CrashRun(CrashConfiguration.ORGANISATIONS, DistributionCluster.assembledHome(), var,
                CrashWorkload.SMALL_BATCH, EXTENDED_FEED_BATCH, 2424, System.out).random(10, 4, 3,
                        CrashRun.Kill.CLUSTER)).isEmpty();
    }

    private List<String> run(CrashConfiguration configuration, long seed) throws Exception {
        return new CrashRun(configuration, DistributionCluster.assembledHome(), var, CrashWorkload.SMALL_BATCH, 0,
                seed, System.out).deterministic();
    }
}

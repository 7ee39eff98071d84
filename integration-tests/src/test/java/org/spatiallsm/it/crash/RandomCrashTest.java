package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The long crash test, run by {@code scripts/crash-test} and skipped by the default suite: for each configuration
 * of {@link CrashConfiguration#RANDOM}, {@code kill -9} of the whole cluster at random times while the workload
 * (with {@value CrashWorkload#FEED_BATCH} socket-feed records a step) merges, {@value #DEFAULT_ITERATIONS} times by
 * default, then a halt at each of its crash points at a random visit, with the checks after every restart. Options
 * (system properties): {@code spatiallsm.crash.iterations}, {@code spatiallsm.crash.seed},
 * {@code spatiallsm.crash.maxSteps} (workload steps before a kill, at most),
 * {@code spatiallsm.crash.maxVisit} (the largest visit a crash point halts at; see {@link CrashRun#random}),
 * {@code spatiallsm.crash.only} (run only the configurations whose name contains it, or one of its
 * {@code |}-separated alternatives) and
 * {@code spatiallsm.crash.kill} ({@code cluster}, the default, or {@code node}: each random kill kills one NC alone).
 */
@EnabledIfSystemProperty(named = "spatiallsm.crash.iterations", matches = "\\d+")
class RandomCrashTest {

    static final int DEFAULT_ITERATIONS = 20;
    static final int DEFAULT_MAX_STEPS = 6;
    static final int DEFAULT_MAX_VISIT = 3;

    @Test
    void dataSurvivesRandomKills() throws Exception {
        int iterations = Integer.getInteger("spatiallsm.crash.iterations", DEFAULT_ITERATIONS);
        long seed = Long.getLong("spatiallsm.crash.seed", System.nanoTime());
        int maxSteps = Integer.getInteger("spatiallsm.crash.maxSteps", DEFAULT_MAX_STEPS);
        int maxVisit = Integer.getInteger("spatiallsm.crash.maxVisit", DEFAULT_MAX_VISIT);
        CrashRun.Kill kill = "node".equals(System.getProperty("spatiallsm.crash.kill", "cluster"))
                ? CrashRun.Kill.ONE_NODE : CrashRun.Kill.CLUSTER;
        System.out.printf("crash-test: %d kills of the %s per configuration, seed %d, each after 1 to %d steps; then "
                + "each crash point at a visit of 1 to %d%n", iterations, kill == CrashRun.Kill.ONE_NODE ? "one NC"
                        : "cluster", seed, maxSteps, maxVisit);
        List<String> only = List.of(System.getProperty("spatiallsm.crash.only", "").split("\\|", -1));
        List<String> violations = new ArrayList<>();
        int configurations = 0;
        int points = 0;
        for (int i = 0; i < CrashConfiguration.RANDOM.size(); i++) {
            CrashConfiguration configuration = CrashConfiguration.RANDOM.get(i);
            if (only.stream().noneMatch(configuration.name()::contains)) {
                continue;
            }
            configurations++;
            points += configuration.crashPoints().size();
            Path var = Files.createTempDirectory("spatial-lsm-crash-");
            List<String> found = new CrashRun(configuration, DistributionCluster.assembledHome(), var,
                    // Each configuration its own draws (the same seed would give each the same kills and visits).
                    CrashWorkload.LARGE_BATCH, CrashWorkload.FEED_BATCH, seed + i, System.out)
                    .random(iterations, maxSteps, maxVisit, kill);
            System.out.printf("crash-test: %s: %d violations (data and logs in %s)%n", configuration, found.size(),
                    var);
            violations.addAll(found);
        }
        System.out.printf("crash-test: %d configurations x %d kills and %d crash points, %d violations%n",
                configurations, iterations, points, violations.size());
        violations.forEach(v -> System.out.println("crash-test: VIOLATED " + v));
        assertThat(violations).as("violated checks (seed " + seed + ")").isEmpty();
    }
}

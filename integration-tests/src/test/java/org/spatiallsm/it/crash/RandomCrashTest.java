package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The long crash test, run by {@code scripts/crash-test} and skipped by the default suite: for each configuration
 * of {@link CrashConfiguration#RANDOM}, {@code kill -9} of the whole cluster at random times while the workload
 * merges, {@value #DEFAULT_ITERATIONS} times by default, with the checks after every restart. Options (system
 * properties): {@code spatiallsm.crash.iterations}, {@code spatiallsm.crash.seed}, {@code spatiallsm.crash.maxUptime}
 * (seconds a cluster runs before the kill, at most; the kill lands uniformly in 0.5 s .. that).
 */
@EnabledIfSystemProperty(named = "spatiallsm.crash.iterations", matches = "\\d+")
class RandomCrashTest {

    static final int DEFAULT_ITERATIONS = 20;

    @Test
    void dataSurvivesRandomKills() throws Exception {
        int iterations = Integer.getInteger("spatiallsm.crash.iterations", DEFAULT_ITERATIONS);
        long seed = Long.getLong("spatiallsm.crash.seed", System.nanoTime());
        Duration maxUptime = Duration.ofSeconds(Long.getLong("spatiallsm.crash.maxUptime", 15));
        System.out.printf("crash-test: %d iterations per configuration, seed %d, kills within %s of each start%n",
                iterations, seed, maxUptime);
        List<String> violations = new ArrayList<>();
        for (CrashConfiguration configuration : CrashConfiguration.RANDOM) {
            Path var = Files.createTempDirectory("spatial-lsm-crash-");
            List<String> found = new CrashRun(configuration, DistributionCluster.assembledHome(), var, seed,
                    System.out).random(iterations, maxUptime);
            System.out.printf("crash-test: %s: %d violations (data and logs in %s)%n", configuration, found.size(),
                    var);
            violations.addAll(found);
        }
        System.out.printf("crash-test: %d configurations x %d kills, %d violations%n",
                CrashConfiguration.RANDOM.size(), iterations, violations.size());
        violations.forEach(v -> System.out.println("crash-test: VIOLATED " + v));
        assertThat(violations).as("violated checks (seed " + seed + ")").isEmpty();
    }
}

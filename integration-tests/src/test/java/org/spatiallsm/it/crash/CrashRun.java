package org.spatiallsm.it.crash;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.spatiallsm.asterixdb.crash.CrashPoints;
import org.spatiallsm.asterixdb.crash.FaultPoints;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;

/**
 * Crashes one configuration's cluster again and again while {@link CrashWorkload} runs, and runs
 * {@link CrashChecks} after every restart. A crash kills every process of the cluster ({@code kill -9}), as a power
 * loss would, and the restart goes through {@code start-cluster}, which waits until the cluster is ACTIVE; or it
 * kills one NC alone, which the CC then starts again through its NC service while the rest runs on.
 */
final class CrashRun {

    /** What a random kill kills. */
    enum Kill {
        /** Every process of the cluster: the NCs, their NC services and the CC. */
        CLUSTER,
        /** One NC, drawn at random; its NC service, the CC and the other NC go on. */
        ONE_NODE
    }

    /** The NCs print this when they halt at a crash point (CrashPoints). */
    private static final String HALT_MESSAGE = "spatial-lsm: crash point ";
    /**
     * A point of a configuration with this prefix is a fault point ({@code FaultPoints}): the NC's write fails there
     * with an I/O error, and the node must then halt by itself (AsterixDB halts on a failed flush or merge).
     */
    static final String FAULT = "fault:";
    /**
     * A fault point whose failed write the node must survive: it logs the failure and goes on (the next steps
     * succeed), and the running cluster is checked; the next crash's restart checks what the failure left on disk, so
     * a configuration's last point is never one of these.
     */
    static final String SURVIVED_FAULT = "survived-fault:";
    /** Steps that must succeed after a survived fault. */
    private static final int STEPS_AFTER_A_SURVIVED_FAULT = 2;
    private static final Duration CRASH_DEADLINE = Duration.ofMinutes(2);
    /**
     * How long a workload step between random kills waits for its flush. Leveled R-trees with a small output cap
     * schedule hundreds of merges per step and the merge policy holds a flush until they catch up: under a load
     * average of 40, a soak's flush waited more than CRASH_DEADLINE behind them, which is slowness, not a fault.
     */
    private static final Duration WORKLOAD_FLUSH_DEADLINE = Duration.ofMinutes(15);
    /** How long a killed NC may take to be started again and join: as long as a cluster start may take. */
    private static final Duration NODE_BACK_DEADLINE = Duration.ofMinutes(10);
    /** A deterministic crash must come within this many workload steps. */
    private static final int MAX_STEPS_TO_CRASH = 40;
    /** A random kill lands this long at most after its step's flush returned, which scheduled the merges. */
    static final int MAX_KILL_DELAY_MILLIS = 300;

    private final CrashConfiguration configuration;
    private final DistributionCluster cluster;
    private final PrintStream progress;
    private final Random random;
    private final CrashWorkload workload;
    private final List<String> violations = new ArrayList<>();

    /**
     * {@code batchSize}: records per workload step, {@link CrashWorkload#SMALL_BATCH} or {@code LARGE_BATCH};
     * {@code feedRecords}: records per step sent through the socket feed, 0 for none.
     */
    CrashRun(CrashConfiguration configuration, Path home, Path var, int batchSize, int feedRecords, long seed,
            PrintStream progress) {
        this.configuration = configuration;
        this.cluster = new DistributionCluster(home, var, configuration.ccJvmOptions());
        this.progress = progress;
        this.random = new Random(seed);
        this.workload = new CrashWorkload(batchSize, feedRecords, random);
    }

    /**
     * Halts an NC at each of the configuration's crash points in turn (or fails its write at each fault point),
     * restarts and checks. The cluster starts once; the points are armed in the running NCs ({@link #arm}) only once
     * a restart's checks have passed: before, the restart's recovery flushes and may merge, and would reach the
     * point before the cluster is ACTIVE. Returns the violations, prefixed by where.
     */
    List<String> deterministic() throws Exception {
        try {
            startAndCreate();
            crashAt(configuration.crashPoints());
        } finally {
            // After the last checks, a kill ends the cluster faster than a clean stop.
            cluster.killAll();
        }
        return violations;
    }

    /** Halts an NC at each of {@code points} in turn, armed in the running cluster; restarts and checks after each. */
    private void crashAt(List<String> points) throws Exception {
        for (String point : points) {
            long started = System.nanoTime();
            if (point.startsWith(SURVIVED_FAULT)) {
                surviveFault(point);
                continue;
            }
            int before = cluster.nodeLogLines(message(point)).size();
            int stepsBefore = workload.steps();
            arm(point);
            CompletableFuture<ProcessHandle> crash = cluster.killAllWhenANodeExits();
            // An NC halting is the only crash here, so any failed step waits for it.
            runUntil(crash, () -> true, MAX_STEPS_TO_CRASH, "crash point " + point);
            if (cluster.nodeLogLines(message(point)).size() <= before) {
                throw new IllegalStateException("an NC of " + configuration + " exited, but not at " + point
                        + "; see " + cluster.var().resolve("logs"));
            }
            disarm();
            int found = violations.size();
            restartAndCheck("after a crash at " + point);
            progress.printf("%s: crash at %s after %d steps, restart and checks: %s (%.0f s)%n", configuration,
                    point, workload.steps() - stepsBefore, outcome(found), (System.nanoTime() - started) / 1e9);
        }
    }

    /**
     * Arms the fault point in the running cluster, runs steps until an NC logs the injected failure, then
     * {@value #STEPS_AFTER_A_SURVIVED_FAULT} more, which must succeed; disarms it and checks the running cluster. The
     * next crash's restart checks what the failure left on disk.
     */
    private void surviveFault(String point) throws Exception {
        long started = System.nanoTime();
        int before = cluster.nodeLogLines(message(point)).size();
        int stepsBefore = workload.steps();
        QueryServiceClient client = CrashWorkload.client();
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, CRASH_DEADLINE);
        arm(point);
        while (cluster.nodeLogLines(message(point)).size() <= before) {
            if (workload.steps() - stepsBefore == MAX_STEPS_TO_CRASH) {
                throw new IllegalStateException(configuration + ": " + point + " not reached in "
                        + MAX_STEPS_TO_CRASH + " steps");
            }
            workload.step(client, lsm);
        }
        for (int step = 0; step < STEPS_AFTER_A_SURVIVED_FAULT; step++) {
            workload.step(client, lsm);
        }
        disarm();
        int found = violations.size();
        check("after a survived fault at " + point);
        progress.printf("%s: fault at %s survived, %d steps, checks: %s (%.0f s)%n", configuration, point,
                workload.steps() - stepsBefore, outcome(found), (System.nanoTime() - started) / 1e9);
    }

    /**
     * {@code iterations} times: run 1 .. {@code maxSteps} workload steps (uniformly), then kill every process of the
     * cluster, or one NC ({@code kill}), 0 .. {@value #MAX_KILL_DELAY_MILLIS} ms later, while the next steps insert,
     * flush and merge; restart it; check. Counting steps rather than seconds keeps the kills among merges on a slow
     * machine too. Then halts an NC once at each of the configuration's crash points, at a visit drawn from
     * 1 .. {@code maxVisit} (so a kill lands in every phase those points name, however the random kills fell),
     * restarting the cluster and checking after each. Prints a line per crash; returns the violations.
     */
    List<String> random(int iterations, int maxSteps, int maxVisit, Kill kill) throws Exception {
        ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor();
        try {
            startAndCreate();
            for (int i = 1; i <= iterations; i++) {
                int stepsBefore = workload.steps();
                int stepsToKill = 1 + random.nextInt(maxSteps);
                long delayMillis = random.nextInt(MAX_KILL_DELAY_MILLIS + 1);
                int node = kill == Kill.ONE_NODE ? 1 + random.nextInt(2) : 0;
                QueryServiceClient client = CrashWorkload.client();
                LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, WORKLOAD_FLUSH_DEADLINE);
                for (int step = 0; step < stepsToKill; step++) {
                    workload.step(client, lsm);
                }
                CompletableFuture<Void> killed = new CompletableFuture<>();
                AtomicBoolean killing = new AtomicBoolean();
                killer.schedule(() -> {
                    killing.set(true);
                    try {
                        if (kill == Kill.ONE_NODE) {
                            cluster.killNode(node);
                        } else {
                            cluster.killAll();
                        }
                        killed.complete(null);
                    } catch (Exception e) {
                        killed.completeExceptionally(e);
                    }
                }, delayMillis, TimeUnit.MILLISECONDS);
                runUntil(killed, killing::get, Integer.MAX_VALUE, "the kill");
                int found = violations.size();
                long started = System.nanoTime();
                if (kill == Kill.ONE_NODE) {
                    restartNodeAndCheck(node, "iteration " + i + " (NC " + node + " killed)");
                } else {
                    restartAndCheck("iteration " + i);
                }
                long scheduled = total(cluster.lsmEventsByIndex("merge-scheduled"));
                Map<String, Long> completed = cluster.lsmEventsByIndex("merge");
                progress.printf("%s: iteration %d/%d: killed %s %d ms after step %d (%d steps completed), %d inserts "
                        + "and %d deletes acknowledged so far, merges scheduled %d, completed %d (%s); restart and "
                        + "checks %.0f s: %s%s%n", configuration, i, iterations,
                        node == 0 ? "the cluster" : "NC " + node, delayMillis, stepsToKill,
                        workload.steps() - stepsBefore,
                        workload.writes().acknowledgedInserts(), workload.writes().acknowledgedDeletes(), scheduled,
                        total(completed), mergesPerIndex(completed), (System.nanoTime() - started) / 1e9,
                        outcome(found), workload.feedStateAtRestart());
            }
            crashAt(configuration.crashPoints().stream().map(p -> name(p) + "@" + (1 + random.nextInt(maxVisit)))
                    .toList());
        } finally {
            killer.shutdownNow();
            cluster.killAll();
        }
        return violations;
    }

    private static long total(Map<String, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The completed merges of the primary index and of each of the configuration's indexes, e.g.
     * {@code Points 0, loc 12}: a combined configuration must show merges in every index.
     */
    private String mergesPerIndex(Map<String, Long> completed) {
        return Stream.concat(Stream.of(CrashWorkload.DATASET), configuration.indexes().stream())
                .map(index -> index + " " + completed.getOrDefault(index, 0L)).collect(Collectors.joining(", "));
    }

    /** "ok", or how many checks failed since {@code found} violations were counted. */
    private String outcome(int found) {
        return violations.size() == found ? "ok" : (violations.size() - found) + " VIOLATED";
    }

    /** Starts the cluster with nothing armed and creates the dataset. */
    private void startAndCreate() throws IOException, InterruptedException {
        disarm();
        cluster.start(armingOptions());
        workload.create(CrashWorkload.client(), configuration);
    }

    /**
     * The NCs' options on every start: their crash and fault points are armed by files ({@code ArmedPoints}), which
     * the run writes while the cluster runs.
     */
    private String armingOptions() {
        return "-D" + CrashPoints.PROPERTY + "=file:" + armed(false) + " -D" + FaultPoints.PROPERTY + "=file:"
                + armed(true);
    }

    /** Arms {@code point} (a crash point, or a fault point with its prefix) in the running NCs. */
    private void arm(String point) throws IOException {
        Files.writeString(armed(isFault(point)), isFault(point) ? faultPoint(point) : point);
    }

    /** Disarms every point: before a restart, whose recovery could reach it, and once a survived fault was seen. */
    private void disarm() throws IOException {
        Files.createDirectories(armed(false).getParent());
        Files.writeString(armed(false), "");
        Files.writeString(armed(true), "");
    }

    private Path armed(boolean faults) {
        return cluster.var().resolve("armed").resolve(faults ? "fault-points" : "crash-points");
    }

    /**
     * Steps the workload until {@code crash} completes. A step that fails when {@code crashBegun} says no crash has
     * begun is a real failure, and so is one after which the crash does not complete within the deadline.
     */
    private void runUntil(CompletableFuture<?> crash, BooleanSupplier crashBegun, int maxSteps, String what)
            throws Exception {
        QueryServiceClient client = CrashWorkload.client();
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, CRASH_DEADLINE);
        for (int step = 0; step < maxSteps && !crash.isDone(); step++) {
            try {
                workload.step(client, lsm);
            } catch (RuntimeException failure) {
                if (!crashBegun.getAsBoolean()) {
                    throw failure;
                }
                try {
                    // The crash cut the step; the watcher may still be killing the other processes.
                    crash.get(CRASH_DEADLINE.toSeconds(), TimeUnit.SECONDS);
                    return;
                } catch (TimeoutException e) {
                    failure.addSuppressed(e);
                    throw failure;
                }
            }
        }
        if (!crash.isDone()) {
            throw new IllegalStateException(configuration + ": " + what + " not reached in " + maxSteps + " steps");
        }
    }

    private void restartAndCheck(String where) throws IOException, InterruptedException {
        try {
            cluster.start(armingOptions());
        } catch (IllegalStateException e) {
            violations.add(configuration + ", " + where + ": " + e.getMessage());
            throw e;
        }
        check(where);
    }

    /**
     * Has the CC start the killed NC {@code node} again (retrying until the CC accepts the request, which only means
     * it passed it on to the NC service), waits until a scan over every partition succeeds (the NC joined and
     * recovered: before, a query fails on the dead node or on the cluster's state), and checks.
     */
    private void restartNodeAndCheck(int node, String where) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + NODE_BACK_DEADLINE.toNanos();
        QueryServiceClient client = CrashWorkload.client();
        boolean started = false;
        while (true) {
            try {
                started = started || cluster.startNode(node);
                if (started) {
                    client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; SELECT VALUE COUNT(*) FROM "
                            + CrashWorkload.DATASET + ";");
                    break;
                }
            } catch (RuntimeException | IOException notYet) {
                if (System.nanoTime() > deadline) {
                    violations.add(configuration + ", " + where + ": NC " + node + " not back within "
                            + NODE_BACK_DEADLINE + ": " + notYet.getMessage());
                    throw notYet;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the CC did not start NC " + node + " within " + NODE_BACK_DEADLINE);
            }
            Thread.sleep(500);
        }
        check(where);
    }

    /**
     * Every check of the running cluster, and what the queries of the steps before found; then the feed, if any,
     * must start again. What fails becomes a violation, prefixed by {@code where}.
     */
    private void check(String where) throws IOException, InterruptedException {
        workload.takeQueryViolations().forEach(v -> violations.add(configuration + ", before " + where + ": " + v));
        QueryServiceClient client = CrashWorkload.client();
        CrashChecks checks = new CrashChecks(cluster, client, new LsmIntrospectionClient(client, CRASH_DEADLINE),
                random, configuration.indexes(), configuration.shape());
        checks.all(workload.writes()).forEach(v -> violations.add(configuration + ", " + where + ": " + v));
        workload.restartFeed(client).forEach(v -> violations.add(configuration + ", " + where + ": " + v));
    }

    /** What an NC's log shows when it reached {@code point}. */
    private static String message(String point) {
        return isFault(point) ? FaultPoints.MESSAGE + name(faultPoint(point)) : HALT_MESSAGE + name(point);
    }

    private static boolean isFault(String point) {
        return point.startsWith(FAULT) || point.startsWith(SURVIVED_FAULT);
    }

    /** The fault point's own name and visit, without the prefix. */
    private static String faultPoint(String point) {
        return point.substring(point.indexOf(':') + 1);
    }

    private static String name(String point) {
        int at = point.indexOf('@');
        return at < 0 ? point : point.substring(0, at);
    }
}

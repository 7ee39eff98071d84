package org.spatiallsm.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Component;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Version;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledSnapshots;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.partitioning.leveled.LeveledView;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Times what a leveled R-tree does under its operation tracker's lock for every flush, on an index partition of N
 * components: the flush edit appended and forced (wall time: it waits for the disk), then the rest (CPU time of the
 * thread, so that other jobs on the machine do not blur it): the version updated, the policy's picture built for
 * {@code isMergeLagging} and again for {@code findMerge}, and both decisions. The components fill levels 1, 2, ...
 * up to their capacities (the policy's defaults, B0 = 2 and B = 10), each level tiled by disjoint MBRs; every flush
 * covers the whole square, so its merge would take all of level 1. After each timed flush the flush is consumed as
 * a merge would consume it (not timed, not written), so N stays constant.
 */
@Command(name = "leveled-flush", mixinStandardHelpOptions = true,
        description = "Per-flush time of the leveled R-tree's work under the operation tracker's lock (manifest "
                + "append and force, version, policy pictures and decisions) against the component count.")
final class LeveledFlushBenchmark implements Callable<Integer> {

    private static final double SIDE = 1000;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    @Spec
    CommandSpec spec;

    @Option(names = "--components", split = ",", defaultValue = "100,1000,10000",
            description = "components of the index partition (default: ${DEFAULT-VALUE})")
    int[] componentCounts;

    @Option(names = "--flushes", defaultValue = "300",
            description = "timed flushes per component count, after as many untimed ones (default: ${DEFAULT-VALUE})")
    int flushes;

    @Option(names = "--dir", description = "directory of the manifests (default: a new one in java.io.tmpdir)")
    Path dir;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (flushes < 1 || Arrays.stream(componentCounts).anyMatch(n -> n < 3)) {
            err.println("error: need --flushes >= 1 and --components >= 3");
            return 2;
        }
        Path directory = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("leveled-flush");
        LeveledPolicy policy = LeveledPolicy.create(Map.of());
        out.printf("Per-flush work under the lock, %d timed flushes each, manifests in %s (JVM %s, %d cores)%n",
                flushes, directory, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        out.printf("%11s %14s %17s %17s %16s%n", "components", "append p50 ms", "rest CPU p50 ms",
                "rest CPU p99 ms", "manifest bytes");
        for (int components : componentCounts) {
            Path manifest = directory.resolve("n" + components).resolve(LeveledManifest.FILE_NAME);
            Files.createDirectories(manifest.getParent());
            Files.deleteIfExists(manifest);
            run(policy, manifest, components, flushes, null);
            long[][] times = new long[2][flushes];
            run(policy, manifest, components, flushes, times);
            out.printf("%,11d %14.3f %17.3f %17.3f %,16d%n", components, percentile(times[0], 50),
                    percentile(times[1], 50), percentile(times[1], 99), Files.size(manifest));
            out.flush();
        }
        if (dir == null) {
            deleteRecursively(directory);
        }
        return 0;
    }

    /** {@code flushes} flushes on a fresh partition of {@code n} components; times into {@code times} if given. */
    private static void run(LeveledPolicy policy, Path manifest, int n, int flushes, long[][] times) {
        List<Component> live = new ArrayList<>();
        List<String> order = new ArrayList<>();
        int remaining = n - 2;
        long serial = 0;
        for (int level = 1; remaining > 0; level++) {
            int count = (int) Math.min(remaining, policy.capacity(level));
            remaining -= count;
            int columns = (int) Math.ceil(Math.sqrt(count));
            double cell = SIDE / columns;
            for (int k = 0; k < count; k++) {
                double x = (k % columns) * cell;
                double y = (k / columns) * cell;
                live.add(new Component(LeveledManifest.Name.output(0, 1, serial++, 0), level,
                        new Rect(x, y, x + cell * 0.99, y + cell * 0.99), 1000, 1 << 20));
            }
        }
        long sequence = 2;
        for (int flush = 0; flush < 2; flush++) {
            sequence++;
            live.add(flushed(sequence));
            order.add(0, flushed(sequence).name());
        }
        live.stream().filter(c -> c.level() > 0).forEach(c -> order.add(c.name()));
        Version version = Version.EMPTY.apply(new LeveledManifest.SnapshotEdit(live, List.of(), serial));
        LeveledManifest.rewrite(manifest, version);
        LeveledSnapshots<Rect> snapshots = LeveledSnapshots.ofMbrs();
        for (int flush = 0; flush < flushes; flush++) {
            sequence++;
            Component record = flushed(sequence);
            LeveledManifest.FlushEdit edit = new LeveledManifest.FlushEdit(record);
            long start = System.nanoTime();
            LeveledManifest.append(manifest, edit);
            long appended = System.nanoTime();
            long cpuStart = CPU.getCurrentThreadCpuTime();
            version = version.apply(edit);
            order.add(0, record.name());
            LeveledView<Rect> lagging = snapshots.snapshot(order, name -> name, name -> false, version).view();
            boolean waits = policy.isMergeLagging(lagging);
            LeveledView<Rect> decide = snapshots.snapshot(order, name -> name, name -> false, version).view();
            boolean merges = policy.findMerge(decide).isPresent();
            long cpuEnd = CPU.getCurrentThreadCpuTime();
            if (times != null) {
                times[0][flush] = appended - start;
                times[1][flush] = cpuEnd - cpuStart;
            }
            if (waits && !merges) {
                throw new IllegalStateException("a flush waits with no merge to wait for");
            }
            // The oldest flush leaves level 0, as the merge the policy decides would take it.
            String oldest = order.remove(2);
            version = version.apply(new LeveledManifest.MergeEdit(serial++, List.of(oldest), List.of(),
                    List.of()));
        }
    }

    private static Component flushed(long sequence) {
        return new Component(sequence + "_" + sequence, 0, new Rect(0, 0, SIDE, SIDE), 1000, 1 << 20);
    }

    private static double percentile(long[] nanos, int percentile) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int index = (int) Math.min(sorted.length - 1, Math.ceil(percentile / 100.0 * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1e6;
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted((a, b) -> b.compareTo(a)).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}

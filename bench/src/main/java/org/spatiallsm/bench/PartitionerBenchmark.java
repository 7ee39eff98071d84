package org.spatiallsm.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Ordering;
import org.spatiallsm.partitioning.ordering.Orderings;
import org.spatiallsm.partitioning.ordering.RowSort;
import org.spatiallsm.partitioning.partitioner.MergeOutcome;
import org.spatiallsm.partitioning.partitioner.PartitionCollector;
import org.spatiallsm.partitioning.partitioner.PartitionInfo;
import org.spatiallsm.partitioning.partitioner.PartitionSink;
import org.spatiallsm.partitioning.partitioner.Partitioner;
import org.spatiallsm.partitioning.partitioner.Partitioners;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.PointDistribution;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.Seeds;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Times every partitioner x ordering on the same merges: a merge of several sorted inputs (components) of generated
 * points, partitioned into outputs of at most {@code --cap} entries. Input generation and sorting are not timed.
 */
@Command(name = "partitioners", mixinStandardHelpOptions = true,
        description = "Throughput and peak memory of the leveled merge's partitioners (size, str, rstar-grove-*) "
                + "with each ordering (hilbert, zorder, simple), side by side.")
final class PartitionerBenchmark implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--points", split = ",", defaultValue = "1000000,4000000",
            description = "merge sizes in points (default: ${DEFAULT-VALUE})")
    int[] sizes;

    @Option(names = "--distribution", defaultValue = "uniform",
            description = "point distribution: uniform, osm-like, gaussian, geospark (default: ${DEFAULT-VALUE})")
    String distribution;

    @Option(names = "--cap", defaultValue = "10000",
            description = "output cap in entries per partition (default: ${DEFAULT-VALUE})")
    int cap;

    @Option(names = "--inputs", defaultValue = "10",
            description = "sorted inputs (components) per merge (default: ${DEFAULT-VALUE})")
    int inputs;

    @Option(names = "--memory-budget", defaultValue = "" + Partitioners.DEFAULT_MEMORY_BUDGET,
            description = "partitioners' memory budget in entries; larger merges run in two passes "
                    + "(default: ${DEFAULT-VALUE})")
    int memoryBudget;

    @Option(names = "--partitioners", split = ",", defaultValue = "size,str,rstar-grove-area,rstar-grove-perimeter",
            description = "partitioners to measure (default: ${DEFAULT-VALUE})")
    List<String> partitioners;

    @Option(names = "--orderings", split = ",", defaultValue = "hilbert,zorder,simple",
            description = "orderings to measure (default: ${DEFAULT-VALUE})")
    List<String> orderings;

    @Option(names = "--seed", defaultValue = "42", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--draw", paramLabel = "FILE",
            description = "instead of timing, draw each partitioner's output MBRs over the points into FILE with "
                    + "the partitioner's name inserted before .png (e.g. parts.png -> parts-str.png)")
    Path draw;

    @Option(names = "--draw-points", defaultValue = "20000",
            description = "points drawn with --draw (default: ${DEFAULT-VALUE})")
    int drawPoints;

    @Option(names = "--draw-cap", defaultValue = "1000",
            description = "output cap with --draw (default: ${DEFAULT-VALUE})")
    int drawCap;

    @Option(names = "--draw-distribution", defaultValue = "osm-like",
            description = "point distribution with --draw (default: ${DEFAULT-VALUE})")
    String drawDistribution;

    @Option(names = "--draw-ordering", defaultValue = "hilbert",
            description = "ordering with --draw; it shapes size partitions (default: ${DEFAULT-VALUE})")
    String drawOrdering;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            validate();
            return draw != null ? drawPictures() : measure();
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("error: cannot write the picture (" + e.getClass().getSimpleName() + " " + e.getMessage()
                    + ")");
            return 1;
        }
    }

    private void validate() {
        if (cap < 1 || drawCap < 1 || inputs < 1 || drawPoints < 1 || memoryBudget < 16) {
            throw new IllegalArgumentException("need --cap, --draw-cap, --inputs, --draw-points >= 1 and "
                    + "--memory-budget >= 16");
        }
        for (int size : sizes) {
            if (size < inputs) {
                throw new IllegalArgumentException("--points " + size + " is smaller than --inputs " + inputs);
            }
        }
        partitioners.forEach(name -> Partitioners.create(name, Map.of()));
        orderings.forEach(Orderings::create);
        Orderings.create(drawOrdering);
        PointDistributions.create(distribution, Map.of(), seed);
        PointDistributions.create(drawDistribution, Map.of(), seed);
    }

    private int measure() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.printf("Partitioning merges of %d sorted inputs of %s points, cap %,d entries, memory budget %,d entries "
                + "(JVM %s, max heap %,d MB, %d cores)%n", inputs, distribution, cap, memoryBudget,
                System.getProperty("java.version"), Runtime.getRuntime().maxMemory() >> 20,
                Runtime.getRuntime().availableProcessors());
        err.println("warming up...");
        Entries warmUp = points(distribution, 50_000);
        for (String ordering : orderings) {
            List<EntryRun> runs = sortedRuns(warmUp, Orderings.create(ordering));
            for (String name : partitioners) {
                run(name, Orderings.create(ordering), runs, Math.max(1, cap / 20));
            }
        }
        Map<String, Result> results = new HashMap<>();
        for (int size : sizes) {
            err.printf("generating %,d %s points...%n", size, distribution);
            Entries all = points(distribution, size);
            for (String orderingName : orderings) {
                Ordering ordering = Orderings.create(orderingName);
                List<EntryRun> runs = sortedRuns(all, ordering);
                for (String name : partitioners) {
                    err.printf("%s + %s on %,d points...%n", name, orderingName, size);
                    err.flush();
                    results.put(name + "/" + orderingName + "/" + size, run(name, ordering, runs, cap));
                }
            }
        }
        printTable(out, results);
        return 0;
    }

    private void printTable(PrintWriter out, Map<String, Result> results) {
        out.printf("%-22s %-8s", "partitioner", "ordering");
        for (int size : sizes) {
            String n = size % 1_000_000 == 0 ? size / 1_000_000 + "M" : String.format("%,d", size);
            out.printf(" | %12s %8s %9s %6s", "rec/s @" + n, "heap MB", "held", "parts");
        }
        out.printf(sizes.length > 1 ? " | %s%n" : "%n", sizes.length > 1 ? "time x" : "");
        for (String name : partitioners) {
            for (String ordering : orderings) {
                out.printf("%-22s %-8s", name, ordering);
                Result first = null;
                Result last = null;
                for (int size : sizes) {
                    Result r = results.get(name + "/" + ordering + "/" + size);
                    out.printf(" | %,12.0f %8d %,9d %6d", size / r.seconds, r.heapBytes >> 20, r.outcome.peakHeld(),
                            r.outcome.partitions().size());
                    first = first == null ? r : first;
                    last = r;
                }
                if (sizes.length > 1) {
                    out.printf(" | %.1f%s", last.seconds / first.seconds, last.outcome.twoPass() ? " (2-pass)" : "");
                }
                out.println();
                out.flush();
            }
        }
        out.print("rec/s: points partitioned per second; heap MB: peak heap above the held inputs; held: peak entries"
                + " held by the partitioner; parts: output partitions");
        out.printf(sizes.length > 1 ? "; time x: time at %,d / time at %,d points%n" : "%n", sizes[sizes.length - 1],
                sizes[0]);
    }

    private record Result(double seconds, long heapBytes, MergeOutcome outcome) {
    }

    private Result run(String name, Ordering ordering, List<EntryRun> runs, int outputCap) {
        Partitioner partitioner = Partitioners.create(name, Map.of("memory-budget", Integer.toString(memoryBudget)));
        System.gc();
        long baseline = heapUsed();
        resetHeapPeaks();
        long start = System.nanoTime();
        MergeOutcome outcome = partitioner.partition(runs, ordering, outputCap, new CountingSink());
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Result(seconds, Math.max(0, heapPeak() - baseline), outcome);
    }

    /** Counts, so that the timing measures the partitioner and not the sink. */
    private static final class CountingSink implements PartitionSink {
        private long entries;

        @Override
        public void begin(int index) {
        }

        @Override
        public void add(Entries block, int row) {
            entries++;
        }

        @Override
        public void end(PartitionInfo info) {
            if (entries != info.entries()) {
                throw new IllegalStateException("partition " + info.index() + " announced " + info.entries()
                        + " entries but delivered " + entries);
            }
            entries = 0;
        }
    }

    private int drawPictures() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Ordering ordering = Orderings.create(drawOrdering);
        Entries all = points(drawDistribution, drawPoints);
        List<EntryRun> runs = sortedRuns(all, ordering);
        for (String name : partitioners) {
            PartitionCollector collector = new PartitionCollector();
            Partitioners.create(name, Map.of()).partition(runs, ordering, drawCap, collector);
            Path file = PartitionDrawing.fileFor(draw, name);
            PartitionDrawing.write(file, all, collector.partitions(),
                    String.format("%s, %s order: %,d %s points, cap %,d, %d partitions", name, drawOrdering,
                            drawPoints, drawDistribution, drawCap, collector.partitions().size()));
            out.println("wrote " + file);
        }
        return 0;
    }

    private Entries points(String distributionName, int count) {
        PointDistribution points = PointDistributions.create(distributionName, Map.of(), seed);
        Entries entries = new Entries(count);
        for (int id = 0; id < count; id++) {
            GeoPoint p = points.sample(Seeds.forItem(seed, id));
            entries.addPoint(id, p.lon(), p.lat());
        }
        return entries;
    }

    /** Deals the points round-robin into {@code --inputs} runs, each sorted by the ordering like a component. */
    private List<EntryRun> sortedRuns(Entries all, Ordering ordering) {
        List<Entries> parts = new ArrayList<>();
        for (int i = 0; i < inputs; i++) {
            parts.add(new Entries(all.size() / inputs + 1));
        }
        for (int row = 0; row < all.size(); row++) {
            parts.get(row % inputs).add(all, row);
        }
        List<EntryRun> runs = new ArrayList<>();
        for (Entries part : parts) {
            runs.add(EntryRun.of(RowSort.sorted(part, ordering)));
        }
        return runs;
    }

    private static List<MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP).toList();
    }

    private static long heapUsed() {
        return heapPools().stream().mapToLong(p -> p.getUsage().getUsed()).sum();
    }

    private static void resetHeapPeaks() {
        heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    private static long heapPeak() {
        return heapPools().stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }
}

package org.spatiallsm.experiment.study;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.PartitionHistories;
import org.spatiallsm.experiment.ConfigurationRun;
import org.spatiallsm.experiment.CsvFile;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.merge.policies.BoundedDepth;
import org.spatiallsm.merge.simulation.DecisionReplay;
import org.spatiallsm.merge.simulation.EngineCosts;
import org.spatiallsm.merge.simulation.FlushRange;
import org.spatiallsm.partitioning.simulation.CountModel;
import org.spatiallsm.partitioning.simulation.LeveledSimulator;

/**
 * The measured index of one merge-policy configuration, partition by partition: what its component samples show
 * (components a point lookup reads; for AsterixDB's stock policies, which report no events, the merges), the
 * leveled policy's level counts against the count model, and the summary at the end.
 */
final class MeasuredIndex {

    private final DatasetName dataset;
    private final String index;
    private final StudiedPolicy policy;
    /** Per partition ("node/partition"): the sum of components per lookup over the samples, and the samples. */
    private final Map<String, double[]> lookupComponents = new TreeMap<>();
    /** Per partition, for the stock policies: every component seen, by its flush sequences. */
    private final Map<String, Map<List<Long>, Long>> seen = new HashMap<>();
    /** Per partition: whether every checkpoint's levels equalled the count model's. */
    private final Map<String, Boolean> levelsEqual = new HashMap<>();

    MeasuredIndex(DatasetName dataset, String index, StudiedPolicy policy) {
        this.dataset = dataset;
        this.index = index;
        this.policy = policy;
    }

    /** A component sample (after each flush and each settling). */
    void sample(List<IndexComponents> listing) {
        for (IndexComponents partition : partitions(listing)) {
            double[] sum = lookupComponents.computeIfAbsent(key(partition), k -> new double[2]);
            sum[0] += componentsPerLookup(partition);
            sum[1]++;
            if (!policy.reportsEvents()) {
                Map<List<Long>, Long> components = seen.computeIfAbsent(key(partition), k -> new LinkedHashMap<>());
                for (DiskComponent component : partition.components()) {
                    components.putIfAbsent(List.of(component.firstSequence(), component.lastSequence()),
                            component.bytes());
                }
            }
        }
    }

    /**
     * Disk components a point lookup reads, ignoring Bloom filters (Mao's read amplification): every component of
     * a stack; level 0 and at most one component per level below it of a leveled index.
     */
    private static int componentsPerLookup(IndexComponents partition) {
        if (partition.levels().stream().allMatch(OptionalInt::isEmpty)) {
            return partition.components().size();
        }
        int levelZero = (int) partition.levels().stream().filter(l -> l.orElse(0) == 0).count();
        int deeper = (int) partition.levels().stream().mapToInt(l -> l.orElse(0)).filter(l -> l > 0).distinct()
                .count();
        return levelZero + deeper;
    }

    /** A row of levels.csv per partition: the settled levels against the count model after as many flushes. */
    void compareLevels(ConfigurationRun run, CsvFile levels) throws IOException {
        for (IndexComponents partition : partitions(run.cluster().lsm().components(dataset.dataverse(),
                dataset.dataset()))) {
            List<Integer> engine = levelCounts(partition);
            List<Integer> model = modelLevels(partition.flushCount());
            boolean equal = engine.equals(model);
            levelsEqual.merge(key(partition), equal, Boolean::logicalAnd);
            levels.row(run.tMs(), run.recordsIngested(), partition.node(), partition.where().partition(),
                    partition.flushCount(), spaced(engine), spaced(model), equal);
        }
    }

    /** Components per level, level 0 first, without empty deepest levels. */
    static List<Integer> levelCounts(IndexComponents partition) {
        TreeMap<Integer, Integer> perLevel = new TreeMap<>();
        partition.levels().forEach(level -> perLevel.merge(level.orElse(0), 1, Integer::sum));
        List<Integer> counts = new ArrayList<>();
        for (int level = 0; !perLevel.isEmpty() && level <= perLevel.lastKey(); level++) {
            counts.add(perLevel.getOrDefault(level, 0));
        }
        return counts;
    }

    /** The count model's levels after {@code flushes} equal flushes of unique keys, under the policy's core. */
    List<Integer> modelLevels(long flushes) {
        var simulator = new LeveledSimulator<>(policy.leveledCore().orElseThrow(), new CountModel());
        List<Integer> levels = List.of();
        for (long flush = 0; flush < flushes; flush++) {
            levels = simulator.flush(CountModel.flush()).levels();
        }
        List<Integer> trimmed = new ArrayList<>(levels);
        while (!trimmed.isEmpty() && trimmed.get(trimmed.size() - 1) == 0) {
            trimmed.remove(trimmed.size() - 1);
        }
        return trimmed;
    }

    /** summary.csv, one row per partition of the measured index, and one log line each. */
    void summarise(ConfigurationRun run, List<LsmEvent> events, CsvFile summary, double recordsPerSecond)
            throws IOException {
        OptionalDouble openedPerLookup = run.openedPerQuery("lookup");
        long lookups = run.queryCount("lookup");
        Map<String, List<LsmEvent>> byPartition = events.stream().filter(e -> e.where().index().equals(index))
                .collect(Collectors.groupingBy(e -> e.node() + "/" + e.where().partition(), TreeMap::new,
                        Collectors.toList()));
        for (Map.Entry<String, double[]> partition : lookupComponents.entrySet()) {
            String key = partition.getKey();
            List<LsmEvent> own = byPartition.getOrDefault(key, List.of());
            EngineCosts costs = policy.reportsEvents() ? EngineCosts.of(PartitionHistories.of(own),
                    !policy.leveled()) : listedCosts(key);
            Boolean agrees = null; // unknown for the stock policies, which have no core here
            Optional<String> difference = Optional.empty();
            if (policy.stackCore().isPresent()) {
                difference = DecisionReplay.difference(policy.stackCore().get(), PartitionHistories.of(own));
                agrees = difference.isEmpty();
            } else if (policy.leveled()) {
                agrees = levelsEqual.get(key);
            }
            boolean depthMeaningful = !policy.leveled();
            Object optimum = policy.bound().isPresent() && costs.flushes() > 0
                    ? BoundedDepth.optimalMaxWrites(costs.flushes(), policy.bound().getAsInt()) : null;
            double perLookup = partition.getValue()[0] / partition.getValue()[1];
            String[] where = key.split("/");
            summary.row(where[0], where[1], costs.flushes(), costs.writeAmplification(),
                    policy.reportsEvents() ? entryWriteAmplification(own) : OptionalDouble.empty(),
                    own.stream().filter(LsmEvent::isMerge).count(),
                    depthMeaningful ? costs.maxWritesPerRecord() : null, optimum, agrees,
                    policy.reportsEvents() ? costs.peakBytes() : null,
                    policy.reportsEvents() ? costs.transientSpace() : null, perLookup, lookups, openedPerLookup,
                    recordsPerSecond, difference.orElse(null));
            run.log(String.format(Locale.ROOT, "%s: %d flushes, W %.2f, max writes per record %s"
                    + " (optimum %s), transient space %s, components per lookup %.2f (opened %s), "
                    + "engine = core: %s, %.0f records/s", key, costs.flushes(), costs.writeAmplification(),
                    depthMeaningful ? costs.maxWritesPerRecord() : "-", optimum == null ? "-" : optimum,
                    policy.reportsEvents() ? String.format(Locale.ROOT, "%.2f", costs.transientSpace()) : "-",
                    perLookup, openedPerLookup.isPresent()
                            ? String.format(Locale.ROOT, "%.2f", openedPerLookup.getAsDouble()) : "-",
                    agrees == null ? "-" : agrees + difference.map(why -> " (" + why + ")").orElse(""),
                    recordsPerSecond));
        }
    }

    /**
     * The costs of a stock policy from the components the samples showed: a component of one flush sequence is a
     * flush, one of several a merge output. A merge output merged again before any sample showed it is missed, so
     * merged bytes and per-record writes are lower bounds; transient space is not known.
     */
    private EngineCosts listedCosts(String partition) {
        Map<List<Long>, Long> components = seen.getOrDefault(partition, Map.of());
        long base = components.keySet().stream().mapToLong(c -> c.get(0)).min().orElse(0);
        long flushed = 0;
        long merged = 0;
        Set<FlushRange> outputs = new HashSet<>();
        long flushes = 0;
        for (Map.Entry<List<Long>, Long> component : components.entrySet()) {
            long first = component.getKey().get(0);
            long last = component.getKey().get(1);
            flushes = Math.max(flushes, last - base + 1);
            if (first == last) {
                flushed += component.getValue();
            } else {
                merged += component.getValue();
                outputs.add(FlushRange.ofSequences(first, last, base));
            }
        }
        return new EngineCosts((int) flushes, flushed, merged,
                EngineCosts.maxWritesPerRecord((int) flushes, outputs), 0, Double.NaN);
    }

    /** (entries flushed + entries merges wrote) / entries flushed; merges count their inputs' entries. */
    private static OptionalDouble entryWriteAmplification(List<LsmEvent> events) {
        long flushed = 0;
        long total = 0;
        for (LsmEvent event : events.stream().filter(e -> e.isFlush() || e.isMerge()).toList()) {
            List<DiskComponent> written = event.isFlush() ? List.of(event.component().orElseThrow())
                    : event.outputs();
            for (DiskComponent component : written) {
                if (component.tuples().isEmpty()) {
                    return OptionalDouble.empty();
                }
                total += component.tuples().getAsLong();
                flushed += event.isFlush() ? component.tuples().getAsLong() : 0;
            }
        }
        return flushed == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) total / flushed);
    }

    private List<IndexComponents> partitions(List<IndexComponents> listing) {
        return listing.stream().filter(p -> p.where().index().equals(index)).toList();
    }

    private static String key(IndexComponents partition) {
        return partition.node() + "/" + partition.where().partition();
    }

    private static String spaced(List<Integer> counts) {
        return counts.stream().map(String::valueOf).collect(Collectors.joining(" "));
    }
}

package org.spatiallsm.partitioning.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.spatiallsm.geometry.Rect;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.simulation.MergedSize;
import org.spatiallsm.merge.simulation.SimulatedComponent;
import org.spatiallsm.merge.simulation.SimulationStep;
import org.spatiallsm.merge.simulation.SimulationSummary;
import org.spatiallsm.merge.simulation.Simulator;
import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.leveled.LeveledComponent;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.partitioning.ordering.Ordering;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordOrder;
import org.spatiallsm.workloads.SpatialQueries;

/**
 * The geometric mode of the simulator: real points from a generator are flushed in batches, leveled merges cut
 * them with the real partitioners, and at the end query windows centred on inserted points count the operational
 * components (those whose MBR intersects the window), the studies' spatial read amplification. Stack policies
 * run through the stack {@link Simulator}; each of their components' MBR is the union of the flushes it holds.
 *
 * <p>Queries run once, after the last flush, against the final components (the study interleaved query rounds
 * with insert rounds; the final state is its last round).
 */
public final class SpatialSimulation {

    /**
     * What to simulate.
     *
     * @param data                  the record generator; record ids 0 .. records - 1 are inserted
     * @param records               how many records
     * @param recordsPerFlush       records per flushed component (the last flush may hold fewer)
     * @param ordering              the index's order inside components (flush, merge and partitions)
     * @param partitionerParameters passed to the partitioners (empty: their defaults)
     * @param queries               windows per selectivity
     * @param sigmas                the selectivities 10^-sigma to test
     * @param querySeed             seed of the windows' centres
     * @param recordOrder           the order the ids are inserted in (the windows' centres do not depend on it)
     */
    public record Settings(RecordGenerator data, long records, int recordsPerFlush, Ordering ordering,
            Map<String, String> partitionerParameters, int queries, List<Double> sigmas, long querySeed,
            RecordOrder recordOrder) {

        public Settings {
            if (records < 1 || recordsPerFlush < 1 || queries < 0) {
                throw new IllegalArgumentException("records and records per flush must be >= 1 and queries >= 0");
            }
            partitionerParameters = Map.copyOf(partitionerParameters);
            sigmas = List.copyOf(sigmas);
        }

        /** Ids inserted in id order ({@link RecordOrder#random()}). */
        public Settings(RecordGenerator data, long records, int recordsPerFlush, Ordering ordering,
                Map<String, String> partitionerParameters, int queries, List<Double> sigmas, long querySeed) {
            this(data, records, recordsPerFlush, ordering, partitionerParameters, queries, sigmas, querySeed,
                    RecordOrder.random());
        }

        /** How many flushes the records make. */
        public long flushes() {
            return (records + recordsPerFlush - 1) / recordsPerFlush;
        }

        Entries flush(long index) {
            long first = index * recordsPerFlush;
            long last = Math.min(records, first + recordsPerFlush);
            Entries entries = new Entries((int) (last - first));
            for (long position = first; position < last; position++) {
                long id = recordOrder.id(position);
                GeoPoint point = data.point(id);
                entries.addPoint(id, point.lon(), point.lat());
            }
            return entries;
        }
    }

    /**
     * The state after one flush step.
     *
     * @param levels component count per level, level 0 first (a stack is one level)
     */
    public record Progress(long flush, long records, List<Integer> levels, double writeAmplification,
            double writeAmplificationLogged, long merges, long moves) {
    }

    private SpatialSimulation() {
    }

    public static SpatialSummary leveled(LeveledPolicy policy, Settings settings, Consumer<Progress> onFlush) {
        PartitionedStorage storage = new PartitionedStorage(settings.ordering(), settings.partitionerParameters());
        LeveledSimulator<Rect, Entries> simulator = new LeveledSimulator<>(policy, storage);
        for (long flush = 0; flush < settings.flushes(); flush++) {
            LeveledStep step = simulator.flush(storage.flush(settings.flush(flush)));
            onFlush.accept(new Progress(step.flush(), Math.min(settings.records(),
                    step.flush() * settings.recordsPerFlush()), step.levels(), step.writeAmplification(),
                    step.writeAmplificationLogged(), step.merges(), step.moves()));
        }
        LeveledSummary summary = simulator.summary();
        List<List<Rect>> levels = new ArrayList<>();
        summary.levels().forEach(count -> levels.add(new ArrayList<>()));
        for (LeveledComponent<Rect> component : simulator.view().components()) {
            levels.get(component.level()).add(component.bounds());
        }
        return summarise(settings, summary.flushes(), summary.writeAmplification(),
                summary.writeAmplificationLogged(), summary.merges(), summary.moves(), levels);
    }

    /** A stack policy on the studies' model: a component's size is its entries, a merge's the sum of its inputs. */
    public static SpatialSummary stack(MergePolicy policy, Settings settings, Consumer<Progress> onFlush) {
        long[] entries = new long[(int) settings.flushes()];
        for (int flush = 0; flush < entries.length; flush++) {
            entries[flush] = Math.min(settings.records(), (flush + 1L) * settings.recordsPerFlush())
                    - (long) flush * settings.recordsPerFlush();
        }
        return stack(policy, settings, entries, MergedSize.SUM_OF_INPUTS, onFlush);
    }

    /**
     * A stack policy that decides on the component sizes given, e.g. the bytes an engine's flushes and merges
     * produced, while the components' MBRs still come from {@code settings}' records. Size-based policies (tiered)
     * then see what the engine's policy saw; W is in the unit of those sizes.
     *
     * @param flushSizes one size per flush of {@code settings}, flush 1 first
     * @param mergedSize the size of each merge's output
     */
    public static SpatialSummary stack(MergePolicy policy, Settings settings, long[] flushSizes,
            MergedSize mergedSize, Consumer<Progress> onFlush) {
        if (flushSizes.length != settings.flushes()) {
            throw new IllegalArgumentException(flushSizes.length + " flush sizes for " + settings.flushes()
                    + " flushes");
        }
        Simulator simulator = new Simulator(policy, mergedSize);
        List<Rect> flushMbrs = new ArrayList<>();
        SimulationStep last = null;
        for (int flush = 0; flush < flushSizes.length; flush++) {
            flushMbrs.add(PartitionedStorage.mbr(settings.flush(flush)));
            last = simulator.flush(flushSizes[flush]);
            onFlush.accept(new Progress(last.flush(), Math.min(settings.records(),
                    last.flush() * settings.recordsPerFlush()), List.of(last.componentCount()),
                    last.writeAmplification(), last.writeAmplificationLogged(), simulator.summary().merges(), 0));
        }
        List<Rect> components = new ArrayList<>();
        for (SimulatedComponent component : last.components()) {
            components.add(flushMbrs.subList((int) component.firstFlush() - 1, (int) component.lastFlush()).stream()
                    .reduce(Rect::union).orElseThrow());
        }
        SimulationSummary summary = simulator.summary();
        return summarise(settings, summary.flushes(), summary.writeAmplification(),
                summary.writeAmplificationLogged(), summary.merges(), 0, List.of(components));
    }

    private static SpatialSummary summarise(Settings settings, long flushes, double writeAmplification,
            double writeAmplificationLogged, long merges, long moves, List<List<Rect>> levels) {
        List<Rect> all = levels.stream().flatMap(List::stream).toList();
        List<SpatialSummary.QueryCost> costs = new ArrayList<>();
        SpatialQueries windows = new SpatialQueries(settings.data(), 0, settings.records(), settings.querySeed());
        for (double sigma : settings.sigmas()) {
            long operational = 0;
            for (int q = 0; q < settings.queries(); q++) {
                Rect query = windows.rectangle(q, List.of(sigma)).window().toRect();
                operational += all.stream().filter(query::intersects).count();
            }
            costs.add(new SpatialSummary.QueryCost(sigma, settings.queries(),
                    settings.queries() == 0 ? 0 : (double) operational / settings.queries()));
        }
        return new SpatialSummary(flushes, settings.records(), writeAmplification, writeAmplificationLogged, merges,
                moves, levels.stream().map(List::size).toList(),
                levels.stream().map(SpatialSimulation::averageOverlap).toList(), costs);
    }

    /** The average number of other rectangles of the list that intersect one of them. */
    static double averageOverlap(List<Rect> level) {
        if (level.size() < 2) {
            return 0;
        }
        long pairs = 0;
        for (int i = 0; i < level.size(); i++) {
            for (int j = i + 1; j < level.size(); j++) {
                pairs += level.get(i).intersects(level.get(j)) ? 1 : 0;
            }
        }
        return 2.0 * pairs / level.size();
    }
}

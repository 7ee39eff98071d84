package org.spatiallsm.experiment.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.PartitionHistories;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.simulation.DecisionReplay;
import org.spatiallsm.merge.simulation.EngineEvent;
import org.spatiallsm.merge.simulation.MergedSize;
import org.spatiallsm.merge.simulation.PartitionHistory;
import org.spatiallsm.merge.simulation.SimulationSummary;
import org.spatiallsm.merge.simulation.Simulator;

/**
 * One policy's line of {@code bench merge-policies}: what the engine did, measured from its LSM events, beside what
 * the simulator predicts for the very flushes the engine wrote, under two models of a merge's output size.
 *
 * @param policy            policy name and parameters, as shown
 * @param partitions        index partitions measured
 * @param flushes           flushes per partition
 * @param bytesFlushed      all partitions
 * @param engineWLogged     (bytes flushed + bytes of every merge output) / bytes flushed, from the events
 * @param sum               the simulator with the studies' model, merged size = sum of the inputs
 * @param overhead          the simulator with a fixed overhead per component ("sim+c")
 * @param decisionDifference empty if the decision core, replaying the engine's flushes with the engine's own merged
 *                          sizes, made exactly the merges the engine made in every partition; else the first
 *                          partition where it did not and why ({@link DecisionReplay#difference})
 * @param engineRA          mean over flushes of the component count when the next flush arrived (or at the end)
 * @param engineMerges      merges the engine completed
 * @param recordsPerSecond  records over the time from the configuration's start to the end of its load
 */
public record MergeBenchRow(String policy, int partitions, long flushes, long bytesFlushed, double engineWLogged,
        Prediction sum, Prediction overhead, Optional<String> decisionDifference, double engineRA, long engineMerges,
        double recordsPerSecond) {

    /**
     * The simulator's totals over all partitions.
     *
     * @param wLogged W_logged over all partitions
     * @param ra      average read amplification, mean over partitions
     * @param merges  merges over all partitions
     */
    public record Prediction(double wLogged, double ra, long merges) {
    }

    /**
     * @param events            the flush and merge events of one index, all its partitions
     * @param componentOverhead bytes per component for the "sim+c" prediction
     */
    public static MergeBenchRow measure(String policy, MergePolicy core, List<LsmEvent> events, long records,
            double loadSeconds, long componentOverhead) {
        Map<IndexPartition, PartitionHistory> byPartition = PartitionHistories.byPartition(events);
        Collection<PartitionHistory> partitions = byPartition.values();
        if (partitions.isEmpty()) {
            throw new IllegalStateException("no LSM events for " + policy + ": did any flush happen?");
        }
        List<long[]> flushSizes = partitions.stream().map(PartitionHistory::flushSizes).toList();
        long flushed = flushSizes.stream().flatMapToLong(Arrays::stream).sum();
        List<EngineEvent> flushesAndMerges = partitions.stream().flatMap(p -> p.events().stream()).toList();
        long engineWritten = flushesAndMerges.stream().mapToLong(EngineEvent::bytesWritten).sum();
        long engineMerges = flushesAndMerges.stream().filter(EngineEvent::isMerge).count();
        double engineRA = partitions.stream().mapToDouble(p -> componentsWhenNextFlushArrives(p.events()))
                .average().orElseThrow();
        int flushes = flushSizes.stream().mapToInt(sizes -> sizes.length).max().orElseThrow();
        Optional<String> decisionDifference = byPartition.entrySet().stream()
                .flatMap(partition -> DecisionReplay.difference(core, partition.getValue())
                        .map(why -> partition.getKey().partition() + ": " + why).stream())
                .findFirst();
        return new MergeBenchRow(policy, partitions.size(), flushes, flushed, (double) engineWritten / flushed,
                predict(core, MergedSize.SUM_OF_INPUTS, flushSizes),
                predict(core, MergedSize.fixedOverheadPerComponent(componentOverhead), flushSizes),
                decisionDifference, engineRA, engineMerges, records / loadSeconds);
    }

    private static Prediction predict(MergePolicy core, MergedSize mergedSize, List<long[]> flushSizes) {
        long flushed = 0;
        long written = 0;
        long merges = 0;
        double ra = 0;
        for (long[] partition : flushSizes) {
            SimulationSummary simulated = Simulator.run(core, mergedSize, partition, step -> {
            });
            flushed += simulated.bytesFlushed();
            written += simulated.bytesWritten();
            merges += simulated.merges();
            ra += simulated.readAmplification();
        }
        return new Prediction((double) written / flushed, ra / flushSizes.size(), merges);
    }

    /**
     * The bytes a merge saves per input beyond the first, over all merges in {@code events}: (sum of the inputs −
     * output) / (inputs − 1), weighted by inputs. Empty if nothing merged.
     */
    public static OptionalLong fittedComponentOverhead(List<LsmEvent> events) {
        long saved = 0;
        long extraInputs = 0;
        for (LsmEvent merge : events.stream().filter(LsmEvent::isMerge).toList()) {
            saved += merge.inputs().stream().mapToLong(DiskComponent::bytes).sum() - merge.bytesWritten();
            extraInputs += merge.inputs().size() - 1;
        }
        return extraInputs == 0 ? OptionalLong.empty() : OptionalLong.of(Math.max(0, Math.round((double) saved
                / extraInputs)));
    }

    /**
     * The engine's counterpart of the simulator's read amplification: after flush t, the components a reader would
     * find once flush t's merges are done, i.e. the stack of the last event before flush t + 1 (merges still running
     * then count with their inputs).
     */
    private static double componentsWhenNextFlushArrives(List<EngineEvent> partition) {
        List<Integer> counts = new ArrayList<>();
        int current = -1;
        for (EngineEvent event : partition) {
            if (event.isFlush() && current >= 0) {
                counts.add(current);
            }
            current = event.stack().size();
        }
        counts.add(current);
        return counts.stream().mapToInt(Integer::intValue).average().orElse(0);
    }

    /** Engine W_logged relative to a prediction's, in percent. */
    public double differencePercent(Prediction prediction) {
        return 100 * (engineWLogged / prediction.wLogged() - 1);
    }

    public static String table(String title, List<MergeBenchRow> rows) {
        int policyWidth = Math.max("policy".length(), rows.stream().mapToInt(r -> r.policy().length()).max().orElse(0));
        String format = "%-" + policyWidth
                + "s  %7s  %12s  %9s  %7s  %11s  %7s  %9s  %6s  %6s  %8s  %9s  %10s  %10s%n";
        StringBuilder text = new StringBuilder(title).append(System.lineSeparator());
        text.append(String.format(Locale.ROOT, format, "policy", "flushes", "engine W_log", "sim W_log", "diff",
                "sim+c W_log", "diff", "engine RA", "sim RA", "sim+c", "merges", "decisions", "records/s",
                "MB flushed"));
        for (MergeBenchRow row : rows) {
            text.append(String.format(Locale.ROOT, format, row.policy(), row.flushes() + "x" + row.partitions(),
                    decimal(row.engineWLogged()), decimal(row.sum().wLogged()),
                    percent(row.differencePercent(row.sum())),
                    decimal(row.overhead().wLogged()), percent(row.differencePercent(row.overhead())),
                    decimal(row.engineRA()), decimal(row.sum().ra()), decimal(row.overhead().ra()),
                    row.engineMerges() + "/" + row.sum().merges() + "/" + row.overhead().merges(),
                    row.decisionDifference().isEmpty() ? "same" : "DIFFER",
                    String.format(Locale.ROOT, "%,.0f", row.recordsPerSecond()),
                    String.format(Locale.ROOT, "%.1f", row.bytesFlushed() / 1e6)));
        }
        text.append("merges: engine/sim/sim+c; diff: engine W_log relative to the prediction; decisions: "
                + "the core replaying the engine's flushes with the engine's merged sizes made the engine's merges")
                .append(System.lineSeparator());
        for (MergeBenchRow row : rows) {
            row.decisionDifference().ifPresent(why -> text.append("decisions of ").append(row.policy())
                    .append(" differ in partition ").append(why).append(System.lineSeparator()));
        }
        return text.toString();
    }

    private static String percent(double value) {
        return String.format(Locale.ROOT, "%+.2f%%", value);
    }

    private static String decimal(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}

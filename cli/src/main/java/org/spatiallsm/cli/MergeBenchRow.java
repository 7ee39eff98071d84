package org.spatiallsm.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.simulation.SimulationSummary;
import org.spatiallsm.merge.simulation.Simulator;

/**
 * One policy's line of {@code bench merge-policies}: what the engine did, measured from its LSM events, beside what
 * the simulator predicts for the very flushes the engine wrote.
 *
 * @param policy            policy name and parameters, as shown
 * @param partitions        index partitions measured
 * @param flushes           flushes per partition
 * @param bytesFlushed      all partitions
 * @param engineWLogged     (bytes flushed + bytes of every merge output) / bytes flushed, from the events
 * @param simulatorWLogged  the simulator's W_logged for each partition's flush sizes, over all partitions
 * @param engineRA          mean over flushes of the component count when the next flush arrived (or at the end)
 * @param simulatorRA       the simulator's average read amplification, mean over partitions
 * @param engineMerges      merges the engine completed
 * @param simulatorMerges   merges the simulator performed
 * @param recordsPerSecond  records over the time from the first insert to the return of the last flush
 * @param settleSeconds     how long merges ran on after the last flush
 */
record MergeBenchRow(String policy, int partitions, long flushes, long bytesFlushed, double engineWLogged,
        double simulatorWLogged, double engineRA, double simulatorRA, long engineMerges, long simulatorMerges,
        double recordsPerSecond, double settleSeconds) {

    /** @param events the flush and merge events of one index, all its partitions */
    static MergeBenchRow measure(String policy, MergePolicy core, List<LsmEvent> events, long records,
            double loadSeconds, double settleSeconds) {
        Map<IndexPartition, List<LsmEvent>> byPartition = events.stream().filter(e -> e.isFlush() || e.isMerge())
                .collect(Collectors.groupingBy(LsmEvent::where));
        if (byPartition.isEmpty()) {
            throw new IllegalStateException("no LSM events for " + policy + ": did any flush happen?");
        }
        long flushed = 0;
        long engineWritten = 0;
        long simulatedWritten = 0;
        long engineMerges = 0;
        long simulatorMerges = 0;
        double engineRA = 0;
        double simulatorRA = 0;
        long flushes = 0;
        for (List<LsmEvent> partition : byPartition.values()) {
            long[] flushSizes = partition.stream().filter(LsmEvent::isFlush).mapToLong(LsmEvent::bytesWritten)
                    .toArray();
            SimulationSummary simulated = Simulator.run(core, flushSizes, step -> {
            });
            flushed += simulated.bytesFlushed();
            simulatedWritten += simulated.bytesWritten();
            simulatorMerges += simulated.merges();
            simulatorRA += simulated.readAmplification();
            engineWritten += partition.stream().mapToLong(LsmEvent::bytesWritten).sum();
            engineMerges += partition.stream().filter(LsmEvent::isMerge).count();
            engineRA += componentsWhenNextFlushArrives(partition);
            flushes = Math.max(flushes, flushSizes.length);
        }
        int partitions = byPartition.size();
        return new MergeBenchRow(policy, partitions, flushes, flushed, (double) engineWritten / flushed,
                (double) simulatedWritten / flushed, engineRA / partitions, simulatorRA / partitions, engineMerges,
                simulatorMerges, records / loadSeconds, settleSeconds);
    }

    /**
     * The engine's counterpart of the simulator's read amplification: after flush t, the components a reader would
     * find once flush t's merges are done, i.e. the stack of the last event before flush t + 1 (merges still running
     * then count with their inputs).
     */
    private static double componentsWhenNextFlushArrives(List<LsmEvent> partition) {
        List<Integer> counts = new ArrayList<>();
        int current = -1;
        for (LsmEvent event : partition) {
            if (event.isFlush() && current >= 0) {
                counts.add(current);
            }
            current = event.stack().size();
        }
        counts.add(current);
        return counts.stream().mapToInt(Integer::intValue).average().orElse(0);
    }

    /** Engine W_logged relative to the simulator's, in percent. */
    double differencePercent() {
        return 100 * (engineWLogged / simulatorWLogged - 1);
    }

    static String table(String title, List<MergeBenchRow> rows) {
        int policyWidth = Math.max("policy".length(), rows.stream().mapToInt(r -> r.policy().length()).max().orElse(0));
        String format = "%-" + policyWidth + "s  %7s  %12s  %10s  %6s  %9s  %9s  %8s  %12s  %10s  %6s%n";
        StringBuilder text = new StringBuilder(title).append(System.lineSeparator());
        text.append(String.format(Locale.ROOT, format, "policy", "flushes", "engine W_log", "sim W_log", "diff",
                "engine RA", "sim RA", "merges", "records/s", "MB flushed", "settle"));
        for (MergeBenchRow row : rows) {
            text.append(String.format(Locale.ROOT, format, row.policy(), row.flushes() + "x" + row.partitions(),
                    decimal(row.engineWLogged()), decimal(row.simulatorWLogged()),
                    String.format(Locale.ROOT, "%+.2f%%", row.differencePercent()), decimal(row.engineRA()),
                    decimal(row.simulatorRA()), row.engineMerges() + "/" + row.simulatorMerges(),
                    String.format(Locale.ROOT, "%,.0f", row.recordsPerSecond()),
                    String.format(Locale.ROOT, "%.1f", row.bytesFlushed() / 1e6),
                    String.format(Locale.ROOT, "%.1fs", row.settleSeconds())));
        }
        return text.toString();
    }

    private static String decimal(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}

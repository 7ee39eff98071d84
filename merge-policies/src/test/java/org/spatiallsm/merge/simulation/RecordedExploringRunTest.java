package org.spatiallsm.merge.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.merge.simulation.EngineEvents.flushes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.policies.ExploringPolicy;
import org.spatiallsm.merge.simulation.DecisionReplay.Decision;

/**
 * The merge-policies medium run of 2026-11-28 (append, 100 flushes per partition, I/O-bound cluster) reported
 * {@code core_agrees=false} for Exploring on asterix_nc2 partition 1. The resources are the run's io-events.csv rows of
 * each partition, unchanged; the stacks and scheduling points the rows lack are rebuilt ({@link #recordedEvents}).
 */
class RecordedExploringRunTest {

    /** Columns of io-events.csv. */
    private static final int KIND = 5;
    private static final int BYTES_IN = 7;
    private static final int BYTES_OUT = 8;
    private static final int COMPONENTS_IN = 11;

    private static final MergePolicy EXPLORING = new ExploringPolicy(10, 1.2, 3, 10);

    @Test
    void theMergeOfFlushes1To72RanWhileFlushes73To78LandedSoTheEnginesCoreSawElevenComponents() throws IOException {
        PartitionHistory history = new PartitionHistory(recordedEvents("exploring-nc2-partition-1.csv"));

        // The core decides as the engine at every decision point, given the stack the engine showed ...
        assertThat(DecisionReplay.decisionsAtEachEvent(EXPLORING, history)).allMatch(Decision::agrees);
        // ... but not as the flush replay, whose merge of flushes 1-72 completes before flush 73: after flush 78
        // the replay sees 5 components and merges the longest balanced window, flushes 73-78; the engine saw 11
        // (7 still merging), more than k = 10, and merged the window of smallest average, flushes 76-78.
        assertThat(DecisionReplay.makesTheEnginesMerges(EXPLORING, history)).isFalse();
        assertThat(DecisionReplay.replayFlushes(EXPLORING, history).merges()).contains(flushes(73, 78))
                .doesNotContain(flushes(76, 78));
        assertThat(history.mergedRanges()).contains(flushes(1, 72), flushes(76, 78)).doesNotContain(flushes(73, 78));
        assertThat(DecisionReplay.difference(EXPLORING, history)).contains("the core agrees at every decision point"
                + " of the engine; its merge of [78, 77, 76] after flush 78 is not the replay's: it was decided on 11"
                + " components, 7 of them in running merges [72, 71, 70, 67-69, 61-66, 40-60, 1-39], which the"
                + " replay, completing every merge before the next flush, had already merged");
    }

    @Test
    void theOtherPartitionOfTheRunAgreesThoughMergesThereRanDuringFlushesToo() throws IOException {
        PartitionHistory history = new PartitionHistory(recordedEvents("exploring-nc1-partition-0.csv"));

        assertThat(DecisionReplay.makesTheEnginesMerges(EXPLORING, history)).isTrue();
        assertThat(DecisionReplay.difference(EXPLORING, history)).isEmpty();
    }

    /**
     * Engine events rebuilt from io-events rows (kind, bytes_in, bytes_out, components_in, in the order they were
     * logged: a merge at its completion). A merge's inputs are the consecutive components whose sizes sum to its
     * bytes_in (unique in these runs); the rows do not say when it was scheduled, so it is scheduled right after the
     * event that made the newest of its inputs, as the engine asks its policy after every flush and merge.
     */
    private static List<EngineEvent> recordedEvents(String resource) throws IOException {
        List<String[]> rows = rows(resource);
        // Pass 1: each merge row's inputs, and the row after which it could first be decided.
        List<EngineComponent> stack = new ArrayList<>();
        Map<EngineComponent, Integer> madeAtRow = new HashMap<>();
        List<EngineComponent> madeAtRows = new ArrayList<>();
        List<List<EngineComponent>> stackAfterRow = new ArrayList<>();
        Map<Integer, List<EngineComponent>> inputsOfRow = new TreeMap<>();
        Map<Integer, List<Integer>> scheduledAfterRow = new TreeMap<>();
        int flushes = 0;
        for (int row = 0; row < rows.size(); row++) {
            String[] r = rows.get(row);
            EngineComponent made;
            if (r[KIND].equals("flush")) {
                flushes++;
                made = EngineEvents.flushed(flushes, Long.parseLong(r[BYTES_OUT]));
                stack.add(0, made);
            } else {
                List<EngineComponent> inputs = window(stack, Integer.parseInt(r[COMPONENTS_IN]),
                        Long.parseLong(r[BYTES_IN]));
                made = EngineEvents.merged(inputs.get(inputs.size() - 1).firstSequence() + 1,
                        inputs.get(0).lastSequence() + 1, Long.parseLong(r[BYTES_OUT]));
                int newest = stack.indexOf(inputs.get(0));
                stack.subList(newest, newest + inputs.size()).clear();
                stack.add(newest, made);
                inputsOfRow.put(row, inputs);
                int decidable = inputs.stream().mapToInt(madeAtRow::get).max().orElseThrow();
                scheduledAfterRow.computeIfAbsent(decidable, ignored -> new ArrayList<>()).add(row);
            }
            madeAtRow.put(made, row);
            madeAtRows.add(made);
            stackAfterRow.add(List.copyOf(stack));
        }
        // Pass 2: the events, each with the stack after it, inputs of scheduled merges marked merging.
        List<EngineEvent> events = new ArrayList<>();
        List<EngineComponent> merging = new ArrayList<>();
        flushes = 0;
        for (int row = 0; row < rows.size(); row++) {
            List<EngineComponent> inputs = inputsOfRow.getOrDefault(row, List.of());
            flushes += inputs.isEmpty() ? 1 : 0;
            merging.removeAll(inputs);
            EngineComponent[] shown = stackAfterRow.get(row).stream()
                    .map(c -> merging.contains(c) ? EngineEvents.merging(c) : c).toArray(EngineComponent[]::new);
            events.add(inputs.isEmpty() ? EngineEvents.flush(flushes, madeAtRows.get(row), shown)
                    : EngineEvents.merge(flushes, inputs, madeAtRows.get(row), shown));
            for (int merge : scheduledAfterRow.getOrDefault(row, List.of())) {
                List<EngineComponent> scheduled = inputsOfRow.get(merge);
                events.add(EngineEvents.scheduled(flushes, scheduled.toArray(EngineComponent[]::new)));
                merging.addAll(scheduled);
            }
        }
        return events;
    }

    /** The {@code count} consecutive components of {@code stack} whose sizes sum to {@code bytes}: exactly one. */
    private static List<EngineComponent> window(List<EngineComponent> stack, int count, long bytes) {
        List<Integer> newest = IntStream.rangeClosed(0, stack.size() - count).filter(i -> stack.subList(i, i + count)
                .stream().mapToLong(EngineComponent::bytes).sum() == bytes).boxed().toList();
        if (newest.size() != 1) {
            throw new IllegalStateException(newest.size() + " windows of " + count + " components hold " + bytes
                    + " bytes in " + stack);
        }
        return List.copyOf(stack.subList(newest.get(0), newest.get(0) + count));
    }

    /** The rows after the header, split at commas. */
    private static List<String[]> rows(String resource) throws IOException {
        try (InputStream in = RecordedExploringRunTest.class.getResourceAsStream(resource)) {
            return new String(Optional.ofNullable(in).orElseThrow().readAllBytes(), StandardCharsets.UTF_8).lines()
                    .skip(1).map(line -> line.split(",", -1)).toList();
        }
    }
}

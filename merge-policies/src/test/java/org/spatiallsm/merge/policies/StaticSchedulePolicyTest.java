package org.spatiallsm.merge.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.merge.Stacks.afterFlush;
import static org.spatiallsm.merge.Stacks.afterMerge;
import static org.spatiallsm.merge.Stacks.stateAfter;
import static org.spatiallsm.merge.Stacks.uniformStates;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.merge.MergeSpec;

class StaticSchedulePolicyTest {

    @Test
    void binomialK4MatchesTable41() {
        List<List<Long>> states = uniformStates(StaticSchedulePolicy.binomial(4), 60);

        assertThat(stateAfter(states, 20)).containsExactly(1L, 4L, 15L);
        assertThat(stateAfter(states, 40)).containsExactly(2L, 3L, 20L, 15L);
        assertThat(stateAfter(states, 60)).containsExactly(10L, 50L);
    }

    @Test
    void binomialK4MatchesFigure31StatePerFlush() {
        List<List<Long>> states = uniformStates(StaticSchedulePolicy.binomial(4), 35);
        Map<Integer, List<Long>> expected = Map.ofEntries(
                Map.entry(1, List.of(1L)), Map.entry(2, List.of(2L)), Map.entry(3, List.of(1L, 2L)),
                Map.entry(4, List.of(2L, 2L)), Map.entry(5, List.of(5L)), Map.entry(6, List.of(1L, 5L)),
                Map.entry(7, List.of(1L, 1L, 5L)), Map.entry(8, List.of(3L, 5L)), Map.entry(9, List.of(1L, 3L, 5L)),
                Map.entry(10, List.of(2L, 3L, 5L)), Map.entry(11, List.of(6L, 5L)),
                Map.entry(12, List.of(1L, 6L, 5L)), Map.entry(13, List.of(2L, 6L, 5L)),
                Map.entry(14, List.of(3L, 6L, 5L)), Map.entry(15, List.of(15L)), Map.entry(16, List.of(1L, 15L)),
                Map.entry(35, List.of(20L, 15L)));

        expected.forEach((t, state) -> assertThat(stateAfter(states, t)).as("after flush %d", t).isEqualTo(state));
    }

    @Test
    void binomialK3KeepsTheSpecifiedCountsForFlushes1To40() {
        StaticSchedulePolicy binomial = StaticSchedulePolicy.binomial(3);
        int[] expected = Arrays.stream("1 1 2 2 1 2 3 2 3 3 2 3 3 3 1 2 3 2 3 3 2 3 3 3 2 3 3 3 3 1 2 3 2 3 3 2 3 3 3 2"
                .split(" ")).mapToInt(Integer::parseInt).toArray();

        assertThat(IntStream.rangeClosed(1, 40).map(binomial::keepCount).toArray()).containsExactly(expected);
    }

    @ParameterizedTest(name = "k={0}")
    @CsvSource(delimiter = ';', value = {
            "3; 1, 4, 14, 29, 50, 78, 114, 159, 214, 280",
            "4; 1, 4, 14, 49, 105, 189, 309, 474, 694, 980" })
    void binomialThresholdsForBlocks1To10(int k, String thresholds) {
        StaticSchedulePolicy binomial = StaticSchedulePolicy.binomial(k);

        assertThat(IntStream.rangeClosed(1, 10).mapToLong(binomial::flushesCoveredBy).toArray())
                .containsExactly(longs(thresholds));
    }

    @Test
    void binomialK6ThresholdsForBlocks5To10() {
        StaticSchedulePolicy binomial = StaticSchedulePolicy.binomial(6);

        assertThat(IntStream.rangeClosed(5, 10).mapToLong(binomial::flushesCoveredBy).toArray())
                .containsExactly(175, 637, 1429, 2716, 4718, 7721);
    }

    @ParameterizedTest(name = "T_{0}({0}) = {1}")
    @CsvSource({ "3, 14", "4, 49", "5, 175", "6, 637", "7, 2353", "8, 8788", "10, 125476" })
    void binomialSwitchPoints(int k, long switchPoint) {
        assertThat(StaticSchedulePolicy.binomial(k).flushesCoveredBy(k)).isEqualTo(switchPoint);
    }

    @Test
    void binomialK10StaysInTheSmallRegimeForADissertationRun() {
        assertThat(StaticSchedulePolicy.binomial(10).flushesCoveredBy(9)).isEqualTo(33_098);
    }

    @ParameterizedTest(name = "k={0}")
    @CsvSource({ "3", "4", "5" })
    void binomialDepthCapBindsOnlyAfterTheSwitchPoint(int k) {
        StaticSchedulePolicy capped = StaticSchedulePolicy.binomial(k);
        StaticSchedulePolicy uncapped = StaticSchedulePolicy.binomial(1000);
        long switchPoint = capped.flushesCoveredBy(k);

        assertThat(LongStream.rangeClosed(1, switchPoint))
                .allMatch(t -> capped.keepCount(t) == uncapped.keepCount(t));
        assertThat(LongStream.rangeClosed(switchPoint + 1, capped.flushesCoveredBy(k + 1)))
                .anyMatch(t -> capped.keepCount(t) != uncapped.keepCount(t));
    }

    @ParameterizedTest(name = "k={0}")
    @CsvSource(delimiter = ';', value = {
            "3; 3, 9, 19, 34, 55, 83, 119, 164",
            "4; 4, 14, 34, 69, 125, 209, 329, 494" })
    void minLatencyTreeSizes(int k, String sizes) {
        StaticSchedulePolicy minLatency = StaticSchedulePolicy.minLatency(k);

        assertThat(IntStream.rangeClosed(1, 8).mapToLong(minLatency::flushesCoveredBy).toArray())
                .containsExactly(longs(sizes));
    }

    /** The paper states MinLatency as i = B(m', k, t) with m' = min{m : C(m + k, m) &gt; t}; ours uses blocks. */
    @Test
    void minLatencyAgreesWithThePapersFormulation() {
        for (int k = 1; k <= 8; k++) {
            StaticSchedulePolicy minLatency = StaticSchedulePolicy.minLatency(k);
            for (long t = 1; t <= 3000; t++) {
                int m = 1;
                while (Combinatorics.binomial(m + k, m) <= t) {
                    m++;
                }
                assertThat(minLatency.keepCount(t)).as("k=%d t=%d", k, t)
                        .isEqualTo(Combinatorics.stackDepth(m, k, t));
            }
        }
    }

    /**
     * Derived by hand from MinLatency's rule (Mathieu et al., "Bigtable merge compaction"): lazy, so flushes stack up
     * to k first. It coincides with Constant (merge all above k) up to flush 8 and with Bigtable up to flush 11.
     */
    @Test
    void minLatencyK4StatePerFlush() {
        assertThat(uniformStates(StaticSchedulePolicy.minLatency(4), 12)).containsExactly(
                List.of(1L), List.of(1L, 1L), List.of(1L, 1L, 1L), List.of(1L, 1L, 1L, 1L), List.of(5L),
                List.of(1L, 5L), List.of(1L, 1L, 5L), List.of(1L, 1L, 1L, 5L), List.of(4L, 5L),
                List.of(1L, 4L, 5L), List.of(1L, 1L, 4L, 5L), List.of(3L, 4L, 5L));
        List<List<Long>> minLatency = uniformStates(StaticSchedulePolicy.minLatency(4), 12);
        List<List<Long>> constant = uniformStates(new ConstantAllPolicy(4), 12);
        List<List<Long>> bigtable = uniformStates(new BigtablePolicy(4), 12);
        assertThat(minLatency.subList(0, 8)).isEqualTo(constant.subList(0, 8));
        assertThat(stateAfter(minLatency, 9)).isNotEqualTo(stateAfter(constant, 9));
        assertThat(minLatency.subList(0, 11)).isEqualTo(bigtable.subList(0, 11));
        assertThat(stateAfter(minLatency, 12)).isNotEqualTo(stateAfter(bigtable, 12));
    }

    @Test
    void mergesTheNewestComponentsDownToTheKeepCount() {
        // Binomial k=4 after flush 15 keeps 1: everything merges.
        assertThat(StaticSchedulePolicy.binomial(4).findMerge(afterFlush(15, "1 3 6 5")))
                .contains(new MergeSpec(0, 3));
        // After flush 8 it keeps 2: the flush and the two components after it merge into the 2nd oldest.
        assertThat(StaticSchedulePolicy.binomial(4).findMerge(afterFlush(8, "1 1 1 5")))
                .contains(new MergeSpec(0, 2));
        assertThat(StaticSchedulePolicy.binomial(4).findMerge(afterFlush(9, "1 3 5"))).isEmpty();
    }

    @Test
    void aMergeBlockedByARunningMergeIsDeferredToItsCompletion() {
        StaticSchedulePolicy binomial = StaticSchedulePolicy.binomial(4);

        // Flush 16 landed while the merge of flush 15 (everything) still runs: the schedule wants 2 components,
        // which it already has once that merge is done.
        assertThat(binomial.findMerge(afterFlush(16, "1 1* 3* 6* 5*"))).isEmpty();
        assertThat(binomial.findMerge(afterMerge(16, "1 15"))).isEmpty();
        // Flush 15 wants everything merged, but an older merge is still running: wait, then catch up.
        assertThat(binomial.findMerge(afterFlush(15, "1 1 1 6* 5*"))).isEmpty();
        assertThat(binomial.findMerge(afterMerge(15, "1 1 1 11"))).contains(new MergeSpec(0, 3));
    }

    @Test
    void nothingToDecideBeforeTheFirstFlush() {
        assertThat(StaticSchedulePolicy.binomial(4).findMerge(afterMerge(0, "7 9"))).isEmpty();
    }

    @Test
    void lagsOnlyWhileMergingWithMoreThanKPlusOneComponents() {
        StaticSchedulePolicy binomial = StaticSchedulePolicy.binomial(3);

        assertThat(binomial.isMergeLagging(afterFlush(9, "1 1 1 1 1 1"))).isFalse();
        assertThat(binomial.isMergeLagging(afterFlush(9, "1 1* 1* 1"))).isFalse();
        assertThat(binomial.isMergeLagging(afterFlush(9, "1 1 1* 1* 1"))).isTrue();
    }

    private static long[] longs(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",")).map(String::trim).mapToLong(Long::parseLong).toArray();
    }
}

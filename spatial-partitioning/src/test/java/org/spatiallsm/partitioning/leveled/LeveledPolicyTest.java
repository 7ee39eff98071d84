package org.spatiallsm.partitioning.leveled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.merge.InvalidPolicyParameterException;
import org.spatiallsm.partitioning.leveled.LeveledMerge.Action;

class LeveledPolicyTest {

    private static final Comparator<LeveledComponent<Rect>> ALONG_CURVE =
            Comparator.comparing(LeveledComponent::bounds, MbrKeySpace.INSTANCE::compareAlongWalk);

    private static LeveledPolicy policy(String... nameValues) {
        Map<String, String> raw = new HashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            raw.put(nameValues[i], nameValues[i + 1]);
        }
        return LeveledPolicy.create(raw);
    }

    private static LeveledComponent<Rect> at(long id, int level, double minX, double minY, double maxX, double maxY) {
        return LeveledComponent.idle(id, level, new Rect(minX, minY, maxX, maxY), 100, 1000);
    }

    @Test
    void defaultsAreTheSpatialStudysConfiguration() {
        LeveledPolicy defaults = LeveledPolicy.create(Map.of());

        assertThat(defaults.parameters().values()).containsExactly(Map.entry("level0-components", "2"),
                Map.entry("size-ratio", "10"), Map.entry("pick", "min-overlap"), Map.entry("overlap-mode", "relative"),
                Map.entry("rewrite", "false"), Map.entry("partitioning", "size"),
                Map.entry("max-component-entries", "0"), Map.entry("seed", "0"),
                Map.entry("memory-budget", "1000000"));
        assertThat(List.of(defaults.capacity(0), defaults.capacity(1), defaults.capacity(2), defaults.capacity(3)))
                .containsExactly(2L, 10L, 100L, 1000L);
    }

    @Test
    void capacitiesWithoutAnExtraLevel0AreTheRatiosPowersFromTheFirstLevel() {
        // Fig. 3.1g: B = 2 and no extra level 0 give capacities 2, 4, 8.
        LeveledPolicy figure = policy("level0-components", "0", "size-ratio", "2");

        assertThat(List.of(figure.capacity(0), figure.capacity(1), figure.capacity(2))).containsExactly(2L, 4L, 8L);
        assertThat(policy("size-ratio", "1000").capacity(7)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void theDeepestLevelOverCapacityGoesFirst() {
        LeveledPolicy policy = policy("level0-components", "1", "size-ratio", "2");
        List<LeveledComponent<Rect>> components = List.of(at(1, 0, 0, 0, 10, 10), at(2, 0, 0, 0, 10, 10),
                at(3, 1, 0, 0, 1, 1), at(4, 1, 2, 2, 3, 3), at(5, 1, 4, 4, 5, 5), at(6, 2, 0, 0, 1, 1));

        LeveledMerge<Rect> merge = policy.findMerge(LeveledView.ofMbrs(components)).orElseThrow();

        assertThat(merge.sourceLevel()).isEqualTo(1);
        assertThat(merge.targetLevel()).isEqualTo(2);
    }

    @Test
    void level0GivesUpItsOldestAndWithinCapacityNothingHappens() {
        LeveledPolicy policy = LeveledPolicy.create(Map.of());
        List<LeveledComponent<Rect>> full = List.of(at(7, 0, 0, 0, 1, 1), at(3, 0, 5, 5, 6, 6));

        assertThat(policy.findMerge(LeveledView.ofMbrs(full))).isEmpty();
        List<LeveledComponent<Rect>> over = new ArrayList<>(full);
        over.add(at(9, 0, 0, 0, 9, 9));
        assertThat(policy.findMerge(LeveledView.ofMbrs(over)).orElseThrow().picked().id()).isEqualTo(3);
    }

    @Test
    void aComponentOverlappingNothingMovesUnlessRewriteIsOn() {
        List<LeveledComponent<Rect>> components = List.of(at(1, 0, 0, 0, 1, 1), at(2, 0, 0, 0, 1, 1),
                at(3, 0, 0, 0, 1, 1), at(4, 1, 5, 5, 6, 6));

        LeveledMerge<Rect> move = LeveledPolicy.create(Map.of()).findMerge(LeveledView.ofMbrs(components))
                .orElseThrow();
        LeveledMerge<Rect> rewrite = policy("rewrite", "true").findMerge(LeveledView.ofMbrs(components)).orElseThrow();

        assertThat(move.action()).isEqualTo(Action.MOVE);
        assertThat(move.inputs()).extracting(LeveledComponent::id).containsExactly(1L);
        assertThat(move.dropAntiMatter()).isFalse();
        assertThat(rewrite.action()).isEqualTo(Action.MERGE);
        assertThat(rewrite.inputs()).extracting(LeveledComponent::id).containsExactly(1L);
    }

    @Test
    void onlyAMergeIntoTheDeepestLevelDropsAntiMatter() {
        LeveledPolicy policy = policy("level0-components", "1");
        LeveledComponent<Rect> flushed = at(1, 0, 0, 0, 10, 10);
        List<LeveledComponent<Rect>> twoDeep = List.of(flushed, at(2, 0, 0, 0, 10, 10), at(3, 1, 0, 0, 5, 5),
                at(4, 2, 0, 0, 5, 5));
        List<LeveledComponent<Rect>> oneDeep = List.of(flushed, at(2, 0, 0, 0, 10, 10), at(3, 1, 0, 0, 5, 5));

        LeveledMerge<Rect> intoMiddle = policy.findMerge(LeveledView.ofMbrs(twoDeep)).orElseThrow();
        LeveledMerge<Rect> intoDeepest = policy.findMerge(LeveledView.ofMbrs(oneDeep)).orElseThrow();

        assertThat(intoMiddle.action()).isEqualTo(Action.MERGE);
        assertThat(intoMiddle.targetLevel()).isEqualTo(1);
        assertThat(intoMiddle.dropAntiMatter()).isFalse();
        assertThat(intoDeepest.action()).isEqualTo(Action.MERGE);
        assertThat(intoDeepest.dropAntiMatter()).isTrue();
    }

    @Test
    void relativeTakesTheDirectOverlapsAndAbsoluteGrowsToAFixedPoint() {
        // B = 3: level 1 holds 4 > 3, level 2 holds 8 <= 9. The picked (oldest) component [0,1] touches [1,2]
        // (closed intervals), which touches [2,3], and so on.
        List<LeveledComponent<Rect>> components = new ArrayList<>(List.of(at(1, 1, 0, 0, 1, 1),
                at(2, 1, 20, 20, 21, 21),
                at(3, 1, 30, 30, 31, 31), at(4, 1, 35, 35, 36, 36)));
        for (int i = 1; i <= 6; i++) {
            components.add(at(10 + i, 2, i, 0, i + 1, 1));
        }
        components.add(at(30, 2, 50, 50, 51, 51));
        components.add(at(31, 2, 50, 50, 51, 51));
        LeveledView<Rect> view = LeveledView.ofMbrs(components);

        LeveledMerge<Rect> relative = policy("level0-components", "1", "size-ratio", "3", "pick", "oldest")
                .findMerge(view).orElseThrow();
        LeveledMerge<Rect> absolute = policy("level0-components", "1", "size-ratio", "3", "pick", "oldest",
                "overlap-mode", "absolute").findMerge(view).orElseThrow();

        assertThat(relative.overlapping()).extracting(LeveledComponent::id).containsExactly(11L);
        assertThat(absolute.overlapping()).extracting(LeveledComponent::id)
                .containsExactly(11L, 12L, 13L, 14L, 15L, 16L);
    }

    @Test
    void absoluteTerminatesAndLeavesNothingOutsideThatTouchesItsOutput() {
        Random random = new Random(42);
        LeveledPolicy absolute = policy("overlap-mode", "absolute", "pick", "oldest");
        for (int round = 0; round < 200; round++) {
            List<LeveledComponent<Rect>> next = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                double x = random.nextDouble() * 100;
                double y = random.nextDouble() * 100;
                next.add(at(100 + i, 2, x, y, x + random.nextDouble() * 15, y + random.nextDouble() * 15));
            }
            LeveledComponent<Rect> picked = at(1, 1, 40, 40, 45, 45);

            List<LeveledComponent<Rect>> joined = absolute.overlapping(picked, next, MbrKeySpace.INSTANCE);

            Rect box = joined.stream().map(LeveledComponent::bounds).reduce(picked.bounds(), Rect::union);
            assertThat(next).filteredOn(c -> !joined.contains(c)).noneMatch(c -> c.bounds().intersects(box));
        }
    }

    @Test
    void minAndMaxOverlapPickByHowManyNextLevelComponentsJoin() {
        List<LeveledComponent<Rect>> components = List.of(at(1, 1, 0, 0, 10, 10), at(2, 1, 20, 0, 22, 2),
                at(3, 1, 40, 0, 41, 1), at(4, 2, 0, 0, 1, 1), at(5, 2, 5, 5, 6, 6), at(6, 2, 21, 1, 30, 30));
        LeveledView<Rect> view = LeveledView.ofMbrs(components);

        assertThat(policy("level0-components", "1", "size-ratio", "2").findMerge(view).orElseThrow().picked().id())
                .isEqualTo(3);
        assertThat(policy("level0-components", "1", "size-ratio", "2", "pick", "max-overlap").findMerge(view)
                .orElseThrow().picked().id()).isEqualTo(1);
        assertThat(policy("level0-components", "1", "size-ratio", "2", "pick", "newest").findMerge(view)
                .orElseThrow().picked().id()).isEqualTo(3);
        assertThat(policy("level0-components", "1", "size-ratio", "2", "pick", "oldest").findMerge(view)
                .orElseThrow().picked().id()).isEqualTo(1);
    }

    @Test
    void minOverlapByCentreBreaksTiesByCentreXThenYThenNewest() {
        // Level 1 holds 5 > 3 (level 2: 5 <= 9). Components 1, 3, 8 and 9 each pull one level-2 component, 2 pulls
        // two. min-overlap takes the oldest of the tie (1); by centre the order is 9 and 3 (centre (5, 5), 9 newer),
        // 8 (5, 25), 2 (25, 5), 1 (55, 5), so it takes 9.
        List<LeveledComponent<Rect>> components = List.of(at(1, 1, 50, 0, 60, 10), at(2, 1, 20, 0, 30, 10),
                at(3, 1, 0, 0, 10, 10), at(8, 1, 0, 20, 10, 30), at(9, 1, 0, 0, 10, 10), at(4, 2, 55, 5, 56, 6),
                at(5, 2, 5, 5, 6, 6), at(6, 2, 21, 1, 22, 2), at(7, 2, 25, 5, 26, 6), at(10, 2, 5, 25, 6, 26));
        LeveledView<Rect> view = LeveledView.ofMbrs(components);

        LeveledMerge<Rect> byAge = policy("level0-components", "1", "size-ratio", "3").findMerge(view).orElseThrow();
        LeveledMerge<Rect> byCentre = policy("level0-components", "1", "size-ratio", "3", "pick",
                "min-overlap-by-centre").findMerge(view).orElseThrow();

        assertThat(byAge.inputs()).extracting(LeveledComponent::id).containsExactly(1L, 4L);
        assertThat(byCentre.inputs()).extracting(LeveledComponent::id).containsExactly(9L, 5L);
    }

    @Test
    void roundRobinVisitsEveryComponentOfALevelOnceBeforeRepeating() {
        // Seven components in level 1 (capacity 2): the level stays over capacity, so every call picks there.
        Random random = new Random(7);
        List<LeveledComponent<Rect>> level1 = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            double x = random.nextDouble() * 360 - 180;
            double y = random.nextDouble() * 180 - 90;
            level1.add(at(i + 1, 1, x, y, x + 1, y + 1));
        }
        LeveledPolicy roundRobin = policy("level0-components", "1", "size-ratio", "2", "pick", "round-robin");
        Map<Integer, CompactionPointer<Rect>> pointers = new HashMap<>();
        List<Long> picks = new ArrayList<>();
        for (int call = 0; call < 14; call++) {
            LeveledMerge<Rect> merge = roundRobin.findMerge(new LeveledView<>(MbrKeySpace.INSTANCE, level1, pointers))
                    .orElseThrow();
            picks.add(merge.picked().id());
            pointers.put(merge.sourceLevel(), merge.compactionPointer().orElseThrow());
        }

        List<Long> curveOrder = level1.stream().sorted(ALONG_CURVE)
                .map(LeveledComponent::id).toList();
        assertThat(picks.subList(0, 7)).containsExactlyElementsOf(curveOrder);
        assertThat(picks.subList(7, 14)).containsExactlyElementsOf(curveOrder);
    }

    @Test
    void theCurveFollowsZOrderAcrossTheSignOfCoordinates() {
        LeveledComponent<Rect> southWest = at(1, 1, -10, -10, -10, -10);
        LeveledComponent<Rect> southEast = at(2, 1, 10, -10, 10, -10);
        LeveledComponent<Rect> northWest = at(3, 1, -10, 10, -10, 10);
        LeveledComponent<Rect> northEast = at(4, 1, 10, 10, 10, 10);

        assertThat(List.of(northEast, southEast, northWest, southWest).stream()
                .sorted(ALONG_CURVE).map(LeveledComponent::id))
                .containsExactly(1L, 3L, 2L, 4L);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "rand-uniform", "rand-binomial", "rand-oldest", "rand-newest" })
    void randomPicksAreDeterministicForASeedAndStayInBounds(String pick) {
        for (int n = 1; n <= 40; n++) {
            Set<Integer> seen = new HashSet<>();
            java.util.SplittableRandom random = new java.util.SplittableRandom(n);
            for (int draw = 0; draw < 2000; draw++) {
                int index = BoundedSampler.sample(Pick.of(pick), n, random);
                assertThat(index).isBetween(0, n - 1);
                seen.add(index);
            }
            if (n <= 3) {
                assertThat(seen).hasSize(n);
            }
        }
        List<LeveledComponent<Rect>> level1 = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            level1.add(at(i + 1, 1, i * 10, 0, i * 10 + 1, 1));
        }
        LeveledView<Rect> view = LeveledView.ofMbrs(level1);
        long first = policy("level0-components", "1", "size-ratio", "2", "pick", pick, "seed", "5").findMerge(view)
                .orElseThrow().picked().id();
        assertThat(policy("level0-components", "1", "size-ratio", "2", "pick", pick, "seed", "5").findMerge(view)
                .orElseThrow().picked().id()).isEqualTo(first);
    }

    @Test
    void oneMergeAtATimeAndFlushesWaitOnlyWhileOneRuns() {
        LeveledPolicy policy = LeveledPolicy.create(Map.of());
        List<LeveledComponent<Rect>> components = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            components.add(at(i, 0, 0, 0, 1, 1));
        }
        assertThat(policy.isMergeLagging(LeveledView.ofMbrs(components))).isFalse();
        components.set(0, new LeveledComponent(1, 0, new Rect(0, 0, 1, 1), 100, 1000, true));

        assertThat(policy.findMerge(LeveledView.ofMbrs(components))).isEmpty();
        assertThat(policy.isMergeLagging(LeveledView.ofMbrs(components))).isTrue();
        assertThat(policy.isMergeLagging(LeveledView.ofMbrs(components.subList(0, 3)))).isFalse();
    }

    @Test
    void theOutputCapIsExplicitOrTheLargestComponent() {
        List<LeveledComponent<Rect>> components = level0OverCapacity();

        assertThat(LeveledPolicy.create(Map.of()).findMerge(LeveledView.ofMbrs(components)).orElseThrow()
                .maxOutputEntries()).isEqualTo(900);
        LeveledMerge<Rect> capped = policy("max-component-entries", "5000", "partitioning", "str")
                .findMerge(LeveledView.ofMbrs(components)).orElseThrow();
        assertThat(capped.maxOutputEntries()).isEqualTo(5000);
        assertThat(capped.partitioning()).isEqualTo("str");
        assertThat(capped.partitionerParameters()).containsExactly(Map.entry("memory-budget", "1000000"));
    }

    @Test
    void theMemoryBudgetGoesToTheMergesPartitioner() {
        LeveledMerge<Rect> merge = policy("memory-budget", "16", "partitioning", "str")
                .findMerge(LeveledView.ofMbrs(level0OverCapacity())).orElseThrow();

        assertThat(merge.memoryBudget()).isEqualTo(16);
        assertThat(merge.partitionerParameters()).containsExactly(Map.entry("memory-budget", "16"));
    }

    @Test
    void aFullCompactionNeedsTwoIdleComponents() {
        LeveledPolicy policy = LeveledPolicy.create(Map.of());
        LeveledComponent<Rect> merging = new LeveledComponent(2, 1, new Rect(0, 0, 1, 1), 100, 1000, true);

        assertThat(policy.fullCompaction(LeveledView.ofMbrs(List.of()))).isEmpty();
        assertThat(policy.fullCompaction(LeveledView.ofMbrs(List.of(at(1, 0, 0, 0, 1, 1))))).isEmpty();
        assertThat(policy.fullCompaction(LeveledView.ofMbrs(List.of(at(1, 0, 0, 0, 1, 1), merging)))).isEmpty();
    }

    @Test
    void aFullCompactionOfLevel0GoesToLevel1WithEveryComponentAndNoAntiMatter() {
        // Cap = the largest component, 900: 2,400 entries make 3 outputs, which level 1 (10) holds.
        LeveledMerge<Rect> full = policy("partitioning", "str", "memory-budget", "64")
                .fullCompaction(LeveledView.ofMbrs(level0OverCapacity())).orElseThrow();

        assertThat(full.action()).isEqualTo(Action.FULL);
        assertThat(full.isMove()).isFalse();
        assertThat(full.sourceLevel()).isZero();
        assertThat(full.targetLevel()).isEqualTo(1);
        assertThat(full.picked().id()).isEqualTo(1);
        assertThat(full.inputs()).extracting(LeveledComponent::id).containsExactly(1L, 2L, 3L);
        assertThat(full.dropAntiMatter()).isTrue();
        assertThat(full.maxOutputEntries()).isEqualTo(900);
        assertThat(full.partitioning()).isEqualTo("str");
        assertThat(full.memoryBudget()).isEqualTo(64);
        assertThat(full.compactionPointer()).isEmpty();
    }

    @Test
    void aFullCompactionGoesToTheShallowestLevelHoldingItsOutputsButNotAboveTheDeepest() {
        LeveledPolicy policy = policy("level0-components", "1", "size-ratio", "2", "max-component-entries", "10");
        List<LeveledComponent<Rect>> levels = List.of(component(9, 0, 30), component(3, 1, 10), component(5, 1, 10),
                component(1, 2, 10));
        // 60 entries = 6 outputs of 10: level 2 holds 4, level 3 holds 8.
        LeveledMerge<Rect> deeper = policy.fullCompaction(LeveledView.ofMbrs(levels)).orElseThrow();
        // 20 entries = 2 outputs, which level 1 would hold; the deepest level present is 2.
        LeveledMerge<Rect> atDeepest = policy.fullCompaction(LeveledView.ofMbrs(List.of(component(7, 1, 10),
                component(4, 2, 10)))).orElseThrow();

        assertThat(deeper.sourceLevel()).isZero();
        assertThat(deeper.targetLevel()).isEqualTo(3);
        assertThat(deeper.picked().id()).isEqualTo(9);
        assertThat(deeper.overlapping()).extracting(LeveledComponent::id).containsExactly(1L, 3L, 5L);
        assertThat(atDeepest.sourceLevel()).isEqualTo(1);
        assertThat(atDeepest.targetLevel()).isEqualTo(2);
        assertThat(atDeepest.inputs()).extracting(LeveledComponent::id).containsExactly(7L, 4L);
    }

    @Test
    void aFullCompactionWithoutAnExtraLevel0UsesTheRatiosPowersFromTheFirstLevel() {
        // B0 = 0, B = 2: level 1 holds 4, level 2 holds 8; 50 entries at a cap of 10 make 5 outputs.
        LeveledMerge<Rect> full = policy("level0-components", "0", "size-ratio", "2", "max-component-entries", "10")
                .fullCompaction(LeveledView.ofMbrs(List.of(component(1, 0, 25), component(2, 0, 25)))).orElseThrow();

        assertThat(full.targetLevel()).isEqualTo(2);
    }

    @Test
    void aFullCompactionNeverGoesUpAndAlwaysDropsAntiMatter() {
        LeveledComponent<Rect> picked = component(1, 2, 10);

        assertThatThrownBy(() -> new LeveledMerge(2, 1, picked, List.of(), Action.FULL, true, "size", 10, 16,
                Optional.empty())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LeveledMerge(0, 0, picked, List.of(), Action.FULL, true, "size", 10, 16,
                Optional.empty())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LeveledMerge(2, 2, picked, List.of(), Action.FULL, false, "size", 10, 16,
                Optional.empty())).isInstanceOf(IllegalArgumentException.class);
        assertThat(new LeveledMerge(2, 2, picked, List.of(), Action.FULL, true, "size", 10, 16, Optional.empty())
                .targetLevel()).isEqualTo(2);
    }

    private static LeveledComponent<Rect> component(long id, int level, long entries) {
        return LeveledComponent.idle(id, level, new Rect(0, 0, 1, 1), entries, entries * 10);
    }

    /** Three flushes of 700, 900 and 800 entries at level 0, one more than it holds. */
    private static List<LeveledComponent<Rect>> level0OverCapacity() {
        return List.of(
                LeveledComponent.idle(1, 0, new Rect(0, 0, 1, 1), 700, 7),
                LeveledComponent.idle(2, 0, new Rect(0, 0, 1, 1), 900, 9),
                LeveledComponent.idle(3, 0, new Rect(0, 0, 1, 1), 800, 8));
    }

    @Test
    void theLegacyNamesOf098AreAccepted() {
        assertThat(policy("max-tolerance-component-count", "3").capacity(0)).isEqualTo(3);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "size-ratio|1|an integer from 2 to 1000",
        "level0-components|2.5|an integer from 0 to 1000",
        "pick|best|one of oldest, newest, min-overlap, min-overlap-by-centre, max-overlap, round-robin,"
                + " rand-uniform, rand-binomial, rand-oldest, rand-newest",
        "overlap-mode|transitive|one of relative, absolute",
        "rewrite|yes|one of false, true",
        "partitioning|rsgrove-area|one of size, str, rstar-grove-area, rstar-grove-perimeter",
        "max-component-entries|-1|an integer from 0 to 2147483647",
        "memory-budget|15|an integer from 16 to 2147483647" })
    void badValuesAreOneLineErrorsNamingWhatIsAllowed(String name, String value, String allowed) {
        assertThatThrownBy(() -> policy(name, value)).isInstanceOf(InvalidPolicyParameterException.class)
                .hasMessage("merge policy 'leveled': invalid value '" + value + "' for parameter '" + name
                        + "' (allowed: " + allowed + ")");
    }

    @Test
    void anUnknownParameterListsTheKnownOnes() {
        assertThatThrownBy(() -> policy("num-components-1", "4")).hasMessage("merge policy 'leveled': unknown"
                + " parameter 'num-components-1' (value '4'); allowed parameters: level0-components (0.9.8:"
                + " max-tolerance-component-count), size-ratio (0.9.8: size-ratio), pick, overlap-mode, rewrite,"
                + " partitioning, max-component-entries, seed, memory-budget");
    }
}

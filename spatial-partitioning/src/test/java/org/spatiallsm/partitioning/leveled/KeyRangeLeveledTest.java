package org.spatiallsm.partitioning.leveled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.merge.InvalidPolicyParameterException;
import org.spatiallsm.partitioning.leveled.LeveledMerge.Action;

/** The leveled policy over a B-tree's key ranges: the same decisions as over MBRs, with key-range overlap. */
class KeyRangeLeveledTest {

    private static final KeyRangeSpace<Long> KEYS = new KeyRangeSpace<>(Comparator.naturalOrder());

    private static LeveledComponent<KeyRange<Long>> at(long id, int level, long min, long max) {
        return LeveledComponent.idle(id, level, KEYS.range(min, max), 100, 1000);
    }

    private static LeveledPolicy policy(String... nameValues) {
        Map<String, String> raw = new HashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            raw.put(nameValues[i], nameValues[i + 1]);
        }
        return LeveledPolicy.create(raw, KEYS);
    }

    private static List<Long> ids(List<LeveledComponent<KeyRange<Long>>> components) {
        return components.stream().map(LeveledComponent::id).toList();
    }

    @Test
    void closedRangesOverlapWhenTheyTouch() {
        assertThat(KEYS.overlaps(KEYS.range(1L, 3L), KEYS.range(3L, 5L))).isTrue();
        assertThat(KEYS.overlaps(KEYS.range(3L, 5L), KEYS.range(1L, 3L))).isTrue();
        assertThat(KEYS.overlaps(KEYS.range(1L, 10L), KEYS.range(4L, 5L))).isTrue();
        assertThat(KEYS.overlaps(KEYS.range(1L, 2L), KEYS.range(3L, 4L))).isFalse();
        assertThat(KEYS.overlaps(KEYS.range(3L, 4L), KEYS.range(1L, 2L))).isFalse();
        assertThat(KEYS.union(KEYS.range(4L, 9L), KEYS.range(1L, 5L))).isEqualTo(new KeyRange<>(1L, 9L));
        assertThatThrownBy(() -> KEYS.range(5L, 4L)).hasMessage("key range [5, 4] has its min above its max");
    }

    @Test
    void aSearchMeetsARangeByItsBoundsAndTheirInclusion() {
        KeyRange<Long> range = KEYS.range(10L, 20L);

        assertThat(KEYS.meets(range, KeySearch.point(10L))).isTrue();
        assertThat(KEYS.meets(range, KeySearch.point(20L))).isTrue();
        assertThat(KEYS.meets(range, KeySearch.point(9L))).isFalse();
        assertThat(KEYS.meets(range, KeySearch.point(21L))).isFalse();
        assertThat(KEYS.meets(range, new KeySearch<>(20L, true, 30L, true))).isTrue();
        assertThat(KEYS.meets(range, new KeySearch<>(20L, false, 30L, true))).isFalse();
        assertThat(KEYS.meets(range, new KeySearch<>(0L, true, 10L, true))).isTrue();
        assertThat(KEYS.meets(range, new KeySearch<>(0L, true, 10L, false))).isFalse();
        assertThat(KEYS.meets(range, new KeySearch<>(null, false, 10L, true))).isTrue();
        assertThat(KEYS.meets(range, new KeySearch<>(21L, true, null, false))).isFalse();
        assertThat(KEYS.meets(range, KeySearch.all())).isTrue();
    }

    @Test
    void level0PushesItsOldestIntoEveryNextLevelRangeItMeets() {
        LeveledPolicy policy = policy("level0-components", "1", "size-ratio", "4");
        List<LeveledComponent<KeyRange<Long>>> components = List.of(at(5, 0, 15, 42), at(7, 0, 0, 100),
                at(1, 1, 0, 9), at(2, 1, 10, 19), at(3, 1, 20, 29), at(4, 1, 42, 50));

        LeveledMerge<KeyRange<Long>> merge = policy.findMerge(LeveledView.of(KEYS, components)).orElseThrow();

        assertThat(merge.picked().id()).isEqualTo(5);
        assertThat(merge.action()).isEqualTo(Action.MERGE);
        assertThat(ids(merge.overlapping())).containsExactly(2L, 3L, 4L);
        assertThat(merge.targetLevel()).isEqualTo(1);
        assertThat(merge.dropAntiMatter()).isTrue();
    }

    @Test
    void aRangeMeetingNothingBelowMoves() {
        LeveledPolicy policy = policy("level0-components", "1");
        List<LeveledComponent<KeyRange<Long>>> components = List.of(at(8, 0, 30, 40), at(9, 0, 0, 100),
                at(1, 1, 0, 29), at(2, 1, 41, 60), at(3, 2, 0, 100));

        LeveledMerge<KeyRange<Long>> merge = policy.findMerge(LeveledView.of(KEYS, components)).orElseThrow();

        assertThat(merge.action()).isEqualTo(Action.MOVE);
        assertThat(merge.picked().id()).isEqualTo(8);
        assertThat(merge.targetLevel()).isEqualTo(1);
    }

    @Test
    void absoluteGrowsTheRangeUntilNothingMoreMeetsIt() {
        // Level 1 holds 3 > B = 2; the oldest [0, 10] meets [10, 20], which meets [20, 30]; [31, 40] stays out.
        List<LeveledComponent<KeyRange<Long>>> components = List.of(at(1, 1, 0, 10), at(2, 1, 50, 60),
                at(3, 1, 70, 80), at(4, 2, 10, 20), at(5, 2, 20, 30), at(6, 2, 31, 40));
        LeveledView<KeyRange<Long>> view = LeveledView.of(KEYS, components);

        LeveledMerge<KeyRange<Long>> relative = policy("level0-components", "1", "size-ratio", "2", "pick",
                "oldest").findMerge(view).orElseThrow();
        LeveledMerge<KeyRange<Long>> absolute = policy("level0-components", "1", "size-ratio", "2", "pick",
                "oldest", "overlap-mode", "absolute").findMerge(view).orElseThrow();

        assertThat(ids(relative.overlapping())).containsExactly(4L);
        assertThat(ids(absolute.overlapping())).containsExactly(4L, 5L);
    }

    @Test
    void roundRobinWalksTheKeyOrderAndWraps() {
        // Level 1 holds 5 > B = 2 whatever is picked: the picks walk the ranges by min key, then start again.
        List<LeveledComponent<KeyRange<Long>>> level1 = List.of(at(1, 1, 40, 49), at(2, 1, 0, 9), at(3, 1, 20, 29),
                at(4, 1, 10, 19), at(5, 1, 30, 39));
        LeveledPolicy roundRobin = policy("level0-components", "1", "size-ratio", "2", "pick", "round-robin");
        Map<Integer, CompactionPointer<KeyRange<Long>>> pointers = new HashMap<>();
        List<Long> picks = new ArrayList<>();
        for (int call = 0; call < 7; call++) {
            LeveledMerge<KeyRange<Long>> merge = roundRobin.findMerge(new LeveledView<>(KEYS, level1, pointers))
                    .orElseThrow();
            picks.add(merge.picked().id());
            pointers.put(1, merge.compactionPointer().orElseThrow());
        }

        assertThat(picks).containsExactly(2L, 4L, 3L, 5L, 1L, 2L, 4L);
    }

    @Test
    void aSpatialPartitionerOnABTreeIsRefusedInOneLine() {
        assertThatThrownBy(() -> policy("partitioning", "str"))
                .isInstanceOf(InvalidPolicyParameterException.class)
                .hasMessage("merge policy 'leveled': invalid value 'str' for parameter 'partitioning' (allowed: size"
                        + " on a B-tree)");
        assertThat(policy("partitioning", "size").parameters().values()).containsEntry("partitioning", "size");
        LeveledPolicy spatial = LeveledPolicy.create(Map.of("partitioning", "rstar-grove-area", "level0-components",
                "1"));
        LeveledView<KeyRange<Long>> keyRanges = LeveledView.of(KEYS, List.of(at(1, 0, 0, 1), at(2, 0, 0, 1)));
        assertThatThrownBy(() -> spatial.findMerge(keyRanges))
                .hasMessage("partitioning 'rstar-grove-area' does not apply to a B-tree");
    }

    /**
     * One mechanism with two key types: intervals given to the policy as key ranges and as MBRs of height 0 (whose
     * intersection is the intervals' overlap) get the same decisions, except for the round-robin walk, whose order is
     * each key type's own.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({ "min-overlap,relative", "max-overlap,relative", "oldest,absolute", "newest,relative",
        "rand-uniform,absolute", "rand-binomial,relative" })
    void keyRangesAndFlatMbrsGetTheSameDecisions(String pick, String overlapMode) {
        Random random = new Random(7);
        Map<String, String> raw = Map.of("level0-components", "2", "size-ratio", "3", "pick", pick, "overlap-mode",
                overlapMode, "seed", "3");
        LeveledPolicy onKeys = LeveledPolicy.create(raw, KEYS);
        LeveledPolicy onMbrs = LeveledPolicy.create(raw);
        for (int round = 0; round < 300; round++) {
            List<LeveledComponent<KeyRange<Long>>> ranges = new ArrayList<>();
            List<LeveledComponent<Rect>> mbrs = new ArrayList<>();
            int components = 3 + random.nextInt(30);
            for (int id = 1; id <= components; id++) {
                long min = random.nextInt(1000);
                long max = min + random.nextInt(200);
                int level = random.nextInt(4);
                ranges.add(LeveledComponent.idle(id, level, KEYS.range(min, max), 10 + id, 100));
                mbrs.add(LeveledComponent.idle(id, level, new Rect(min, 0, max, 0), 10 + id, 100));
            }

            var byKeys = onKeys.findMerge(LeveledView.of(KEYS, ranges));
            var byMbrs = onMbrs.findMerge(LeveledView.ofMbrs(mbrs));

            assertThat(byKeys.isPresent()).isEqualTo(byMbrs.isPresent());
            byKeys.ifPresent(merge -> assertThat(summary(merge)).isEqualTo(summary(byMbrs.orElseThrow())));
        }
    }

    private static String summary(LeveledMerge<?> merge) {
        return merge.action() + " " + merge.sourceLevel() + "->" + merge.targetLevel() + " "
                + merge.inputs().stream().map(LeveledComponent::id).toList() + " drop=" + merge.dropAntiMatter()
                + " cap=" + merge.maxOutputEntries();
    }
}

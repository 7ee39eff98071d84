package org.spatiallsm.partitioning.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.spatiallsm.partitioning.leveled.LeveledComponent;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;

class LeveledSimulatorTest {

    private static List<LeveledStep> run(LeveledPolicy policy, int flushes) {
        var simulator = new LeveledSimulator<>(policy, new CountModel());
        List<LeveledStep> steps = new ArrayList<>();
        for (int t = 0; t < flushes; t++) {
            steps.add(simulator.flush(CountModel.flush()));
        }
        return steps;
    }

    @ParameterizedTest(name = "pick {0}")
    @ValueSource(strings = { "min-overlap", "oldest", "round-robin", "rand-uniform" })
    void reproducesTable41sLeveledColumn(String pick) {
        // Mao's dissertation, Table 4.1, leveled (B0 = 2, B = 4): "1, 1, 4, 14", "1, 1, 4, 16, 18", "1, 1, 4, 16, 38"
        // are two level-0 components, then the counts of levels 1, 2, ...; the pick does not change counts.
        List<LeveledStep> steps = run(LeveledPolicy.create(Map.of("level0-components", "2", "size-ratio", "4",
                "pick", pick)), 60);

        assertThat(steps.get(19).levels()).containsExactly(2, 4, 14);
        assertThat(steps.get(39).levels()).containsExactly(2, 4, 16, 18);
        assertThat(steps.get(59).levels()).containsExactly(2, 4, 16, 38);
    }

    @Test
    void transientSpaceIsSetByTheFirstMergesIntoLevelOne() {
        // B0 = 2, B = 4, count model: flush 3 moves a level-0 component to the empty level 1; flushes 4 to 7 merge
        // the oldest level-0 component with all of level 1 (1, 2, 3, 4 components), writing 2 to 5 units beside t
        // on disk; flush 8 finds level 1 at 4 again (one moved on to level 2): 13 / 8. The run keeps 12 / 7.
        List<LeveledStep> steps = run(LeveledPolicy.create(Map.of("level0-components", "2", "size-ratio", "4")), 8);

        assertThat(steps).extracting(LeveledStep::transientSpaceOfFlush)
                .containsExactly(1.0, 1.0, 1.0, 6.0 / 4, 8.0 / 5, 10.0 / 6, 12.0 / 7, 13.0 / 8);
        assertThat(steps.get(7).transientSpace()).isEqualTo(12.0 / 7);
    }

    @ParameterizedTest(name = "pick {0}")
    @ValueSource(strings = { "oldest", "newest", "min-overlap", "min-overlap-by-centre", "max-overlap", "round-robin",
        "rand-uniform", "rand-binomial", "rand-oldest", "rand-newest" })
    void afterEveryFlushEveryLevelIsWithinCapacityAndNothingIsLost(String pick) {
        for (String mode : List.of("relative", "absolute")) {
            LeveledPolicy policy = LeveledPolicy.create(Map.of("level0-components", "2", "size-ratio", "3", "pick",
                    pick, "overlap-mode", mode, "seed", "9"));
            var simulator = new LeveledSimulator<>(policy, new CountModel());
            for (int t = 1; t <= 400; t++) {
                LeveledStep step = simulator.flush(CountModel.flush());
                for (int level = 0; level < step.levels().size(); level++) {
                    assertThat((long) step.levels().get(level)).as("level %d after flush %d", level, t)
                            .isLessThanOrEqualTo(policy.capacity(level));
                }
                assertThat(step.levels().stream().mapToInt(Integer::intValue).sum()).isEqualTo(t);
            }
        }
    }

    @Test
    void reproducesFig31gWithoutAnExtraLevel0() {
        // Mao's dissertation, Fig. 3.1g: capacities 2, 4, 8; before flush 12 the levels hold 2, 4, 5, after it 2, 4, 6.
        List<LeveledStep> steps = run(LeveledPolicy.create(Map.of("level0-components", "0", "size-ratio", "2")), 12);

        assertThat(steps.get(10).levels()).containsExactly(2, 4, 5);
        assertThat(steps.get(11).levels()).containsExactly(2, 4, 6);
    }

    @Test
    void movesAreCountedApartFromMergesAndWriteNothing() {
        // B0 = 1, B = 2, hand-run: 1: L0 [a]. 2: a moves to empty L1. 3: b merges with a (2 units -> 2 outputs).
        // 4: c merges with both (3 -> 3 outputs); L1 holds 3 > 2, its oldest moves to the empty L2.
        List<LeveledStep> steps = run(LeveledPolicy.create(Map.of("level0-components", "1", "size-ratio", "2")), 4);

        assertThat(steps).extracting(LeveledStep::levels).containsExactly(List.of(1), List.of(1, 1), List.of(1, 2),
                List.of(1, 2, 1));
        assertThat(steps).extracting(LeveledStep::merges).containsExactly(0L, 0L, 1L, 2L);
        assertThat(steps).extracting(LeveledStep::moves).containsExactly(0L, 1L, 1L, 2L);
        // W adds 1, 1, 1 + 2, 1 + 3; W_logged = (4 flushed + 5 merged) / 4.
        assertThat(steps.get(3).writeAmplification()).isEqualTo(9 / 4.0);
        assertThat(steps.get(3).writeAmplificationLogged()).isEqualTo(9 / 4.0);
        // Point-read cost: L0 count + non-empty deeper levels = 1, 2, 2, 3.
        assertThat(steps.get(3).readAmplification()).isEqualTo(8 / 4.0);
    }

    @Test
    void rewritingSingleComponentsWritesMoreThanMovingThem() {
        Map<String, String> moving = Map.of("level0-components", "2", "size-ratio", "4");
        Map<String, String> rewriting = Map.of("level0-components", "2", "size-ratio", "4", "rewrite", "true");
        var move = new LeveledSimulator<>(LeveledPolicy.create(moving), new CountModel());
        var rewrite = new LeveledSimulator<>(LeveledPolicy.create(rewriting), new CountModel());
        for (int t = 0; t < 200; t++) {
            move.flush(CountModel.flush());
            rewrite.flush(CountModel.flush());
        }

        assertThat(move.summary().moves()).isPositive();
        assertThat(rewrite.summary().moves()).isZero();
        assertThat(rewrite.summary().merges()).isEqualTo(move.summary().merges() + move.summary().moves());
        assertThat(rewrite.summary().writeAmplificationLogged())
                .isGreaterThan(move.summary().writeAmplificationLogged());
        assertThat(move.summary().levels()).isEqualTo(rewrite.summary().levels());
    }

    @Test
    void countModelOutputsAreDisjointAndTileTheirInputs() {
        var simulator = new LeveledSimulator<>(LeveledPolicy.create(Map.of("size-ratio", "4")),
                new CountModel());
        for (int t = 0; t < 300; t++) {
            simulator.flush(CountModel.flush());
        }
        var components = simulator.view().components();
        for (var a : components) {
            for (var b : components) {
                if (a.level() > 0 && a.level() == b.level() && a.id() != b.id()) {
                    assertThat(simulator.view().keySpace().overlaps(a.bounds(), b.bounds())).as("%s and %s", a, b)
                            .isFalse();
                }
            }
        }
        assertThat(simulator.summary().bytesFlushed()).isEqualTo(300);
        assertThat(components.stream().mapToLong(LeveledComponent::bytes).sum()).isEqualTo(300);
    }
}

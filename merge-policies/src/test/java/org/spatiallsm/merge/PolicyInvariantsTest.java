package org.spatiallsm.merge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.spatiallsm.merge.policies.StaticSchedulePolicy;
import org.spatiallsm.merge.simulation.SimulationStep;
import org.spatiallsm.merge.simulation.Simulator;

/**
 * The invariants of the stack policies as property tests over the whole catalog: never more than k components for
 * the bounded-depth policies, every flushed byte kept, and eager and lazy policies as documented.
 */
class PolicyInvariantsTest {

    private static final Set<String> BOUNDED_DEPTH = Set.of("binomial", "min-latency", "bigtable", "exploring",
            "constant-all");
    private static final Set<String> EAGER = Set.of("binomial", "min-latency", "bigtable", "constant-all");
    private static final Set<String> LAZY = Set.of("min-latency", "bigtable", "constant-all");

    static Stream<Arguments> boundedPoliciesForK3To10() {
        return BOUNDED_DEPTH.stream().sorted().flatMap(name -> IntStream.rangeClosed(3, 10)
                .mapToObj(k -> Arguments.of(name, k)));
    }

    static Stream<Arguments> everyPolicyWithSomeParameterSets() {
        return Stream.of(Arguments.of("binomial", Map.of("k", "3")), Arguments.of("binomial", Map.of()),
                Arguments.of("min-latency", Map.of("k", "5")), Arguments.of("bigtable", Map.of("k", "3")),
                Arguments.of("constant-all", Map.of("k", "2")), Arguments.of("tiered", Map.of()),
                Arguments.of("tiered", Map.of("size-ratio", "2")), Arguments.of("exploring", Map.of()),
                Arguments.of("exploring", Map.of("k", "4", "min-merge", "2", "max-merge", "4")));
    }

    @ParameterizedTest(name = "{0} k={1}")
    @MethodSource("boundedPoliciesForK3To10")
    void boundedDepthPoliciesNeverKeepMoreThanKComponents(String name, int k) {
        Recorder recorder = new Recorder(policy(name, Map.of("k", Integer.toString(k), "min-merge", "2")));
        Simulator simulator = new Simulator(recorder);
        int flushes = name.equals("binomial") || name.equals("min-latency") ? 20_000 : 3_000;

        for (int t = 1; t <= flushes; t++) {
            SimulationStep step = simulator.flush(1);
            assertThat(step.componentCount()).as("%s k=%d after flush %d", name, k, t).isLessThanOrEqualTo(k);
            assertThat(step.runsNewestFirst().stream().mapToLong(Long::longValue).sum()).isEqualTo(t);
        }
        recorder.assertEagerAndLazyAsDocumented(name, k);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyPolicyWithSomeParameterSets")
    void randomFlushSizesKeepEveryByteAndTheBound(String name, Map<String, String> parameters) {
        Recorder recorder = new Recorder(policy(name, parameters));
        Simulator simulator = new Simulator(recorder);
        Random random = new Random(name.hashCode() + parameters.hashCode());
        int k = BOUNDED_DEPTH.contains(name)
                ? PolicyParameters.parse(MergePolicies.byName(name), parameters).getInt("k") : Integer.MAX_VALUE;
        long flushed = 0;

        for (int t = 1; t <= 2_000; t++) {
            long size = 1 + random.nextInt(1_000);
            flushed += size;
            SimulationStep step = simulator.flush(size);
            assertThat(step.runsNewestFirst().stream().mapToLong(Long::longValue).sum()).isEqualTo(flushed);
            assertThat(step.componentCount()).isLessThanOrEqualTo(k);
        }
        recorder.assertEagerAndLazyAsDocumented(name, k);
    }

    @Test
    void staticSchedulesKeepBetweenOneAndKAndMergeExactlyWhenTheyKeepFewerThanCountPlusOne() {
        for (int k = 3; k <= 10; k++) {
            for (StaticSchedulePolicy policy : List.of(StaticSchedulePolicy.binomial(k),
                    StaticSchedulePolicy.minLatency(k))) {
                Recorder recorder = new Recorder(policy);
                Simulator simulator = new Simulator(recorder);
                int countBefore = 0;
                for (int t = 1; t <= 5_000; t++) {
                    recorder.decisions.clear();
                    int keep = policy.keepCount(t);
                    int countAfter = simulator.flush(1).componentCount();

                    assertThat(keep).as("%s t=%d", policy, t).isBetween(1, Math.min(k, countBefore + 1));
                    assertThat(countAfter).isEqualTo(keep);
                    assertThat(recorder.merged()).isEqualTo(keep < countBefore + 1);
                    countBefore = countAfter;
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyPolicyWithSomeParameterSets")
    void concurrentStacksNeverYieldARunningComponentAndNeverLagWithoutAMerge(String name,
            Map<String, String> parameters) {
        MergePolicy policy = policy(name, parameters);
        Random random = new Random(42);

        for (int trial = 0; trial < 3_000; trial++) {
            List<ComponentView> components = new ArrayList<>();
            int count = 1 + random.nextInt(14);
            boolean anyMerging = random.nextBoolean();
            for (int i = 0; i < count; i++) {
                components.add(new ComponentView(1 + random.nextInt(64), anyMerging && random.nextInt(3) == 0));
            }
            StackView stack = new StackView(components, count + random.nextInt(200),
                    random.nextBoolean() ? StackView.Event.FLUSH : StackView.Event.MERGE_COMPLETED);

            Optional<MergeSpec> merge = policy.findMerge(stack);
            merge.ifPresent(run -> {
                assertThat(run.oldest()).as("%s on %s", name, stack).isLessThan(stack.size());
                assertThat(stack.anyMerging(run)).as("%s on %s", name, stack).isFalse();
            });
            if (!stack.anyMerging()) {
                assertThat(policy.isMergeLagging(stack)).as("%s on %s", name, stack).isFalse();
            }
        }
    }

    /** Builds the policy from those of {@code parameters} it has, so one map can serve several policies. */
    private static MergePolicy policy(String name, Map<String, String> parameters) {
        PolicyDescriptor descriptor = MergePolicies.byName(name);
        Map<String, String> applicable = new HashMap<>(parameters);
        applicable.keySet().removeIf(key -> descriptor.parameters().stream().noneMatch(p -> p.name().equals(key)));
        return descriptor.create(PolicyParameters.parse(descriptor, applicable));
    }

    /** Passes decisions through and remembers every flush-time decision. */
    private static final class Recorder implements MergePolicy {
        private final MergePolicy delegate;
        private final List<Decision> decisions = new ArrayList<>();

        Recorder(MergePolicy delegate) {
            this.delegate = delegate;
        }

        @Override
        public Optional<MergeSpec> findMerge(StackView stack) {
            Optional<MergeSpec> merge = delegate.findMerge(stack);
            decisions.add(new Decision(stack, merge));
            return merge;
        }

        @Override
        public boolean isMergeLagging(StackView stack) {
            return delegate.isMergeLagging(stack);
        }

        boolean merged() {
            return decisions.stream().anyMatch(decision -> decision.merge().isPresent());
        }

        void assertEagerAndLazyAsDocumented(String name, int k) {
            for (Decision decision : decisions) {
                if (decision.stack().event() != StackView.Event.FLUSH || decision.merge().isEmpty()) {
                    continue;
                }
                if (EAGER.contains(name)) {
                    assertThat(decision.merge().get().newest()).as("%s merges the flush", name).isZero();
                }
                if (LAZY.contains(name)) {
                    assertThat(decision.stack().size()).as("%s merges only above k", name).isGreaterThan(k);
                }
            }
        }

        private record Decision(StackView stack, Optional<MergeSpec> merge) {
        }
    }
}

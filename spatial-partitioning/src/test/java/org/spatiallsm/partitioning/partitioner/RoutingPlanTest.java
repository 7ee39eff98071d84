package org.spatiallsm.partitioning.partitioner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class RoutingPlanTest {

    @Test
    void consecutiveRunsAsSizeCutsThemTakeOnePassWithOneOutputOpen() {
        RoutingPlan.Builder builder = RoutingPlan.builder();
        for (long position = 0; position < 1000; position++) {
            builder.add((int) (position / 4), position);
        }
        RoutingPlan plan = builder.plan(1);
        assertThat(plan.passes()).isEqualTo(1);
        assertThat(plan.passEnd(0)).isEqualTo(999);
        for (int output = 0; output < 250; output++) {
            assertThat(plan.passOf(output)).isZero();
            assertThat(plan.firstPosition(output)).isEqualTo(4L * output);
            assertThat(plan.lastPosition(output)).isEqualTo(4L * output + 3);
        }
        assertThat(maxOpen(plan, 250, 1000)).isEqualTo(1);
    }

    @Test
    void nestedSpansAreSplitIntoPassesOfAtMostMaxOpen() {
        // Spans [0, 9], [1, 8], [2, 7], [3, 6]: all four overlap at 3..6.
        RoutingPlan.Builder builder = RoutingPlan.builder();
        for (int output = 0; output < 4; output++) {
            builder.add(output, output);
            builder.add(output, 9 - output);
        }
        RoutingPlan plan = builder.plan(2);
        assertThat(plan.passes()).isEqualTo(2);
        assertThat(new int[] { plan.passOf(0), plan.passOf(1), plan.passOf(2), plan.passOf(3) })
                .containsExactly(0, 0, 1, 1);
        assertThat(plan.passEnd(0)).isEqualTo(9);
        assertThat(plan.passEnd(1)).isEqualTo(7);
        assertThat(maxOpen(plan, 4, 10)).isEqualTo(2);
        assertThat(builder.plan(4).passes()).isEqualTo(1);
        assertThat(builder.plan(1).passes()).isEqualTo(4);
    }

    @Test
    void randomAssignmentsKeepTheBoundInEveryPassAndNeedNoMorePassesThanTheDeepestOverlapRequires() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 200; trial++) {
            int outputs = 1 + random.nextInt(40);
            int positions = outputs + random.nextInt(300);
            int[] outputOf = new int[positions];
            for (int position = 0; position < positions; position++) {
                // Every output gets an entry; the rest at random, sometimes in runs.
                outputOf[position] = position < outputs ? position
                        : random.nextBoolean() ? outputOf[position - 1] : random.nextInt(outputs);
            }
            RoutingPlan.Builder builder = RoutingPlan.builder();
            for (int position = positions - 1; position >= 0; position--) {
                builder.add(outputOf[position], position);
            }
            int bound = 1 + random.nextInt(8);
            RoutingPlan plan = builder.plan(bound);
            int deepest = maxOpen(builder.plan(Integer.MAX_VALUE), outputs, positions);
            assertThat(plan.passes()).isEqualTo((deepest + bound - 1) / bound);
            assertThat(maxOpen(plan, outputs, positions)).isLessThanOrEqualTo(bound);
            for (int position = 0; position < positions; position++) {
                int output = outputOf[position];
                assertThat(position).isBetween((int) plan.firstPosition(output), (int) plan.lastPosition(output));
                assertThat((long) position).isLessThanOrEqualTo(plan.passEnd(plan.passOf(output)));
            }
        }
    }

    @Test
    void refusesNoOpenOutputAndAnOutputWithoutEntries() {
        RoutingPlan.Builder builder = RoutingPlan.builder();
        builder.add(0, 0);
        builder.add(2, 1);
        assertThatThrownBy(() -> builder.plan(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a merge must keep at least one output open, not 0");
        assertThatThrownBy(() -> builder.plan(1)).isInstanceOf(IllegalStateException.class)
                .hasMessage("output 1 of 3 has no entry");
        assertThatThrownBy(() -> builder.add(-1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** The most outputs one pass has open at a position (opened at their first, finished at their last entry). */
    private static int maxOpen(RoutingPlan plan, int outputs, int positions) {
        int most = 0;
        for (int pass = 0; pass < plan.passes(); pass++) {
            for (int position = 0; position < positions; position++) {
                int open = 0;
                for (int output = 0; output < outputs; output++) {
                    if (plan.passOf(output) == pass && plan.firstPosition(output) <= position
                            && position <= plan.lastPosition(output)) {
                        open++;
                    }
                }
                most = Math.max(most, open);
            }
        }
        return most;
    }
}

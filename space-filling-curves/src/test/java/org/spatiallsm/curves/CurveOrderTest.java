package org.spatiallsm.curves;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Comparator;

import org.junit.jupiter.api.Test;

class CurveOrderTest {

    @Test
    void hilbertVisitsTheFourQuadrantsOfTheOriginAsA098Curve() {
        // Level 0 splits at 0: 0.9.8's first state ranks (x low, y low), (x low, y high), (x high, y high),
        // (x high, y low).
        double[][] points = { { 5, -5 }, { 5, 5 }, { -5, 5 }, { -5, -5 } };
        sort(points, CurveOrder.hilbert());
        assertThat(points).isDeepEqualTo(new double[][] {new double[] { -5, -5 }, new double[] { -5, 5 },
                new double[] { 5, 5 }, new double[] { 5, -5 } });
    }

    @Test
    void zOrderPutsTheFirstAxisFirst() {
        double[][] points = { { 5, 5 }, { 5, -5 }, { -5, 5 }, { -5, -5 } };
        sort(points, CurveOrder.zOrder(2));
        assertThat(points).isDeepEqualTo(new double[][] {new double[] { -5, -5 }, new double[] { -5, 5 },
                new double[] { 5, -5 }, new double[] { 5, 5 } });
    }

    @Test
    void pointsInOneCellOfTheLastLevelAreEqual() {
        CurveOrder order = CurveOrder.zOrder(2);
        // The last level's cells are about 2^-21 wide: 1 and 1 + 2^-30 share one; 1 and 1 + 2^-10 do not.
        assertThat(order.compare(new double[] { 1, 1 }, new double[] { 1 + 0x1p-30, 1 })).isZero();
        assertThat(order.compare(new double[] { 1, 1 }, new double[] { 1 + 0x1p-10, 1 })).isNegative();
    }

    @Test
    void zerosOfEitherSignTinyValuesAndNaNBehaveAs098Does() {
        CurveOrder order = CurveOrder.hilbert();
        // -0.0 >= 0.0, so both zeros take the upper half; subnormals never leave the cell next to 0.
        assertThat(order.compare(new double[] { -0.0, 1 }, new double[] { 0.0, 1 })).isZero();
        assertThat(order.compare(new double[] { Double.MIN_VALUE, 1 }, new double[] { 0.0, 1 })).isZero();
        // NaN is never >= a split, so it walks exactly like -infinity.
        assertThat(order.compare(new double[] { Double.NaN, 1 }, new double[] { Double.NEGATIVE_INFINITY, 1 }))
                .isZero();
    }

    @Test
    void turnLevelFollowsTheExponent() {
        assertThat(CurveOrder.turnLevel(Double.MAX_VALUE)).isEqualTo(1);
        assertThat(CurveOrder.turnLevel(Double.POSITIVE_INFINITY)).isEqualTo(1);
        assertThat(CurveOrder.turnLevel(Double.NaN)).isEqualTo(1);
        // MAX_VALUE / 2^1023 = 1.999...: 1.0 first reaches MAX_VALUE / 2^1024.
        assertThat(CurveOrder.turnLevel(1.0)).isEqualTo(1024);
        assertThat(CurveOrder.turnLevel(Math.scalb(Double.MAX_VALUE, -1023))).isEqualTo(1023);
        assertThat(CurveOrder.turnLevel(-1.0)).isEqualTo(1024);
        assertThat(CurveOrder.turnLevel(0.0)).isEqualTo(CurveOrder.LEVELS);
        assertThat(CurveOrder.turnLevel(-Double.MIN_VALUE)).isEqualTo(CurveOrder.LEVELS);
    }

    @Test
    void zOrderRejectsImpossibleDimensions() {
        assertThatThrownBy(() -> CurveOrder.zOrder(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to 16");
    }

    private static void sort(double[][] points, CurveOrder order) {
        Arrays.sort(points, Comparator.comparing(p -> p, order::compare));
    }
}

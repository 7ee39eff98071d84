package org.spatiallsm.partitioning.ordering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.spatiallsm.curves.CurveOrder;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.entries.Entries;

class OrderingsTest {

    @Test
    void mortonPutsXOnOddBitsAndYOnEvenBits() {
        assertThat(Orderings.mortonIndex(0, 1)).isEqualTo(1);
        assertThat(Orderings.mortonIndex(1, 0)).isEqualTo(2);
        assertThat(Orderings.mortonIndex(3, 3)).isEqualTo(15);
        assertThat(Orderings.mortonIndex((1L << 31) - 1, (1L << 31) - 1)).isEqualTo((1L << 62) - 1);
    }

    @Test
    void cellsQuantiseTheDomainAndClampOutsideIt() {
        assertThat(Orderings.cell(-180, -180, 180)).isZero();
        assertThat(Orderings.cell(0, -180, 180)).isEqualTo(1L << 30);
        assertThat(Orderings.cell(180, -180, 180)).isEqualTo((1L << 31) - 1);
        assertThat(Orderings.cell(-500, -180, 180)).isZero();
        assertThat(Orderings.cell(500, -180, 180)).isEqualTo((1L << 31) - 1);
    }

    @Test
    void sortableBitsFollowDoubleCompare() {
        double[] ascending = { Double.NEGATIVE_INFINITY, -1e300, -2.5, -Double.MIN_VALUE, -0.0, 0.0, Double.MIN_VALUE,
                1, 3e200 };
        for (int i = 1; i < ascending.length; i++) {
            assertThat(Orderings.sortableBits(ascending[i - 1])).isLessThan(Orderings.sortableBits(ascending[i]));
        }
    }

    @Test
    void simpleIsXThenYThenId() {
        Entries e = new Entries();
        e.addPoint(7, 1, 5);
        e.addPoint(3, 1, 2);
        e.addPoint(9, 0, 9);
        e.addPoint(1, 1, 2);
        Ordering simple = Orderings.create("simple");
        assertThat(compare(simple, e, 2, 1)).isNegative(); // x decides
        assertThat(compare(simple, e, 1, 0)).isNegative(); // then y
        assertThat(compare(simple, e, 3, 1)).isNegative(); // then id
        assertThat(compare(simple, e, 1, 1)).isZero();
    }

    @Test
    void curveOrderingsCompareTheLowerLeftCorner() {
        Entries e = new Entries();
        e.add(1, -170, -80, 170, 80); // a huge box whose corner is near the domain's lower-left
        e.addPoint(2, 10, 10);
        for (String name : new String[] { "hilbert", "zorder" }) {
            Ordering ordering = Orderings.create(name);
            assertThat(compare(ordering, e, 0, 1)).as(name).isNegative();
        }
        Ordering unitSquare = Orderings.create("zorder", new Rect(0, 0, 1, 1));
        e.addPoint(3, 0.2, 0.7); // upper-left quadrant: z = 01
        e.addPoint(4, 0.7, 0.2); // lower-right quadrant: z = 10
        assertThat(compare(unitSquare, e, 2, 3)).isNegative();
    }

    @Test
    void exactEngineOrdersAreTheCurveOrderOfTheCornersThenId() {
        Random random = new Random(7);
        Entries e = new Entries();
        for (int id = 0; id < 200; id++) {
            double x = random.nextInt(5) == 0 ? 1.5 : random.nextDouble() * 360 - 180; // some equal corners
            double y = random.nextDouble() * 180 - 90;
            e.add(id, x, y, x + random.nextDouble(), y + random.nextDouble());
        }
        CurveOrder[] curves = { CurveOrder.hilbert(), CurveOrder.zOrder(2) };
        String[] names = { "hilbert", "zorder" };
        for (int c = 0; c < curves.length; c++) {
            Ordering exact = Orderings.exactEngineOrder(names[c]);
            assertThat(exact.name()).isEqualTo(names[c]);
            for (int a = 0; a < e.size(); a++) {
                for (int b = 0; b < e.size(); b++) {
                    int curve = curves[c].compare(e.minX(a), e.minY(a), e.minX(b), e.minY(b));
                    int expected = curve != 0 ? curve : Long.compare(e.id(a), e.id(b));
                    assertThat(Integer.signum(compare(exact, e, a, b))).as("%s %d %d", names[c], a, b)
                            .isEqualTo(expected);
                }
            }
        }
        assertThat(Orderings.exactEngineOrder("simple")).isSameAs(Orderings.create("simple"));
        assertThatThrownBy(() -> Orderings.exactEngineOrder("peano")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown ordering 'peano' (known: hilbert, zorder, simple)");
    }

    @Test
    void badNamesAndDomainsAreOneLineErrors() {
        assertThatThrownBy(() -> Orderings.create("peano")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown ordering 'peano' (known: hilbert, zorder, simple)");
        assertThatThrownBy(() -> Orderings.create("hilbert", new Rect(0, 0, 0, 5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("non-zero area");
    }

    private static int compare(Ordering ordering, Entries e, int a, int b) {
        return ordering.compare(e, a, ordering.key(e, a), e, b, ordering.key(e, b));
    }
}

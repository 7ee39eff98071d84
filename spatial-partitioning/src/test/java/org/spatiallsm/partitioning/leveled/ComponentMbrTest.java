package org.spatiallsm.partitioning.leveled;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.spatiallsm.geometry.Rect;

class ComponentMbrTest {

    @Test
    void finiteEntriesGiveTheirUnion() {
        ComponentMbr mbr = new ComponentMbr();
        mbr.add(1, 2, 1, 2);
        mbr.add(-3, 0.5, 4, 0.75);

        assertThat(mbr.rect()).isEqualTo(new Rect(-3, 0.5, 4, 2));
        assertThat(mbr.count()).isEqualTo(2);
    }

    @Test
    void oneNaNOrInfiniteCoordinateMakesThePlaneWhateverFollows() {
        for (double bad : new double[] { Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY }) {
            ComponentMbr mbr = new ComponentMbr();
            mbr.add(1, 2, 1, 2);
            mbr.add(bad, 1, bad, 1);
            mbr.add(5, 5, 6, 6);

            assertThat(mbr.rect()).as("with %s", bad).isEqualTo(ComponentMbr.PLANE);
            assertThat(mbr.count()).isEqualTo(3);
        }
    }

    @Test
    void thePlaneOverlapsEveryWindowAndNoEntryIsEmpty() {
        assertThat(ComponentMbr.PLANE.intersects(Rect.point(1e308, -1e308))).isTrue();
        assertThat(ComponentMbr.PLANE.intersects(new Rect(Double.POSITIVE_INFINITY, 0, Double.POSITIVE_INFINITY, 0)))
                .isTrue();
        assertThat(new ComponentMbr().rect()).isEqualTo(new Rect(0, 0, 0, 0));
    }

    @Test
    void onlyFiniteMbrsAreFinite() {
        assertThat(ComponentMbr.isFinite(-Double.MAX_VALUE, 0, Double.MAX_VALUE, 0)).isTrue();
        assertThat(ComponentMbr.isFinite(0, Double.NaN, 0, 0)).isFalse();
        assertThat(ComponentMbr.isFinite(0, 0, 0, Double.NEGATIVE_INFINITY)).isFalse();
    }
}

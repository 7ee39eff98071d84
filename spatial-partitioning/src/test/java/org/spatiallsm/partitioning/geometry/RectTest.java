package org.spatiallsm.partitioning.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RectTest {

    @Test
    void touchingRectanglesOverlapBecauseIntervalsAreClosed() {
        Rect left = new Rect(0, 0, 1, 1);
        assertThat(left.intersects(new Rect(1, 0, 2, 1))).isTrue();
        assertThat(left.intersects(new Rect(1, 1, 2, 2))).isTrue();
        assertThat(left.intersects(new Rect(1.0000001, 0, 2, 1))).isFalse();
        assertThat(left.intersects(new Rect(0, 1.5, 1, 2))).isFalse();
    }

    @Test
    void unionCentreAreaAndMargin() {
        Rect union = new Rect(0, 0, 1, 1).union(Rect.point(3, -2));
        assertThat(union).isEqualTo(new Rect(0, -2, 3, 1));
        assertThat(union.centerX()).isEqualTo(1.5);
        assertThat(union.centerY()).isEqualTo(-0.5);
        assertThat(union.area()).isEqualTo(9.0);
        assertThat(union.margin()).isEqualTo(6.0);
    }

    @Test
    void refusesInvertedBoundsAndNaN() {
        assertThatThrownBy(() -> new Rect(1, 0, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Rect(Double.NaN, 0, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}

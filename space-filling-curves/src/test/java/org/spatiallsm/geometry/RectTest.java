package org.spatiallsm.geometry;

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
        assertThatThrownBy(() -> new Rect(1, 0, 0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rectangle 1,0,0,1 must have x1 <= x2 and y1 <= y2 (bottom-left corner, then top-right"
                        + " corner)");
        assertThatThrownBy(() -> new Rect(Double.NaN, 0, 0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rectangle NaN,0,0,1 has a NaN coordinate");
        assertThat(new Rect(Double.NEGATIVE_INFINITY, 0, 1, Double.POSITIVE_INFINITY).contains(-1e300, 1e300))
                .isTrue();
    }

    @Test
    void writesItsCornersAsAUserTypesThem() {
        assertThat(new Rect(-10.3, 20, -9.7, 20.4)).hasToString("-10.3,20,-9.7,20.4");
        assertThat(Rect.point(4, 1e15)).hasToString("4,1.0E15,4,1.0E15");
        assertThat(Rect.text(5, 0, 5, 1)).isEqualTo("5,0,5,1");
    }
}

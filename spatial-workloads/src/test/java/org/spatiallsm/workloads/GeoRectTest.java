package org.spatiallsm.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.spatiallsm.geometry.Rect;

class GeoRectTest {

    @Test
    void longitudeIsXAndLatitudeIsY() {
        GeoRect europe = new GeoRect(-10, 35, 30, 60);
        assertThat(europe.toRect()).isEqualTo(new Rect(-10, 35, 30, 60));
        GeoPoint rome = new GeoPoint(12.5, 41.9);
        assertThat(europe.toRect().contains(rome.lon(), rome.lat())).isEqualTo(europe.contains(rome)).isTrue();
    }
}

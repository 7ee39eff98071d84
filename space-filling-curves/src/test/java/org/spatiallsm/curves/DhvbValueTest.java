package org.spatiallsm.curves;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class DhvbValueTest {

    @Test
    void theScaleIsKims() {
        assertThat(DhvbValue.CELLS_PER_DEGREE).isEqualTo(5_965_232);
        assertThat(DhvbValue.ORDER).isEqualTo(31);
    }

    /** Computed independently from the formula with the classic Hilbert formulation (Python doubles). */
    @Test
    void regressionVectors() {
        assertThat(DhvbValue.of(0, 0)).isEqualTo(768_614_336_404_561_920L);
        assertThat(DhvbValue.of(-180, -90)).isEqualTo(96_076_792_050_570_240L);
        assertThat(DhvbValue.of(180, 90)).isEqualTo(3_170_534_137_668_839_082L);
        assertThat(DhvbValue.of(-117.8, 33.6)).isEqualTo(1_283_900_129_206_648_977L);
        assertThat(DhvbValue.of(139.6917, 35.6895)).isEqualTo(3_409_658_054_266_524_211L);
        assertThat(DhvbValue.of(-0.1278, 51.5074)).isEqualTo(2_041_191_316_908_560_849L);
    }

    @Test
    void randomPointsEqualTheFormulaWithTheClassicCurve() {
        SplittableRandom random = new SplittableRandom(64);
        for (int i = 0; i < 10_000; i++) {
            double lon = random.nextDouble(-180, 180);
            double lat = random.nextDouble(-90, 90);
            long x = (long) Math.floor((lon + 180) * 5_965_232);
            long y = (long) Math.floor((lat + 180) * 5_965_232);
            assertThat(DhvbValue.of(lon, lat)).isEqualTo(CurveReference.xy2d(31, x, y)).isNotNegative();
        }
    }

    @Test
    void refusesPointsOutsideTheDomainInsteadOfClamping() {
        assertThatThrownBy(() -> DhvbValue.of(180.000001, 0)).hasMessage("longitude 180.000001 is outside [-180, 180]");
        assertThatThrownBy(() -> DhvbValue.of(0, -90.5)).hasMessage("latitude -90.5 is outside [-90, 90]");
        assertThatThrownBy(() -> DhvbValue.of(Double.NaN, 0)).hasMessage("longitude NaN is outside [-180, 180]");
        assertThat(DhvbValue.inDomain(180, 90)).isTrue();
        assertThat(DhvbValue.inDomain(180, 90.01)).isFalse();
    }
}

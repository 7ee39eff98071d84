package org.spatiallsm.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class ZipfSamplerTest {

    private static final int SAMPLES = 400_000;

    /** Observed frequencies of 1..m against the exact probabilities k^-s / H(n, s), summed directly. */
    private static void assertFrequencies(long n, double s, int m, double tolerance) {
        double harmonic = 0;
        for (long k = 1; k <= n; k++) {
            harmonic += Math.pow(k, -s);
        }
        long[] counts = new long[m + 1];
        ZipfSampler zipf = new ZipfSampler(n, s);
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < SAMPLES; i++) {
            long k = zipf.sample(random);
            assertThat(k).isBetween(1L, n);
            if (k <= m) {
                counts[(int) k]++;
            }
        }
        for (int k = 1; k <= m; k++) {
            assertThat(counts[k] / (double) SAMPLES).as("P(k = %d)", k)
                    .isCloseTo(Math.pow(k, -s) / harmonic, within(tolerance));
        }
    }

    @Test
    void kimsLakeExponentPutsNineInTenOnTheSmallestSize() {
        // 1 / zeta(4) = 90 / pi^4 = 0.9239; P(2) = 0.0577, P(3) = 0.0114
        assertFrequencies(80_000_000, 4, 3, 0.003);
    }

    @Test
    void aFlatterExponentReachesTheIntegralTailWithTheRightMass() {
        // n beyond the exact table: the tail past 2^16 holds (about) 1.3 % of the mass at s = 1.2 and n = 10^6
        long n = 1_000_000;
        double s = 1.2;
        assertFrequencies(n, s, 5, 0.003);
        double harmonic = 0;
        double tail = 0;
        for (long k = 1; k <= n; k++) {
            harmonic += Math.pow(k, -s);
            tail += k > ZipfSampler.TABLE_SIZE ? Math.pow(k, -s) : 0;
        }
        ZipfSampler zipf = new ZipfSampler(n, s);
        SplittableRandom random = new SplittableRandom(3);
        long inTail = 0;
        for (int i = 0; i < SAMPLES; i++) {
            inTail += zipf.sample(random) > ZipfSampler.TABLE_SIZE ? 1 : 0;
        }
        assertThat(inTail / (double) SAMPLES).isCloseTo(tail / harmonic, within(0.002));
    }

    @Test
    void aSmallRangeIsExact() {
        assertFrequencies(3, 1, 3, 0.003);
        assertThat(new ZipfSampler(1, 4).sample(new SplittableRandom(1))).isEqualTo(1);
    }

    @Test
    void badParametersAreOneLineErrors() {
        assertThatThrownBy(() -> new ZipfSampler(0, 4)).hasMessage("Zipf: n must be >= 1, got 0");
        assertThatThrownBy(() -> new ZipfSampler(10, 0)).hasMessage("Zipf: exponent must be > 0, got 0.0");
    }
}

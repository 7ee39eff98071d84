package org.spatiallsm.workloads;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Draws k in [1, n] with probability proportional to k^-s. Exact for k up to {@value #TABLE_SIZE} (a cumulative
 * table searched by bisection); beyond, the tail's mass and its inversion use the midpoint integral of x^-s, whose
 * relative error there is below 10^-9. Lake sizes (s = 4) almost never reach the tail: its mass is about 10^-15.
 */
public final class ZipfSampler {

    static final int TABLE_SIZE = 1 << 16;

    private final long n;
    private final double s;
    private final double[] cumulative;
    private final double tailMass;

    /**
     * @throws IllegalArgumentException unless n >= 1 and s > 0
     */
    public ZipfSampler(long n, double s) {
        if (n < 1) {
            throw new IllegalArgumentException("Zipf: n must be >= 1, got " + n);
        }
        if (!(s > 0 && Double.isFinite(s))) {
            throw new IllegalArgumentException("Zipf: exponent must be > 0, got " + s);
        }
        this.n = n;
        this.s = s;
        this.cumulative = new double[(int) Math.min(n, TABLE_SIZE)];
        double total = 0;
        for (int k = 1; k <= cumulative.length; k++) {
            total += Math.pow(k, -s);
            cumulative[k - 1] = total;
        }
        this.tailMass = n > cumulative.length ? integral(cumulative.length + 0.5, n + 0.5) : 0;
    }

    public long sample(SplittableRandom random) {
        double tableMass = cumulative[cumulative.length - 1];
        double u = random.nextDouble() * (tableMass + tailMass);
        if (u < tableMass) {
            int index = Arrays.binarySearch(cumulative, u);
            return (index >= 0 ? index + 1 : -index - 1) + 1L;
        }
        double x = inverseIntegral(cumulative.length + 0.5, u - tableMass);
        return Math.max(cumulative.length + 1L, Math.min(n, Math.round(x)));
    }

    /** The integral of x^-s from a to b. */
    private double integral(double a, double b) {
        return s == 1 ? Math.log(b / a) : (Math.pow(b, 1 - s) - Math.pow(a, 1 - s)) / (1 - s);
    }

    /** The x whose integral of t^-s from a equals v. */
    private double inverseIntegral(double a, double v) {
        return s == 1 ? a * Math.exp(v) : Math.pow(Math.pow(a, 1 - s) + v * (1 - s), 1 / (1 - s));
    }
}

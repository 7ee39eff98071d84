package org.spatiallsm.partitioning.leveled;

import java.util.SplittableRandom;

/**
 * The samplers of the rand-* picks. Each returns an index in [0, n) by construction: the research code's samplers
 * could return n or -1, and one pick fell through into another.
 */
final class BoundedSampler {

    private BoundedSampler() {
    }

    /** An index into {@code n} candidates ordered oldest first. */
    static int sample(Pick pick, int n, SplittableRandom random) {
        if (n < 1) {
            throw new IllegalArgumentException("no candidate to sample from");
        }
        return switch (pick) {
            case RAND_UNIFORM -> random.nextInt(n);
            case RAND_BINOMIAL -> binomial(n - 1, random);
            case RAND_OLDEST -> harmonicRank(n, random);
            case RAND_NEWEST -> n - 1 - harmonicRank(n, random);
            default -> throw new IllegalArgumentException(pick.word() + " is not a random pick");
        };
    }

    /** Heads in {@code trials} fair coin flips: in [0, trials]. */
    private static int binomial(int trials, SplittableRandom random) {
        int heads = 0;
        for (int i = 0; i < trials; i++) {
            heads += random.nextBoolean() ? 1 : 0;
        }
        return heads;
    }

    /** Rank r in [0, n) with probability proportional to 1 / (r + 1). */
    private static int harmonicRank(int n, SplittableRandom random) {
        double total = 0;
        for (int r = 1; r <= n; r++) {
            total += 1.0 / r;
        }
        double target = random.nextDouble() * total;
        for (int r = 0; r < n - 1; r++) {
            target -= 1.0 / (r + 1);
            if (target < 0) {
                return r;
            }
        }
        return n - 1; // rounding leftovers land on the last rank, never beyond
    }
}

package org.spatiallsm.partitioning.knn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Stats;
import org.spatiallsm.partitioning.knn.KnnCounters.Counts;

class KnnCountersTest {

    @Test
    void sumsTheSearchesStats() {
        KnnCounters counters = new KnnCounters();
        assertThat(counters.counts()).isEqualTo(new Counts(0, 0, 0, 0));
        counters.record(new Stats(2, 3, 7, 40));
        counters.record(new Stats(0, 5, 0, 0));
        assertThat(counters.counts()).isEqualTo(new Counts(2, 2, 8, 40));
    }

    @Test
    void concurrentSearchesAreAllCounted() {
        KnnCounters counters = new KnnCounters();
        IntStream.range(0, 10_000).parallel().forEach(i -> counters.record(new Stats(1, 2, 3, 4)));
        assertThat(counters.counts()).isEqualTo(new Counts(10_000, 10_000, 20_000, 40_000));
    }
}

package org.spatiallsm.partitioning.pruning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.spatiallsm.partitioning.pruning.ReadAmplification.Counts;

class ReadAmplificationTest {

    @Test
    void countsSearchesAndTheirOpenedAndSkippedComponents() {
        ReadAmplification counters = new ReadAmplification();
        assertThat(counters.counts()).isEqualTo(Counts.NONE);
        counters.recordSearch(3, 5);
        counters.recordSearch(0, 8);
        counters.recordSearch(1, 0);
        assertThat(counters.counts()).isEqualTo(new Counts(3, 4, 13));
        assertThat(counters.counts().openedPerSearch()).isEqualTo(4.0 / 3);
        assertThat(Counts.NONE.openedPerSearch()).isZero();
    }

    @Test
    void concurrentSearchesAreAllCounted() {
        ReadAmplification counters = new ReadAmplification();
        IntStream.range(0, 10_000).parallel().forEach(i -> counters.recordSearch(2, 1));
        assertThat(counters.counts()).isEqualTo(new Counts(10_000, 20_000, 10_000));
    }

    @Test
    void partitionsAddUp() {
        assertThat(new Counts(2, 3, 4).plus(new Counts(1, 0, 6))).isEqualTo(new Counts(3, 3, 10));
    }

    @Test
    void refusesNegativeCounts() {
        assertThatThrownBy(() -> new ReadAmplification().recordSearch(-1, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

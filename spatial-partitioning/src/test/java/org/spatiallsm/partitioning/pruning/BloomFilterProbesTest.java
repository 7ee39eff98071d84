package org.spatiallsm.partitioning.pruning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.spatiallsm.partitioning.pruning.BloomFilterProbes.Counts;

class BloomFilterProbesTest {

    @Test
    void aPassedTestIsAFalsePositiveUnlessItsBTreeHeldTheKey() {
        BloomFilterProbes probes = new BloomFilterProbes();
        assertThat(probes.counts()).isEqualTo(Counts.NONE);
        probes.recordLookup(5, 4, true); // present key: one search, the right one
        probes.recordLookup(5, 3, true); // present key: one false positive before the right component
        probes.recordLookup(6, 5, false); // absent key: its one search found nothing
        probes.recordLookup(6, 6, false); // absent key: every filter ruled it out
        probes.recordLookup(0, 0, false); // found in memory, or no disk component
        assertThat(probes.counts()).isEqualTo(new Counts(5, 22, 18, 2));
        assertThat(probes.counts().btreeSearches()).isEqualTo(4);
    }

    @Test
    void concurrentLookupsAreAllCounted() {
        BloomFilterProbes probes = new BloomFilterProbes();
        IntStream.range(0, 10_000).parallel().forEach(i -> probes.recordLookup(3, 1, i % 2 == 0));
        assertThat(probes.counts()).isEqualTo(new Counts(10_000, 30_000, 10_000, 15_000));
    }

    @Test
    void partitionsAddUp() {
        assertThat(new Counts(2, 3, 4, 5).plus(new Counts(1, 0, 6, 1))).isEqualTo(new Counts(3, 3, 10, 6));
    }

    @Test
    void refusesImpossibleLookups() {
        assertThatThrownBy(() -> new BloomFilterProbes().recordLookup(2, 3, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BloomFilterProbes().recordLookup(2, -1, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BloomFilterProbes().recordLookup(2, 2, true))
                .hasMessage("a lookup that tested 2 filters, 2 of them rejecting, cannot have found its key on disk");
    }
}

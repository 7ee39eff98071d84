package org.spatiallsm.experiment.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class WriteMixTest {

    @Test
    void appendWritesNewRecordsInOrder() {
        WriteMix mix = new WriteMix(false, 1);

        assertThat(mix.batch(3)).containsExactly(0L, 1L, 2L);
        assertThat(mix.batch(2)).containsExactly(3L, 4L);
        assertThat(mix.records()).isEqualTo(5);
    }

    @Test
    void updatesAreSeventyPercentOfABatchAndHitExistingRecordsNewestMostOften() {
        WriteMix mix = new WriteMix(true, 7);
        // Nothing exists yet: the first batch is all new.
        assertThat(mix.batch(1_000)).hasSize(1_000);

        Set<Long> second = mix.batch(1_000);

        assertThat(mix.records()).isEqualTo(1_300);
        List<Long> updated = new ArrayList<>(second).subList(300, second.size());
        assertThat(new ArrayList<>(second).subList(0, 300)).allMatch(x -> x >= 1_000 && x < 1_300);
        assertThat(updated).isNotEmpty().allMatch(x -> x >= 0 && x < 1_000);
        // Zipf over recency: the ten newest records are each drawn with probability >= 0.013 per draw (rank 10:
        // 10^-0.99 / H(1000, 0.99), H about 7.6), so among 700 draws all of them but with odds below 10^-3.
        assertThat(updated).contains(990L, 991L, 992L, 993L, 994L, 995L, 996L, 997L, 998L, 999L);
        // Repeats of popular records are written once: fewer distinct updates than draws.
        assertThat(updated.size()).isLessThan(700);
    }

    @Test
    void theSameSeedGivesTheSameWritesWhateverTheLookups() {
        WriteMix quiet = new WriteMix(true, 3);
        WriteMix looking = new WriteMix(true, 3);
        quiet.batch(500);
        looking.batch(500);
        looking.anyExisting();
        looking.anyExisting();

        assertThat(looking.batch(500)).containsExactlyElementsOf(quiet.batch(500));
    }
}

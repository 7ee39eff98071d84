package org.spatiallsm.asterixdb.pagereads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

class PageResidencyTest {

    private final PageResidency residency = new PageResidency();

    @Test
    void aSlotSeenForTheFirstTimeWasRead() {
        assertThat(residency.pinned(3, 100L)).isTrue();
    }

    @Test
    void aPageStillInItsSlotWasNotRead() {
        residency.pinned(3, 100L);
        assertThat(residency.pinned(3, 100L)).isFalse();
        assertThat(residency.pinned(3, 100L)).isFalse();
    }

    @Test
    void aSlotThatNowHoldsAnotherPageWasRead() {
        residency.pinned(3, 100L);
        assertThat(residency.pinned(3, 200L)).isTrue();
        // The first page, read again after its eviction, is a read too, in whatever slot it lands.
        assertThat(residency.pinned(3, 100L)).isTrue();
        assertThat(residency.pinned(4, 200L)).isTrue();
    }

    @Test
    void aPlacedPageIsFoundWithoutARead() {
        residency.pinned(3, 100L);
        residency.placed(3, 300L);
        assertThat(residency.pinned(3, 300L)).isFalse();
        residency.placed(5, 400L);
        assertThat(residency.pinned(5, 400L)).isFalse();
    }

    @Test
    void concurrentPinsOfOneMissingPageCountOneRead() throws Exception {
        int threads = 4;
        int slots = 10_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            Callable<Integer> pinAll = () -> {
                int reads = 0;
                for (int slot = 0; slot < slots; slot++) {
                    reads += residency.pinned(slot, 1_000_000L + slot) ? 1 : 0;
                }
                return reads;
            };
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(pinAll));
            }
            int reads = 0;
            for (Future<Integer> result : results) {
                reads += result.get();
            }
            assertThat(reads).isEqualTo(slots);
        } finally {
            pool.shutdownNow();
        }
    }
}

package org.spatiallsm.asterixdb.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExternalSortTest {

    /** 8-byte longs, each counted as 8 bytes of memory. */
    private static final ExternalSort.Codec<Long> LONGS = new ExternalSort.Codec<>() {
        @Override
        public void write(Long value, DataOutputStream out) throws IOException {
            out.writeLong(value);
        }

        @Override
        public Long read(DataInputStream in) throws IOException {
            return in.readLong();
        }

        @Override
        public long memoryBytes(Long value) {
            return Long.BYTES;
        }
    };

    @TempDir
    Path spill;

    private List<Long> sorted(List<Long> input, long budget, int expectedRuns) throws IOException {
        List<Long> output = new ArrayList<>();
        try (ExternalSort<Long> sort = new ExternalSort<>(Comparator.naturalOrder(), LONGS, budget, spill)) {
            for (Long value : input) {
                sort.add(value);
            }
            assertThat(sort.runs()).isEqualTo(expectedRuns);
            sort.finish(output::add);
        }
        return output;
    }

    private static List<Long> random(int count) {
        Random random = new Random(count);
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            values.add((long) random.nextInt(count / 3 + 1) - count / 6);
        }
        return values;
    }

    @Test
    void inMemoryWhenTheBudgetHoldsEverything() throws IOException {
        List<Long> input = random(1000);

        assertThat(sorted(input, 8 * 1000 + 1, 0)).isEqualTo(input.stream().sorted().toList());
    }

    @Test
    void spillsRunsAndMergesThemWithTheLastBatch() throws IOException {
        List<Long> input = random(10_007);

        // 100 longs per run: 100 full runs, 7 left in memory; duplicates across runs are all kept.
        assertThat(sorted(input, 8 * 100, 100)).isEqualTo(input.stream().sorted().toList());
        try (Stream<Path> left = Files.list(spill)) {
            assertThat(left).as("run files deleted").isEmpty();
        }
    }

    @Test
    void countsTheBytesOfItsRuns() throws IOException {
        try (ExternalSort<Long> sort = new ExternalSort<>(Comparator.naturalOrder(), LONGS, 8 * 100, spill)) {
            for (long value = 0; value < 250; value++) {
                sort.add(value);
            }
            // Two runs of 100 longs, each long after a marker byte, and an end marker per run; 50 left in memory.
            assertThat(sort.runs()).isEqualTo(2);
            assertThat(sort.spilledBytes()).isEqualTo(2 * (100 * (1 + Long.BYTES) + 1));
        }
    }

    @Test
    void emptyAndSingleRecordBudgets() throws IOException {
        assertThat(sorted(List.of(), 1, 0)).isEmpty();
        assertThat(sorted(List.of(3L, 1L, 2L), 1, 3)).containsExactly(1L, 2L, 3L);
    }

    @Test
    void closeWithoutFinishDeletesTheRuns() throws IOException {
        try (ExternalSort<Long> sort = new ExternalSort<>(Comparator.naturalOrder(), LONGS, 8, spill)) {
            sort.add(2L);
            sort.add(1L);
        }
        try (Stream<Path> left = Files.list(spill)) {
            assertThat(left).isEmpty();
        }
    }
}

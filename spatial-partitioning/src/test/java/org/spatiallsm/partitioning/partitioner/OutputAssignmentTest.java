package org.spatiallsm.partitioning.partitioner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputAssignmentTest {

    @TempDir
    Path directory;

    @Test
    void randomWritesAcrossChunksReadBack() throws IOException {
        int size = 10_000;
        int[] model = new int[size];
        SplittableRandom random = new SplittableRandom(3);
        try (OutputAssignment outputs = new OutputAssignment(directory, size, 7)) {
            // Every position once in a random order (as STR emits them), then some overwritten.
            int[] order = new int[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            for (int i = size - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int swap = order[i];
                order[i] = order[j];
                order[j] = swap;
            }
            for (int position : order) {
                model[position] = random.nextInt(0, 1000);
                outputs.set(position, model[position]);
            }
            for (int i = 0; i < 500; i++) {
                int position = random.nextInt(size);
                model[position] = random.nextInt(0, Integer.MAX_VALUE);
                outputs.set(position, model[position]);
            }
            assertThat(outputs.size()).isEqualTo(size);
            for (int position = 0; position < size; position++) {
                assertThat(outputs.get(position)).as("position %d", position).isEqualTo(model[position]);
            }
            assertThat(filesIn(directory)).isEqualTo(1);
        }
        assertThat(filesIn(directory)).as("closing deletes the file").isZero();
    }

    @Test
    void positionsBeyondTheIntRangeWork() {
        long size = Integer.MAX_VALUE + 100L;
        try (OutputAssignment outputs = new OutputAssignment(directory, size, 1 << 16)) {
            outputs.set(size - 1, 7);
            outputs.set(Integer.MAX_VALUE + 1L, 8);
            outputs.set(3, 9);
            assertThat(outputs.get(size - 1)).isEqualTo(7);
            assertThat(outputs.get(Integer.MAX_VALUE + 1L)).isEqualTo(8);
            assertThat(outputs.get(3)).isEqualTo(9);
        }
    }

    @Test
    void aPositionNeverAssignedIsAnError() {
        try (OutputAssignment outputs = new OutputAssignment(directory, 20, 8)) {
            outputs.set(0, 0);
            assertThat(outputs.get(0)).isZero();
            assertThatThrownBy(() -> outputs.get(19))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("merge stream position 19 was assigned no output");
            assertThatThrownBy(() -> outputs.set(20, 1))
                    .isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessage("position 20 is outside the merge's 20 entries");
            assertThatThrownBy(() -> outputs.get(-1)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> outputs.set(1, -1))
                    .hasMessage("output -1 for position 1 is negative");
        }
    }

    @Test
    void aFailureWhileInUseStillDeletesTheFile() throws IOException {
        assertThatThrownBy(() -> {
            try (OutputAssignment outputs = new OutputAssignment(directory, 100, 8)) {
                outputs.set(50, 1);
                throw new IllegalStateException("the merge failed");
            }
        }).hasMessage("the merge failed");
        assertThat(filesIn(directory)).isZero();
    }

    @Test
    void aClosedTableRefusesAccess() throws IOException {
        OutputAssignment outputs = new OutputAssignment(directory, 10, 8);
        outputs.set(9, 2);
        outputs.close();
        outputs.close(); // closing twice is harmless
        assertThatThrownBy(() -> outputs.get(9)).isInstanceOf(IllegalStateException.class)
                .hasMessageEndingWith("is closed");
        assertThat(filesIn(directory)).isZero();
    }

    @Test
    void aMissingDirectoryIsAOneLineError() {
        Path missing = directory.resolve("gone");
        assertThatThrownBy(() -> new OutputAssignment(missing, 10))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageStartingWith("cannot create a merge's output table in " + missing + ": ");
    }

    private static long filesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.count();
        }
    }
}

package org.spatiallsm.asterixdb.introspection;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.asterixdb.introspection.LsmEventFile.EventKey;
import org.spatiallsm.asterixdb.introspection.LsmEventFile.Line;
import org.spatiallsm.introspection.IntrospectionJson;
import org.spatiallsm.introspection.MergeScheduled;

class LsmEventFileTest {

    private static final EventKey A = new EventKey("Dv", "A", 7);
    private static final EventKey A_AGAIN = new EventKey("Dv", "A", 8);
    private static final EventKey B = new EventKey("Dv", "B", 9);

    @TempDir
    Path dir;

    /** Bytes of one line of {@link #line} with its line break, for n < 10: all such lines have the same size. */
    private static final int LINE_BYTES = (line(A, 1).text() + "\n").getBytes(StandardCharsets.UTF_8).length;

    /** An event of the dataset {@code key}, told apart by {@code n}, its flush count. */
    static MergeScheduled event(EventKey key, int n) {
        return new MergeScheduled("2026-11-22T09:23:33.180748089Z", "nc1", key.dataverse(), key.dataset(), "i", 0,
                key.datasetId(), n, List.of());
    }

    private static Line line(EventKey key, int n) {
        return new Line(key, IntrospectionJson.line(event(key, n)));
    }

    /** Appends lines 1..count one at a time, each of the dataset {@code keyOf} gives. */
    private static void appendOneByOne(LsmEventFile file, int count, IntFunction<EventKey> keyOf) throws IOException {
        for (int n = 1; n <= count; n++) {
            file.append(List.of(line(keyOf.apply(n), n)));
        }
    }

    private static List<String> texts(Line... lines) {
        return List.of(lines).stream().map(Line::text).toList();
    }

    @Test
    void servesOneDatasetsLinesOldestFirstAndTellsIncarnationsApart() throws IOException {
        LsmEventFile file = new LsmEventFile(dir.resolve("events.jsonl"), 1 << 20, 2);
        file.append(List.of(line(A, 1), line(B, 1)));
        file.append(List.of(line(A, 2), line(A_AGAIN, 1)));

        assertThat(file.lines("Dv", "A", 7).lines()).isEqualTo(texts(line(A, 1), line(A, 2)));
        assertThat(file.lines("Dv", "A", null).lines()).isEqualTo(texts(line(A, 1), line(A, 2), line(A_AGAIN, 1)));
        assertThat(file.lines("Dv", "B", 9)).isEqualTo(new LsmEventFile.Lines(texts(line(B, 1)), false));
        assertThat(file.lines("Dv", "C", null)).isEqualTo(new LsmEventFile.Lines(List.of(), false));
    }

    @Test
    void rotatesAtTheSizeLimitKeepsTheNewestFilesAndSaysWhenADatasetsOldestLinesAreGone() throws IOException {
        Path path = dir.resolve("events.jsonl");
        // Two lines fill a file; the next append rotates it. Two rotated files are kept.
        LsmEventFile file = new LsmEventFile(path, 2L * LINE_BYTES, 2);
        appendOneByOne(file, 8, n -> n <= 2 ? B : A);

        assertThat(Files.readAllLines(path)).isEqualTo(texts(line(A, 7), line(A, 8)));
        assertThat(Files.readAllLines(dir.resolve("events.jsonl.1"))).isEqualTo(texts(line(A, 5), line(A, 6)));
        assertThat(Files.readAllLines(dir.resolve("events.jsonl.2"))).isEqualTo(texts(line(A, 3), line(A, 4)));
        assertThat(dir.resolve("events.jsonl.3")).doesNotExist();
        assertThat(file.lines("Dv", "A", 7)).isEqualTo(new LsmEventFile.Lines(
                texts(line(A, 3), line(A, 4), line(A, 5), line(A, 6), line(A, 7), line(A, 8)), false));
        assertThat(file.lines("Dv", "B", 9)).isEqualTo(new LsmEventFile.Lines(List.of(), true));
    }

    @Test
    void findsTheDatasetsOfFilesAnEarlierRunLeft() throws IOException {
        Path path = dir.resolve("events.jsonl");
        appendOneByOne(new LsmEventFile(path, 3L * LINE_BYTES, 3), 7, n -> n % 2 == 0 ? A : B);

        LsmEventFile after = new LsmEventFile(path, 3L * LINE_BYTES, 3);
        after.append(List.of(line(A, 8)));
        assertThat(after.lines("Dv", "A", 7).lines()).isEqualTo(texts(line(A, 2), line(A, 4), line(A, 6), line(A, 8)));
        assertThat(after.lines("Dv", "B", 9).lines()).isEqualTo(texts(line(B, 1), line(B, 3), line(B, 5), line(B, 7)));
    }

    @Test
    void aHalfWrittenLineDoesNotSwallowTheNextEvent() throws IOException {
        Path path = dir.resolve("events.jsonl");
        LsmEventFile file = new LsmEventFile(path, 1 << 20, 1);
        file.append(List.of(line(A, 1)));
        // What a write that failed half-way, or an NC killed while writing, leaves.
        Files.writeString(path, "{\"dataverse\":\"Dv\",\"data", StandardOpenOption.APPEND);

        file.append(List.of(line(A, 2)));
        assertThat(file.lines("Dv", "A", 7).lines()).isEqualTo(texts(line(A, 1), line(A, 2)));
        assertThat(Files.readAllLines(path)).hasSize(3);
    }

    @Test
    void aDatasetFirstSeenLateIsReadFromItsFirstLine() throws IOException {
        LsmEventFile file = new LsmEventFile(dir.resolve("events.jsonl"), 1 << 20, 1);
        file.append(IntStream.rangeClosed(1, 100).mapToObj(n -> line(B, n)).toList());
        file.append(List.of(line(A, 1)));
        file.append(List.of(line(B, 101), line(A, 2)));
        assertThat(file.lines("Dv", "A", 7).lines()).isEqualTo(texts(line(A, 1), line(A, 2)));
    }
}

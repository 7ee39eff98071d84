package org.spatiallsm.asterixdb.introspection;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.spatiallsm.introspection.IndexEvent;
import org.spatiallsm.introspection.IntrospectionJson;

/**
 * The event file of one node controller and its rotated predecessors: {@code file} is written, {@code file.1} is the
 * newest rotated one, {@code file.<keptFiles>} the oldest kept. When {@code file} has reached {@code maxBytes} the
 * next append rotates first. To serve one dataset's events without parsing every file on every request, it remembers
 * where each dataset's first event is (the existing files are scanned once, on first use).
 */
final class LsmEventFile {

    /** Where a line starts: in the file written while {@code generation} rotations had happened, at {@code offset}. */
    private record Position(long generation, long offset) {
    }

    /** The lines of one dataset, and whether some of its older lines were rotated away (deleted). */
    record Lines(List<String> lines, boolean olderLinesRotatedAway) {
    }

    private final Path file;
    private final long maxBytes;
    private final int keptFiles;
    /** Rotations so far; the files on disk at the first use count as generations before it. */
    private long generation;
    private final Map<EventKey, Position> firstEvent = new HashMap<>();
    private boolean scanned;

    LsmEventFile(Path file, long maxBytes, int keptFiles) {
        this.file = file;
        this.maxBytes = maxBytes;
        this.keptFiles = keptFiles;
    }

    Path path() {
        return file;
    }

    /** One event line (no line break in it) and the dataset it belongs to. */
    record Line(EventKey key, String text) {
    }

    /** Appends whole lines, rotating first if the file is full. */
    synchronized void append(List<Line> lines) throws IOException {
        scanOnce();
        Files.createDirectories(file.toAbsolutePath().getParent());
        if (Files.exists(file) && Files.size(file) >= maxBytes) {
            rotate();
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            long offset = channel.size();
            channel.position(offset);
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel));
            if (offset > 0 && !endsWithLineBreak(channel, offset)) {
                // A failed write or a killed NC left half a line: end it, so that it does not swallow the next event.
                out.write('\n');
                offset++;
            }
            for (Line line : lines) {
                byte[] bytes = (line.text() + '\n').getBytes(StandardCharsets.UTF_8);
                out.write(bytes);
                firstEvent.putIfAbsent(line.key(), new Position(generation, offset));
                offset += bytes.length;
            }
            out.flush();
        }
    }

    private static boolean endsWithLineBreak(FileChannel channel, long size) throws IOException {
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, size - 1);
        return last.get(0) == '\n';
    }

    /**
     * The lines of the dataset, oldest first, read from its first event on; {@code datasetId} null for every
     * dataset of that name.
     */
    synchronized Lines lines(String dataverse, String dataset, Integer datasetId) throws IOException {
        scanOnce();
        Optional<Position> first = firstEvent.entrySet().stream()
                .filter(e -> e.getKey().matches(dataverse, dataset, datasetId)).map(Map.Entry::getValue)
                .min((a, b) -> a.generation() != b.generation() ? Long.compare(a.generation(), b.generation())
                        : Long.compare(a.offset(), b.offset()));
        List<String> lines = new ArrayList<>();
        if (first.isEmpty()) {
            return new Lines(lines, false);
        }
        long oldestKept = generation - keptFiles;
        boolean rotatedAway = first.get().generation() < oldestKept;
        long from = Math.max(first.get().generation(), oldestKept);
        for (long g = from; g <= generation; g++) {
            long offset = g == first.get().generation() ? first.get().offset() : 0;
            forEachLine(fileOf(g), offset, (start, line) -> {
                if (EventKey.of(line).filter(k -> k.matches(dataverse, dataset, datasetId)).isPresent()) {
                    lines.add(line);
                }
            });
        }
        return new Lines(lines, rotatedAway);
    }

    private Path fileOf(long g) {
        long rotationsAgo = generation - g;
        return rotationsAgo == 0 ? file : rotated(rotationsAgo);
    }

    private Path rotated(long rotationsAgo) {
        return file.resolveSibling(file.getFileName() + "." + rotationsAgo);
    }

    private void rotate() throws IOException {
        Files.deleteIfExists(rotated(keptFiles));
        for (int k = keptFiles - 1; k >= 1; k--) {
            if (Files.exists(rotated(k))) {
                Files.move(rotated(k), rotated(k + 1), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (keptFiles > 0) {
            Files.move(file, rotated(1), StandardCopyOption.REPLACE_EXISTING);
        } else {
            Files.delete(file);
        }
        generation++;
    }

    /** Learns where each dataset's first event is in the files an earlier run of the NC left. */
    private void scanOnce() throws IOException {
        if (scanned) {
            return;
        }
        generation = keptFiles;
        for (long g = 0; g <= generation; g++) {
            long thisGeneration = g;
            forEachLine(fileOf(g), 0, (offset, line) -> EventKey.of(line)
                    .ifPresent(key -> firstEvent.putIfAbsent(key, new Position(thisGeneration, offset))));
        }
        scanned = true;
    }

    private interface LineConsumer {
        void accept(long offset, String line);
    }

    /** Every complete line from {@code offset} on; a missing file has none, a last line without '\n' is skipped. */
    private static void forEachLine(Path path, long offset, LineConsumer consumer) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(path))) {
            in.skipNBytes(offset);
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            long start = offset;
            long position = offset;
            for (int b = in.read(); b != -1; b = in.read()) {
                position++;
                if (b == '\n') {
                    consumer.accept(start, line.toString(StandardCharsets.UTF_8));
                    line.reset();
                    start = position;
                } else {
                    line.write(b);
                }
            }
        } catch (NoSuchFileException e) {
            // nothing written there yet, or rotated away
        }
    }

    /** Which dataset an event belongs to. */
    record EventKey(String dataverse, String dataset, int datasetId) {

        /** Of an event line; empty for a line that does not parse (a write that failed half-way). */
        static Optional<EventKey> of(String line) {
            try {
                return IntrospectionJson.eventLine(line).filter(IndexEvent.class::isInstance)
                        .map(event -> of((IndexEvent) event));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }

        static EventKey of(IndexEvent event) {
            return new EventKey(event.dataverse(), event.dataset(), event.datasetId());
        }

        boolean matches(String dataverseName, String datasetName, Integer id) {
            return dataverse.equals(dataverseName) && dataset.equals(datasetName) && (id == null || id == datasetId);
        }
    }
}

package org.spatiallsm.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** ADM records from a file, one per non-blank line (what {@code spatial-lsm generate records} writes). */
public final class FileRecords implements RecordSource {

    private final Path file;
    private final long size;

    /** Counts the records up front, so that progress can show an ETA. */
    public FileRecords(Path file) {
        this.file = file;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            this.size = in.lines().filter(line -> !line.isBlank()).count();
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no such file: " + file);
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void forEach(RecordConsumer consumer) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.isBlank()) {
                    consumer.accept(line);
                }
            }
        }
    }

    @Override
    public String description() {
        return size + " records from " + file;
    }
}

package org.spatiallsm.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * ADM records from a file: one per line (what {@code spatial-lsm generate records} writes), or written over several
 * lines (pretty-printed). A record that opens a brace runs until its braces balance, outside strings; it is sent as
 * one line, since the socket feed reads one record per line. A line that opens no brace is sent as it is (the feed's
 * parser rejects it and counts it).
 */
public final class FileRecords implements RecordSource {

    private final Path file;
    private final long size;

    /** Counts the records up front, so that progress can show an ETA, and refuses a file with an unclosed record. */
    public FileRecords(Path file) {
        this.file = file;
        long[] count = { 0 };
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            split(in, record -> count[0]++);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no such file: " + file);
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        } catch (UnclosedRecordException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage());
        }
        this.size = count[0];
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void forEach(RecordConsumer consumer) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            split(in, consumer::accept);
        }
    }

    @Override
    public String description() {
        return size + " records from " + file;
    }

    /** The file ends inside a record: its braces never balance. */
    static final class UnclosedRecordException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnclosedRecordException(long line) {
            super("the record that starts on line " + line + " is never closed (its { and } do not balance)");
        }
    }

    /**
     * Cuts ADM text into records, each on one line: line breaks inside a record become spaces, or {@code \n}
     * escapes inside a string (the same characters for the parser), and blank lines between records are skipped.
     * Text outside braces ends at its line, so a stray line cannot swallow the records after it.
     *
     * @throws UnclosedRecordException when the text ends inside a record
     */
    static void split(Reader in, RecordConsumer out) throws IOException {
        StringBuilder record = new StringBuilder();
        int depth = 0;
        boolean inString = false;
        boolean escaped = false;
        long line = 1;
        long recordLine = 1;
        for (int next = in.read(); ; next = in.read()) {
            if (next == -1 || next == '\n') {
                if (depth == 0) {
                    emit(record, out);
                    inString = false;
                } else if (next == -1) {
                    throw new UnclosedRecordException(recordLine);
                } else {
                    record.append(inString ? "\\n" : " ");
                }
                if (next == -1) {
                    return;
                }
                line++;
                continue;
            }
            char c = (char) next;
            if (c == '\r' || record.isEmpty() && Character.isWhitespace(c)) {
                continue;
            }
            if (record.isEmpty()) {
                recordLine = line;
            }
            record.append(c);
            if (inString) {
                inString = escaped || c != '"';
                escaped = !escaped && c == '\\';
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && depth > 0 && --depth == 0) {
                emit(record, out);
            }
        }
    }

    private static void emit(StringBuilder record, RecordConsumer out) throws IOException {
        String text = record.toString().strip();
        record.setLength(0);
        if (!text.isEmpty()) {
            out.accept(text);
        }
    }
}

package org.spatiallsm.asterixdb.feed;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Splits one connection's bytes into lines, the record boundary of spatial-lsm's socket feed: a record is the bytes
 * up to a newline byte (0x0A), with a trailing carriage return dropped; lines that hold only spaces and tabs separate
 * nothing and are skipped, but still count in the numbering. Bytes after the last newline, when the client closes,
 * form a last line of their own, so a record cut short by a disconnect never merges with the next connection's first
 * record. A line longer than the limit is not kept in memory: its first bytes are kept for the log and the rest is
 * skipped up to the next newline.
 */
public final class SocketLines {

    /** A line of the connection: its 1-based number, its bytes (or their start, for a line over the limit). */
    public record Line(long number, byte[] content, long length, boolean overLimit) {
    }

    static final int KEPT_OF_LONG_LINE = 200;
    private static final int BUFFER = 64 * 1024;

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[BUFFER];
    private int position;
    private int limit;
    private long lineNumber;
    private boolean ended;

    public SocketLines(InputStream in, int maxLineBytes) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("the line limit must be at least 1 byte, not " + maxLineBytes);
        }
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** Whether a next line may be returned without blocking on the client (bytes are buffered or readable). */
    public boolean hasReadyBytes() throws IOException {
        return position < limit || (!ended && in.available() > 0);
    }

    /** The next line that holds more than blanks, or null when the client has closed the connection. */
    public Line next() throws IOException {
        while (true) {
            Line line = readLine();
            if (line == null || line.overLimit() || !isBlank(line.content())) {
                return line;
            }
        }
    }

    private Line readLine() throws IOException {
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        long length = 0;
        boolean sawAnything = false;
        while (true) {
            if (position == limit && !fill()) {
                if (!sawAnything) {
                    return null;
                }
                return finish(kept, length);
            }
            sawAnything = true;
            int start = position;
            while (position < limit && buffer[position] != '\n') {
                position++;
            }
            int count = position - start;
            keep(kept, length, start, count);
            length += count;
            if (position < limit) {
                position++;
                return finish(kept, length);
            }
        }
    }

    private void keep(ByteArrayOutputStream kept, long lengthSoFar, int start, int count) {
        if (lengthSoFar + count <= maxLineBytes) {
            kept.write(buffer, start, count);
        } else if (kept.size() > KEPT_OF_LONG_LINE) {
            byte[] head = kept.toByteArray();
            kept.reset();
            kept.write(head, 0, KEPT_OF_LONG_LINE);
        } else {
            kept.write(buffer, start, Math.min(count, KEPT_OF_LONG_LINE - kept.size()));
        }
    }

    private Line finish(ByteArrayOutputStream kept, long length) {
        lineNumber++;
        byte[] content = kept.toByteArray();
        boolean overLimit = length > maxLineBytes;
        if (!overLimit && content.length > 0 && content[content.length - 1] == '\r') {
            byte[] trimmed = new byte[content.length - 1];
            System.arraycopy(content, 0, trimmed, 0, trimmed.length);
            content = trimmed;
        }
        return new Line(lineNumber, content, length, overLimit);
    }

    private boolean fill() throws IOException {
        if (ended) {
            return false;
        }
        int read = in.read(buffer, 0, buffer.length);
        if (read < 0) {
            ended = true;
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }

    private static boolean isBlank(byte[] content) {
        for (byte b : content) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }
}

package org.spatiallsm.asterixdb.feed;

import java.nio.charset.StandardCharsets;

import org.apache.asterix.external.api.IRawRecord;

/**
 * One line of a socket connection, handed to the feed's parser. Its text form is what AsterixDB writes to the feed's
 * {@code failed_record.log} when the parser rejects it, so it names the line's position and shows its content cut
 * short, which keeps the log readable whatever the client sent.
 */
final class SocketLineRecord implements IRawRecord<char[]> {

    private static final int SHOWN_CHARS = 200;
    /** What the parser sees for a line over the limit: it can never parse, so the line is counted as rejected. */
    private static final String UNPARSABLE = "}";
    /**
     * AsterixDB's ADM lexer reads its buffer without a length, up to the end-of-input character (0x04); without it a
     * truncated record runs the lexer off the end of the array.
     */
    private static final String END_OF_INPUT = "\n\u0004";

    private final String position;
    private final long length;
    private final boolean overLimit;
    private final String shown;
    private char[] chars;

    SocketLineRecord(String position, SocketLines.Line line) {
        this.position = position;
        this.length = line.length();
        this.overLimit = line.overLimit();
        String content = new String(line.content(), StandardCharsets.UTF_8);
        this.chars = ((overLimit ? UNPARSABLE : content) + END_OF_INPUT).toCharArray();
        this.shown = shown(content);
    }

    private static String shown(String content) {
        String cut = content.length() > SHOWN_CHARS ? content.substring(0, SHOWN_CHARS) + "..." : content;
        StringBuilder printable = new StringBuilder(cut.length());
        cut.codePoints().forEach(c -> printable.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return printable.toString();
    }

    @Override
    public byte[] getBytes() {
        return new String(chars).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public char[] get() {
        return chars;
    }

    @Override
    public void reset() {
        chars = new char[0];
    }

    @Override
    public int size() {
        return chars.length;
    }

    @Override
    public void set(char[] value) {
        chars = value;
    }

    @Override
    public String toString() {
        String size = overLimit ? " (" + length + " bytes, over the line limit)" : " (" + length + " bytes)";
        return "spatial-lsm socket feed: rejected " + position + size + ": " + shown;
    }
}

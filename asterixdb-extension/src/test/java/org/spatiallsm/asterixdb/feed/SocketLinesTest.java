package org.spatiallsm.asterixdb.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class SocketLinesTest {

    private static List<SocketLines.Line> lines(byte[] bytes, int limit) throws IOException {
        SocketLines lines = new SocketLines(new ByteArrayInputStream(bytes), limit);
        List<SocketLines.Line> all = new ArrayList<>();
        for (SocketLines.Line line = lines.next(); line != null; line = lines.next()) {
            all.add(line);
        }
        return all;
    }

    private static List<SocketLines.Line> lines(String text, int limit) throws IOException {
        return lines(text.getBytes(StandardCharsets.UTF_8), limit);
    }

    private static String text(SocketLines.Line line) {
        return new String(line.content(), StandardCharsets.UTF_8);
    }

    @Test
    void eachNewlineEndsARecordAndACarriageReturnBeforeItIsDropped() throws IOException {
        List<SocketLines.Line> lines = lines("{\"a\": 1}\r\n{\"b\": 2}\n", 100);
        assertThat(lines).extracting(SocketLinesTest::text).containsExactly("{\"a\": 1}", "{\"b\": 2}");
        assertThat(lines).extracting(SocketLines.Line::number).containsExactly(1L, 2L);
        assertThat(lines).noneMatch(SocketLines.Line::overLimit);
    }

    @Test
    void blankLinesAreSkippedButKeepTheirNumbers() throws IOException {
        List<SocketLines.Line> lines = lines("x\n\n \t\r\ny\n", 100);
        assertThat(lines).extracting(SocketLinesTest::text).containsExactly("x", "y");
        assertThat(lines).extracting(SocketLines.Line::number).containsExactly(1L, 4L);
    }

    @Test
    void bytesAfterTheLastNewlineAreALastLineOfTheirOwn() throws IOException {
        List<SocketLines.Line> lines = lines("x\n{\"id\": 502 \"lo", 100);
        assertThat(lines).extracting(SocketLinesTest::text).containsExactly("x", "{\"id\": 502 \"lo");
        assertThat(lines(new byte[0], 100)).isEmpty();
    }

    @Test
    void aLineOverTheLimitKeepsOnlyItsStartAndTheNextLineIsWhole() throws IOException {
        String longLine = "L".repeat(SocketLines.KEPT_OF_LONG_LINE) + "z".repeat(300_000);
        List<SocketLines.Line> lines = lines("a\n" + longLine + "\nb\n", 1000);
        assertThat(lines).hasSize(3);
        SocketLines.Line over = lines.get(1);
        assertThat(over.overLimit()).isTrue();
        assertThat(over.length()).isEqualTo(longLine.length());
        assertThat(text(over)).isEqualTo("L".repeat(SocketLines.KEPT_OF_LONG_LINE));
        assertThat(text(lines.get(2))).isEqualTo("b");
        assertThat(lines.get(2).overLimit()).isFalse();
    }

    @Test
    void aLineOfExactlyTheLimitIsKeptWhole() throws IOException {
        String line = "q".repeat(1000);
        assertThat(lines(line + "\n", 1000)).singleElement().satisfies(l -> {
            assertThat(l.overLimit()).isFalse();
            assertThat(text(l)).isEqualTo(line);
        });
    }

    @Test
    void binaryBytesSplitOnlyAtNewlineBytes() throws IOException {
        byte[] blob = { 0, (byte) 0xff, (byte) 0xc3, '\n', 1, 2 };
        assertThat(lines(blob, 100)).extracting(l -> l.content().length).containsExactly(3, 2);
    }

    @Test
    void aLimitBelowOneByteIsRefused() {
        assertThatThrownBy(() -> new SocketLines(new ByteArrayInputStream(new byte[0]), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1 byte");
    }
}

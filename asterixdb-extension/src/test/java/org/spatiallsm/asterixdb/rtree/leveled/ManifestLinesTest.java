package org.spatiallsm.asterixdb.rtree.leveled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class ManifestLinesTest {

    @Test
    void aLineCarriesTheCrc32cOfItsJsonInHex() {
        // The standard CRC32C check value: CRC32C("123456789") = 0xe3069283.
        assertThat(ManifestLines.format("123456789")).isEqualTo("e3069283 123456789");
        assertThat(ManifestLines.json("e3069283 123456789")).isEqualTo("123456789");
        assertThat(ManifestLines.format("{}")).matches("[0-9a-f]{8} \\{}");
    }

    @Test
    void aLineWithoutChecksumIsReadAsItIs() {
        assertThat(ManifestLines.json("{\"edit\":\"flush\"}")).isEqualTo("{\"edit\":\"flush\"}");
    }

    @Test
    void aChangedByteFailsTheChecksum() {
        String line = ManifestLines.format("{\"entries\":12}");
        assertThatThrownBy(() -> ManifestLines.json(line.replace("12", "13")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("checksum mismatch: stored ");
        assertThatThrownBy(() -> ManifestLines.json("zzzzzzzz {}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not hex");
        assertThatThrownBy(() -> ManifestLines.json("\0\0\0\0\0\0\0\0\0\0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("neither");
        assertThatThrownBy(() -> ManifestLines.json("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void onlyNewlineTerminatedLinesAreComplete() {
        assertThat(ManifestLines.terminated(bytes("a\nb\n{\"whole\":true}"))).containsExactly("a", "b");
        assertThat(ManifestLines.terminated(bytes("a\n\nb\n"))).containsExactly("a", "", "b");
        assertThat(ManifestLines.terminated(bytes(""))).isEmpty();
        assertThat(ManifestLines.terminated(bytes("no newline"))).isEmpty();
        // A torn multi-byte character decodes leniently; only its line's checksum can fail.
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        assertThat(ManifestLines.terminated(new byte[] { euro[0], euro[1], '\n' })).hasSize(1);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}

package org.spatiallsm.asterixdb.rtree.leveled;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * The line format of the leveled manifest: one edit per line, {@code <crc> <json>\n}, where {@code <crc>} is the
 * CRC32C of the JSON's UTF-8 bytes in 8 lowercase hex digits (LevelDB's log checksums each record with CRC32C). Only
 * a line that ends with {@code \n} was ever written whole; what follows the last {@code \n} is a torn append. Lines
 * without a checksum (a bare JSON object, the format before checksums) are still read, so that an existing manifest
 * opens; the writer always adds one.
 * <p>
 * Pure Java, unit-tested in {@code ManifestLinesTest}.
 */
final class ManifestLines {

    private static final int CRC_DIGITS = 8;

    private ManifestLines() {
    }

    /** The line (without its {@code \n}) that carries {@code json} with its checksum. */
    static String format(String json) {
        return String.format(Locale.ROOT, "%08x", crc(json)) + " " + json;
    }

    /**
     * The JSON a line carries: after checking its checksum, or as it is for a line without one.
     *
     * @throws IllegalArgumentException (one line) if the checksum does not match or the line has neither form
     */
    static String json(String line) {
        if (line.startsWith("{")) {
            return line;
        }
        if (line.length() <= CRC_DIGITS || line.charAt(CRC_DIGITS) != ' ') {
            throw new IllegalArgumentException("neither <crc32c> <json> nor <json>");
        }
        long stored;
        try {
            stored = Long.parseLong(line.substring(0, CRC_DIGITS), 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("its checksum " + line.substring(0, CRC_DIGITS) + " is not hex", e);
        }
        String json = line.substring(CRC_DIGITS + 1);
        long actual = crc(json);
        if (stored != actual) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "checksum mismatch: stored %08x, computed %08x", stored, actual));
        }
        return json;
    }

    /**
     * The complete lines of a manifest's bytes, without their {@code \n}: a last segment that does not end with
     * {@code \n} is a torn append and is left out, even when it happens to parse.
     */
    static List<String> terminated(byte[] content) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < content.length; i++) {
            if (content[i] == '\n') {
                // A torn line may hold a partial UTF-8 character; decode leniently (its checksum then fails).
                lines.add(new String(content, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        return lines;
    }

    private static long crc(String json) {
        CRC32C crc = new CRC32C();
        crc.update(json.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }
}

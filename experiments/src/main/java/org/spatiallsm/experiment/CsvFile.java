package org.spatiallsm.experiment;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * An RFC 4180 CSV file written row by row: a header, then rows whose cells are numbers, text or empty (unknown).
 * Every row is flushed, so an interrupted run leaves whole rows behind.
 */
public final class CsvFile implements Closeable {

    private final BufferedWriter out;
    private final int columns;

    public CsvFile(Path file, List<String> header) throws IOException {
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        columns = header.size();
        row(header.toArray());
    }

    /**
     * One row; a cell is a {@link Number}, an {@link OptionalLong} or {@link OptionalDouble} (empty = unknown), text,
     * or null (unknown).
     */
    public void row(Object... cells) throws IOException {
        if (cells.length != columns) {
            throw new IllegalArgumentException(cells.length + " cells for " + columns + " columns");
        }
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            line.append(i == 0 ? "" : ",").append(cell(cells[i]));
        }
        out.write(line.append("\r\n").toString());
        out.flush();
    }

    static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof OptionalLong number) {
            return number.isPresent() ? Long.toString(number.getAsLong()) : "";
        }
        if (value instanceof OptionalDouble number) {
            return number.isPresent() ? cell(number.getAsDouble()) : "";
        }
        if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            return Double.isFinite(number) ? String.format(Locale.ROOT, "%.3f", number).replaceAll("\\.?0+$", "")
                    : "";
        }
        String text = value.toString();
        return text.matches("[^\",\r\n]*") ? text : "\"" + text.replace("\"", "\"\"") + "\"";
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}

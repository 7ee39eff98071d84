package org.spatiallsm.experiment.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

/**
 * One data row of a run's CSV file, its cells by header name. An empty cell, and a column the file does not have
 * (an older writer, or a column added later at the end), both read as unknown.
 */
public final class CsvRow {
    private final Path file;
    /** 1 for the first row after the header. */
    private final int row;
    private final Map<String, String> cells;

    private CsvRow(Path file, int row, Map<String, String> cells) {
        this.file = file;
        this.row = row;
        this.cells = cells;
    }

    /** The data rows of {@code file}, in file order; none when the file does not exist (nothing was recorded). */
    public static List<CsvRow> read(Path file) {
        List<CsvRow> rows = new ArrayList<>();
        if (!Files.exists(file)) {
            return rows;
        }
        CsvSchema header = CsvSchema.emptySchema().withHeader();
        try (MappingIterator<Map<String, String>> it =
                new CsvMapper().readerForMapOf(String.class).with(header).readValues(file.toFile())) {
            while (it.hasNextValue()) {
                rows.add(new CsvRow(file, rows.size() + 1, it.nextValue()));
            }
        } catch (IOException | RuntimeException e) {
            throw new ReportException(file + ": not a valid CSV file: " + firstLine(e.getMessage()), e);
        }
        return rows;
    }

    /** The cell's text, "" when unknown. */
    public String text(String column) {
        String value = cells.get(column);
        return value == null ? "" : value.trim();
    }

    /** The cell's number, NaN when unknown. */
    public double number(String column) {
        String value = text(column);
        if (value.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new ReportException(file + " data row " + row + ": column " + column + " holds '" + value
                    + "', not a number");
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }
}

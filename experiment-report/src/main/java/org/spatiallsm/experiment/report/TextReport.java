package org.spatiallsm.experiment.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** The report's numbers as plain text tables: the header, then each plot's table under its id and title. */
final class TextReport {
    private TextReport() {
    }

    static void print(Run run, List<Plot> plots, PrintStream out) {
        RunInfo info = run.info();
        out.println(info.title().isEmpty() ? info.study() : info.title());
        for (Header.Section section : Header.of(run)) {
            out.println();
            out.println("== " + section.title());
            table(section.table(), out);
        }
        out.println();
        out.println(Report.DEFINITIONS);
        for (Plot plot : plots) {
            out.println();
            out.println("== " + plot.title() + " [" + plot.id() + "]");
            table(plot.table(), out);
        }
    }

    /** Columns padded to their widest cell. */
    private static void table(Table table, PrintStream out) {
        List<List<String>> lines = new ArrayList<>();
        lines.add(table.header());
        lines.addAll(table.rows());
        int[] widths = new int[table.header().size()];
        for (List<String> line : lines) {
            for (int c = 0; c < line.size() && c < widths.length; c++) {
                widths[c] = Math.max(widths[c], line.get(c).length());
            }
        }
        for (List<String> line : lines) {
            StringBuilder text = new StringBuilder();
            for (int c = 0; c < line.size() && c < widths.length; c++) {
                text.append(c == 0 ? "" : "  ").append(String.format("%-" + Math.max(widths[c], 1) + "s", line.get(c)));
            }
            out.println(text.toString().stripTrailing());
        }
        if (!table.note().isEmpty()) {
            out.println(table.note());
        }
    }
}

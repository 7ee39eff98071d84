package org.spatiallsm.experiment.report;

import java.util.ArrayList;
import java.util.List;

import org.spatiallsm.experiment.report.Metrics.Point;
import org.spatiallsm.experiment.report.Plot.Series;

/** The tables printed under the plots, holding the plotted numbers. */
final class Tables {
    private Tables() {
    }

    /**
     * One row per point: series, x, y. A long series is thinned to {@code maxRowsPerSeries} evenly spaced points,
     * first and last included; the note says so.
     */
    static Table longForm(String xLabel, String yLabel, List<Series> series, int maxRowsPerSeries) {
        List<List<String>> rows = new ArrayList<>();
        boolean thinned = false;
        for (Series s : series) {
            List<Point> points = s.points();
            int shown = Math.min(points.size(), maxRowsPerSeries);
            thinned |= shown < points.size();
            for (int i = 0; i < shown; i++) {
                int at = shown == 1 ? 0 : (int) Math.round(i * (points.size() - 1) / (double) (shown - 1));
                Point p = points.get(at);
                rows.add(List.of(s.name(), Format.number(p.x()), Format.number(p.y())));
            }
        }
        String note = thinned ? "At most " + maxRowsPerSeries + " evenly spaced points per series are shown; the"
                + " run folder's CSV files hold every sample." : "";
        return new Table(List.of("series", xLabel, yLabel), rows, note);
    }

    /** One row per category, one column per series; the note starts with the cells' unit. */
    static Table wideForm(String xLabel, String yLabel, List<String> categories, List<Series> series, String note) {
        List<String> header = new ArrayList<>();
        header.add(xLabel);
        series.forEach(s -> header.add(s.name()));
        List<List<String>> rows = new ArrayList<>();
        for (int c = 0; c < categories.size(); c++) {
            List<String> row = new ArrayList<>();
            row.add(categories.get(c));
            for (Series s : series) {
                int category = c;
                row.add(s.points().stream().filter(p -> p.x() == category).findFirst()
                        .map(p -> Format.number(p.y())).orElse(""));
            }
            rows.add(row);
        }
        return new Table(header, rows, ("Cells: " + yLabel + ". " + note).strip());
    }
}

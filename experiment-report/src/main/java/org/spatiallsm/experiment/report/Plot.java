package org.spatiallsm.experiment.report;

import java.util.List;

/**
 * One figure of the report, independent of how it is drawn: its series, the published values it marks, reference
 * lines, and the table of its numbers printed under it.
 *
 * @param id         stable name: the image file is {@code plots/<id>.png}, and run.json's {@code published}
 *                   entries name the plot they belong to by it
 * @param categories the x values of a {@link Kind#CATEGORY_LINES} or {@link Kind#BARS} plot; a point's x is then
 *                   the index of its category
 */
public record Plot(String id, String title, String xLabel, String yLabel, Kind kind, List<String> categories,
        List<Series> series, List<Reference> references, Table table) {

    public enum Kind {
        /** Numeric x, one line per series. */
        LINES,
        /** Named x values (such as selectivities), one line per series. */
        CATEGORY_LINES,
        /** Named x values, one bar per series. */
        BARS
    }

    /** A named series; a published one holds values of the published study, drawn as marks, not as a line. */
    public record Series(String name, List<Metrics.Point> points, boolean published) {
    }

    /** A horizontal line at {@code y}, such as the buffer cache size on a plot of index sizes. */
    public record Reference(double y, String label) {
    }
}

package org.spatiallsm.experiment.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.geom.Path2D;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

import org.spatiallsm.experiment.report.Metrics.Point;
import org.spatiallsm.experiment.report.Plot.Series;

/** Draws a {@link Plot} with JFreeChart, as PNG and as SVG. */
final class Charts {
    static final int WIDTH = 900;
    static final int HEIGHT = 480;
    /** A line series with more points than this is drawn without a shape at each point, which would blot it. */
    private static final int MAX_POINTS_WITH_SHAPES = 40;
    /** Runs of consecutive points a long series is drawn with: about one per pixel column of the plot. */
    static final int DRAWN_RUNS = WIDTH;
    private static final Color PUBLISHED = Color.BLACK;
    private static final Shape PUBLISHED_SHAPE = diamond(7);

    static {
        // Charts are drawn off screen: a machine without a display must not try to open one.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Charts() {
    }

    static byte[] png(Plot plot) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ChartUtils.writeChartAsPNG(out, chart(plot), WIDTH, HEIGHT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static String svg(Plot plot) {
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, HEIGHT);
        // Tenths of a pixel are finer than any screen shows; the default 17 digits per coordinate triple the file.
        g2.setGeomDoubleConverter(Charts::tenths);
        chart(plot).draw(g2, new Rectangle(WIDTH, HEIGHT));
        return g2.getSVGDocument();
    }

    static JFreeChart chart(Plot plot) {
        JFreeChart chart = plot.kind() == Plot.Kind.LINES ? xyChart(plot) : categoryChart(plot);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getPlot().setBackgroundPaint(Color.WHITE);
        return chart;
    }

    private static JFreeChart xyChart(Plot plot) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        for (Series s : plot.series()) {
            XYSeries series = new XYSeries(s.name(), false, true);
            envelope(s.points(), DRAWN_RUNS).forEach(p -> series.add(p.x(), p.y()));
            dataset.addSeries(series);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(plot.title(), plot.xLabel(), plot.yLabel(), dataset,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot xy = chart.getXYPlot();
        xy.setDomainGridlinePaint(Color.LIGHT_GRAY);
        xy.setRangeGridlinePaint(Color.LIGHT_GRAY);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer();
        // One path per series, not one element per segment: an SVG of a long series stays small.
        renderer.setDrawSeriesLineAsPath(true);
        for (int i = 0; i < plot.series().size(); i++) {
            Series s = plot.series().get(i);
            renderer.setSeriesStroke(i, new BasicStroke(1.5f));
            if (s.published()) {
                // A published series is a set of marks to compare against, not a curve: shapes, no line.
                renderer.setSeriesLinesVisible(i, false);
                renderer.setSeriesShapesVisible(i, true);
                renderer.setSeriesPaint(i, PUBLISHED);
                renderer.setSeriesShape(i, PUBLISHED_SHAPE);
            } else {
                renderer.setSeriesShapesVisible(i, s.points().size() <= MAX_POINTS_WITH_SHAPES);
            }
        }
        xy.setRenderer(renderer);
        addReferences(plot, xy.getRangeAxis(), xy::addRangeMarker);
        return chart;
    }

    private static JFreeChart categoryChart(Plot plot) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        // Category by category, so that the x axis keeps the plot's order.
        for (int c = 0; c < plot.categories().size(); c++) {
            for (Series s : plot.series()) {
                dataset.addValue(valueAt(s, c), s.name(), plot.categories().get(c));
            }
        }
        boolean bars = plot.kind() == Plot.Kind.BARS;
        JFreeChart chart = bars
                ? ChartFactory.createBarChart(plot.title(), plot.xLabel(), plot.yLabel(), dataset,
                        PlotOrientation.VERTICAL, true, false, false)
                : ChartFactory.createLineChart(plot.title(), plot.xLabel(), plot.yLabel(), dataset,
                        PlotOrientation.VERTICAL, true, false, false);
        CategoryPlot category = chart.getCategoryPlot();
        category.setRangeGridlinePaint(Color.LIGHT_GRAY);
        if (!bars) {
            LineAndShapeRenderer renderer = new LineAndShapeRenderer(true, true);
            for (int i = 0; i < plot.series().size(); i++) {
                renderer.setSeriesStroke(i, new BasicStroke(1.5f));
                if (plot.series().get(i).published()) {
                    renderer.setSeriesLinesVisible(i, false);
                    renderer.setSeriesPaint(i, PUBLISHED);
                    renderer.setSeriesShape(i, PUBLISHED_SHAPE);
                }
            }
            category.setRenderer(renderer);
        } else {
            for (int i = 0; i < plot.series().size(); i++) {
                if (plot.series().get(i).published()) {
                    category.getRenderer().setSeriesPaint(i, PUBLISHED);
                }
            }
        }
        addReferences(plot, category.getRangeAxis(), category::addRangeMarker);
        return chart;
    }

    /** Draws the reference lines, and stretches the y axis so that they show even above every data point. */
    private static void addReferences(Plot plot, ValueAxis rangeAxis, Consumer<ValueMarker> sink) {
        double top = 0;
        for (Plot.Reference reference : plot.references()) {
            ValueMarker marker = new ValueMarker(reference.y(), Color.RED, new BasicStroke(1.5f));
            marker.setLabel(reference.label());
            marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            marker.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
            sink.accept(marker);
            top = Math.max(top, reference.y());
        }
        if (plot.references().isEmpty()) {
            return;
        }
        for (Series s : plot.series()) {
            for (Point p : s.points()) {
                top = Math.max(top, p.y());
            }
        }
        if (rangeAxis instanceof NumberAxis && top > 0) {
            rangeAxis.setRange(0, top * 1.1);
        }
    }

    /**
     * The points a long series is drawn with: it is cut into {@code runs} runs of consecutive points, and of each
     * run the first, lowest, highest and last point are kept, in their order. More points would fall on the same
     * pixel column (and make an SVG of megabytes); these keep every dip and spike, such as a stall of ingestion.
     */
    static List<Point> envelope(List<Point> points, int runs) {
        if (points.size() <= 4 * runs) {
            return points;
        }
        List<Point> kept = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            int from = (int) ((long) points.size() * run / runs);
            int to = (int) ((long) points.size() * (run + 1) / runs);
            int lowest = from;
            int highest = from;
            for (int i = from; i < to; i++) {
                lowest = points.get(i).y() < points.get(lowest).y() ? i : lowest;
                highest = points.get(i).y() > points.get(highest).y() ? i : highest;
            }
            new TreeSet<>(List.of(from, lowest, highest, to - 1)).forEach(i -> kept.add(points.get(i)));
        }
        return kept;
    }

    private static String tenths(double coordinate) {
        long tenths = Math.round(coordinate * 10);
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : Double.toString(tenths / 10.0);
    }

    private static Double valueAt(Series series, int category) {
        return series.points().stream().filter(p -> p.x() == category).findFirst().map(Point::y).orElse(null);
    }

    private static Shape diamond(double half) {
        Path2D.Double shape = new Path2D.Double();
        shape.moveTo(0, -half);
        shape.lineTo(half, 0);
        shape.lineTo(0, half);
        shape.lineTo(-half, 0);
        shape.closePath();
        return shape;
    }
}

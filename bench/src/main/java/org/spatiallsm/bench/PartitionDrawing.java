package org.spatiallsm.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.partitioner.PartitionCollector;

/** Draws a merge's output MBRs over its points as a PNG, headless, over the data's bounding box. */
final class PartitionDrawing {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 450;
    private static final int MARGIN = 8;
    private static final int TITLE = 20;

    private PartitionDrawing() {
    }

    /** {@code base} with {@code -name} inserted before its extension ({@code parts.png -> parts-str.png}). */
    static Path fileFor(Path base, String name) {
        String file = base.getFileName().toString();
        int dot = file.lastIndexOf('.');
        String stem = dot > 0 ? file.substring(0, dot) : file;
        return base.resolveSibling(stem + "-" + name + ".png");
    }

    static void write(Path file, Entries points, List<PartitionCollector.Collected> partitions, String title)
            throws IOException {
        System.setProperty("java.awt.headless", "true");
        Rect bounds = points.mbr(0);
        for (int row = 1; row < points.size(); row++) {
            bounds = bounds.union(points.mbr(row));
        }
        Projection to = new Projection(bounds);
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT + TITLE, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT + TITLE);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        g.drawString(title, MARGIN, 15);
        g.setColor(new Color(120, 120, 120));
        for (int row = 0; row < points.size(); row++) {
            g.fillRect(to.x(points.centerX(row)), to.y(points.centerY(row)), 1, 1);
        }
        g.setStroke(new BasicStroke(1f));
        for (int p = 0; p < partitions.size(); p++) {
            Rect mbr = partitions.get(p).info().mbr();
            // Golden-angle hues: neighbouring partitions in output order get distinct colours.
            g.setColor(Color.getHSBColor((p * 0.618034f) % 1f, 0.9f, 0.8f));
            int x0 = to.x(mbr.minX());
            int y0 = to.y(mbr.maxY());
            g.drawRect(x0, y0, Math.max(1, to.x(mbr.maxX()) - x0), Math.max(1, to.y(mbr.minY()) - y0));
        }
        g.dispose();
        // Through our own stream: ImageIO prints a stack trace itself when it cannot open a file.
        try (OutputStream out = Files.newOutputStream(file)) {
            ImageIO.write(image, "png", out);
        }
    }

    /** Data coordinates to pixels, y upwards. */
    private record Projection(Rect bounds) {
        int x(double x) {
            return MARGIN + (int) Math.round((x - bounds.minX()) / Math.max(1e-12, bounds.maxX() - bounds.minX())
                    * (WIDTH - 2 * MARGIN - 1));
        }

        int y(double y) {
            return TITLE + MARGIN
                    + (int) Math.round((bounds.maxY() - y) / Math.max(1e-12, bounds.maxY() - bounds.minY())
                            * (HEIGHT - 2 * MARGIN - 1));
        }
    }
}

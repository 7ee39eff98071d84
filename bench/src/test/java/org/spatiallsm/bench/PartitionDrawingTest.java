package org.spatiallsm.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Orderings;
import org.spatiallsm.partitioning.partitioner.PartitionCollector;
import org.spatiallsm.partitioning.partitioner.Partitioners;

class PartitionDrawingTest {

    @Test
    void insertsThePartitionerNameBeforeTheExtension() {
        assertThat(PartitionDrawing.fileFor(Path.of("docs/images/parts.png"), "str"))
                .isEqualTo(Path.of("docs/images/parts-str.png"));
        assertThat(PartitionDrawing.fileFor(Path.of("parts"), "size")).isEqualTo(Path.of("parts-size.png"));
    }

    @Test
    void drawsEachPartitionMbrInItsOwnColourOverTheGreyPoints(@TempDir Path dir) throws IOException {
        Entries points = new Entries();
        for (int id = 0; id < 400; id++) {
            points.addPoint(id, id % 20, id / 20);
        }
        PartitionCollector collector = new PartitionCollector();
        Partitioners.create("str", Map.of()).partition(List.of(EntryRun.of(points)), Orderings.create("simple"), 100,
                collector);
        Path file = dir.resolve("grid.png");
        PartitionDrawing.write(file, points, collector.partitions(), "str on a grid");

        BufferedImage image = ImageIO.read(file.toFile());
        assertThat(image.getWidth()).isEqualTo(900);
        assertThat(image.getHeight()).isEqualTo(470);
        long coloured = 0;
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = 0; y < image.getHeight(); y++) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                int r = rgb >> 16;
                int g = (rgb >> 8) & 0xFF;
                int b = rgb & 0xFF;
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 60) {
                    coloured++;
                }
            }
        }
        assertThat(coloured).as("pixels of the MBR outlines").isGreaterThan(1000);
    }
}

package org.spatiallsm.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import org.spatiallsm.experiment.report.Metrics.Point;

class ChartsTest {
    @Test
    void aLongSeriesIsDrawnWithTheEnvelopeOfEachRunKeepingEveryDip() {
        List<Point> flat = IntStream.range(0, 10_000)
                .mapToObj(i -> new Point(i, i == 4_321 ? 0 : i == 7_000 ? 900 : 100)).toList();

        List<Point> drawn = Charts.envelope(flat, 100);

        assertThat(drawn).hasSizeLessThanOrEqualTo(400).contains(new Point(4_321, 0), new Point(7_000, 900))
                .startsWith(new Point(0, 100)).endsWith(new Point(9_999, 100))
                .isSortedAccordingTo(Comparator.comparingDouble(Point::x));
        assertThat(Charts.envelope(flat.subList(0, 400), 100)).isEqualTo(flat.subList(0, 400));
    }
}

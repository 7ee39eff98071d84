package org.spatiallsm.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.spatiallsm.experiment.report.ConfigurationData.Build;
import org.spatiallsm.experiment.report.ConfigurationData.ComponentSample;
import org.spatiallsm.experiment.report.ConfigurationData.IoEvent;
import org.spatiallsm.experiment.report.ConfigurationData.Query;
import org.spatiallsm.experiment.report.Metrics.Point;
import org.spatiallsm.experiment.report.Metrics.QueryGroup;

class MetricsTest {
    private static final double NONE = Double.NaN;

    @Test
    void writeAmplificationIsEverythingWrittenOverWhatFlushesWrote() {
        List<IoEvent> events = List.of(
                new IoEvent(10, 1000, "loc", "flush", 100, 10),
                new IoEvent(15, 1000, "pk", "flush", 50, 10),
                new IoEvent(20, 2000, "loc", "flush", 100, 10),
                new IoEvent(25, 2000, "loc", "merge", 200, 20),
                new IoEvent(27, 2000, "loc", "merge", NONE, NONE),
                new IoEvent(30, 3000, "loc", "flush", 100, 10));

        Map<String, List<Point>> bytes = Metrics.writeAmplification(events, IoEvent::bytesOut);
        Map<String, List<Point>> entries = Metrics.writeAmplification(events, IoEvent::entriesOut);

        assertThat(bytes.get("loc")).containsExactly(new Point(1000, 1.0), new Point(2000, 1.0),
                new Point(2000, 2.0), new Point(3000, 500.0 / 300.0));
        assertThat(bytes.get("pk")).containsExactly(new Point(1000, 1.0));
        assertThat(entries.get("loc")).containsExactly(new Point(1000, 1.0), new Point(2000, 1.0),
                new Point(2000, 2.0), new Point(3000, 50.0 / 30.0));
    }

    @Test
    void percentilesAreNearestRank() {
        List<Double> textbook = List.of(50.0, 15.0, 40.0, 20.0, 35.0);
        assertThat(Metrics.percentile(textbook, 0)).isEqualTo(15.0);
        assertThat(Metrics.percentile(textbook, 5)).isEqualTo(15.0);
        assertThat(Metrics.percentile(textbook, 30)).isEqualTo(20.0);
        assertThat(Metrics.percentile(textbook, 40)).isEqualTo(20.0);
        assertThat(Metrics.percentile(textbook, 50)).isEqualTo(35.0);
        assertThat(Metrics.percentile(textbook, 100)).isEqualTo(50.0);

        List<Double> hundred = java.util.stream.IntStream.rangeClosed(1, 100).mapToObj(i -> (double) i).toList();
        assertThat(Metrics.percentile(hundred, 50)).isEqualTo(50.0);
        assertThat(Metrics.percentile(hundred, 95)).isEqualTo(95.0);
        assertThat(Metrics.percentile(hundred, 99)).isEqualTo(99.0);

        assertThat(Metrics.percentile(List.of(7.0, NONE), 99)).isEqualTo(7.0);
        assertThat(Metrics.percentile(List.of(NONE), 50)).isNaN();
        assertThat(Metrics.percentile(List.of(), 50)).isNaN();
    }

    @Test
    void queryGroupsByKindThenAscendingSigmaWithNoSigmaLast() {
        List<Query> queries = List.of(
                new Query("read", "window", 1, 10, 2, 5),
                new Query("read", "window", 0.1, 4, 1, NONE),
                new Query("read", "knn", NONE, 3, 4, NONE),
                new Query("read", "window", 1, 20, 4, 7),
                new Query("read", "window", NONE, 30, 6, 1));

        assertThat(Metrics.queryGroups(queries)).containsExactly(
                new QueryGroup("window", 0.1, 1, 1, NONE, 4, 4, 4),
                new QueryGroup("window", 1, 2, 3, 6, 10, 20, 20),
                new QueryGroup("window", NONE, 1, 6, 1, 30, 30, 30),
                new QueryGroup("knn", NONE, 1, 4, NONE, 3, 3, 3));
    }

    @Test
    void componentsPerLevelSumsASamplesRowsAndIndexBytesTakeTheLastSample() {
        List<ComponentSample> samples = List.of(
                new ComponentSample(10, 1000, "loc", 0, 1, 100),
                new ComponentSample(30, 3000, "loc", 1, 2, 300),
                new ComponentSample(30, 3000, "loc", 1, 1, 50),
                new ComponentSample(30, 3000, "loc", 0, 1, 40),
                new ComponentSample(30, 3000, "pk", 0, 3, NONE));

        assertThat(Metrics.componentsPerLevel(samples)).isEqualTo(Map.of(
                "loc", Map.of(0, List.of(new Point(1000, 1), new Point(3000, 1)), 1, List.of(new Point(3000, 3))),
                "pk", Map.of(0, List.of(new Point(3000, 3)))));
        assertThat(Metrics.finalIndexBytes(samples)).isEqualTo(Map.of("loc", 390.0));
    }

    @Test
    void componentSamplesAtTheSameRecordCountStaySeparatePoints() {
        // The sample after the last flush and the one after settling share a record count, not a time.
        List<ComponentSample> samples = List.of(
                new ComponentSample(10, 2000, "loc", 0, 4, 100),
                new ComponentSample(20, 2000, "loc", 0, 1, 100),
                new ComponentSample(30, 2000, "loc", 0, 1, 100));

        assertThat(Metrics.componentsPerLevel(samples)).isEqualTo(Map.of("loc", Map.of(0,
                List.of(new Point(2000, 4), new Point(2000, 1), new Point(2000, 1)))));
    }

    @Test
    void eachIndexKeepsItsLastBuildsTimeAndUnknownTimesAreLeftOut() {
        List<Build> builds = List.of(new Build(900, "build", "spatialIndex", 1200, 5000),
                new Build(100, "build", "spatialIndex", 800, 4000), new Build(300, "build", "other", 50, 10),
                new Build(950, "build", "other", Double.NaN, 10), new Build(10, "build", "unknown", Double.NaN, 1));

        assertThat(Metrics.lastBuildMillis(builds)).containsExactly(Map.entry("other", 50.0),
                Map.entry("spatialIndex", 1200.0));
    }

    @Test
    void numbersHaveAtMostThreeDecimals() {
        assertThat(Format.number(500.0 / 300.0)).isEqualTo("1.667");
        assertThat(Format.number(2.0)).isEqualTo("2");
        assertThat(Format.number(25_000_000_000.0)).isEqualTo("25000000000");
        assertThat(Format.number(NONE)).isEmpty();
        assertThat(Format.sigma(0.1)).isEqualTo("0.1");
        assertThat(Format.sigma(NONE)).isEqualTo("none");
    }
}

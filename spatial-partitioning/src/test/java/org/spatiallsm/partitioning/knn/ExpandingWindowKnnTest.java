package org.spatiallsm.partitioning.knn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Hit;
import org.spatiallsm.partitioning.knn.ExpandingWindowKnn.Result;
import org.spatiallsm.partitioning.knn.ExpandingWindowKnn.Sink;
import org.spatiallsm.partitioning.knn.ExpandingWindowKnn.Windows;

class ExpandingWindowKnnTest {

    /** Side 2^16, so the first window reaches exactly 1 beyond the query point. */
    private static final Rect EXTENT = new Rect(-32768, -32768, 32768, 32768);

    /** A point entry; the key is its name. */
    private record Point(String key, double x, double y) {
    }

    /** A window search over fixed live points, recording the windows it was asked for; the whole plane holds all. */
    private static final class LivePoints implements Windows<String> {
        private final List<Point> points;
        private final List<Rect> windows = new ArrayList<>();

        LivePoints(Point... points) {
            this.points = List.of(points);
        }

        @Override
        public void search(Rect window, Sink<String> sink) {
            windows.add(window);
            for (Point p : points) {
                if (window.equals(ExpandingWindowKnn.WHOLE_PLANE) || window.contains(p.x, p.y)) {
                    sink.entry(p.x, p.y, p.key);
                }
            }
        }
    }

    private static Point p(String key, double x, double y) {
        return new Point(key, x, y);
    }

    private static List<String> keys(Result<String> result) {
        return result.hits().stream().map(Hit::key).toList();
    }

    @Test
    void nothingIsReadForNoEntriesWanted() throws IOException {
        LivePoints index = new LivePoints(p("a", 0, 0));
        Result<String> result = ExpandingWindowKnn.nearest(index, EXTENT, 0, 0, 0, 0);
        assertThat(result.hits()).isEmpty();
        assertThat(index.windows).isEmpty();
        assertThat(result.stats()).isEqualTo(new ExpandingWindowKnn.Stats(0, 0));
    }

    @Test
    void theFirstWindowAnswersWhenItHoldsTheNearestDisc() throws IOException {
        LivePoints index = new LivePoints(p("a", 0.5, 0), p("b", 0, -0.25), p("c", 0.9, 0.9), p("far", 10, 10));
        Result<String> result = ExpandingWindowKnn.nearest(index, EXTENT, 0, 0, 0, 2);
        assertThat(keys(result)).containsExactly("b", "a");
        assertThat(result.hits()).extracting(Hit::distance).containsExactly(0.25, 0.5);
        assertThat(index.windows).containsExactly(new Rect(-1, -1, 1, 1));
        assertThat(result.stats()).isEqualTo(new ExpandingWindowKnn.Stats(1, 3));
    }

    /**
     * The first window holds one point, in its corner (distance √2); a nearer one (1.4) lies outside it, and one tied
     * with the corner lies on the axis at exactly √2, on the final square's edge: both are found by the final square.
     */
    @Test
    void theFinalSquareFindsNearerPointsOutsideTheWindowAndTiesOnItsEdge() throws IOException {
        double root2 = Math.sqrt(2);
        LivePoints index = new LivePoints(p("corner", 1, 1), p("nearer", 1.4, 0), p("edge", 0, -root2),
                p("beyond", 0, 1.5));
        assertThat(BestFirstKnn.distance(0, -root2)).isEqualTo(BestFirstKnn.distance(1, 1));

        Result<String> one = ExpandingWindowKnn.nearest(index, EXTENT, 0, 0, 0, 1);
        assertThat(keys(one)).containsExactly("nearer");
        assertThat(index.windows).hasSize(2);
        assertThat(index.windows.get(0)).isEqualTo(new Rect(-1, -1, 1, 1));
        assertThat(index.windows.get(1).maxX()).isGreaterThan(root2).isLessThan(1.5);

        Result<String> two = ExpandingWindowKnn.nearest(index, EXTENT, 0, 0, 0, 2);
        assertThat(keys(two)).as("the second distance is tied: both ties").containsExactly("nearer", "corner",
                "edge");
        assertThat(two.hits()).extracting(Hit::distance).containsExactly(1.4, root2, root2);
    }

    @Test
    void tiesAndDuplicatesAtTheLastDistanceAreAllReturned() throws IOException {
        LivePoints index = new LivePoints(p("a1", 3, 0), p("a2", 3, 0), p("b", 0, 3), p("c", -3, 0), p("d", 0, 2),
                p("e", 4, 4));
        Result<String> result = ExpandingWindowKnn.nearest(index, EXTENT, 0, 0, 0, 2);
        assertThat(keys(result)).containsExactly("d", "a1", "a2", "b", "c");
        Result<String> duplicates = ExpandingWindowKnn.nearest(index, EXTENT, 0, 3, 0, 1);
        assertThat(keys(duplicates)).containsExactly("a1", "a2");
    }

    @Test
    void anEmptyIndexIsReadUpToTheWholePlane() throws IOException {
        LivePoints index = new LivePoints();
        Result<String> result = ExpandingWindowKnn.nearest(index, EXTENT, 0, 5, 5, 3);
        assertThat(result.hits()).isEmpty();
        assertThat(index.windows).last().isEqualTo(ExpandingWindowKnn.WHOLE_PLANE);
        assertThat(index.windows.size()).isBetween(2, 19);
        for (int i = 1; i < index.windows.size() - 1; i++) {
            Rect before = index.windows.get(i - 1);
            Rect window = index.windows.get(i);
            assertThat(window.maxX() - 5).as("each window reaches twice as far").isEqualTo(2 * (before.maxX() - 5));
        }
    }

    @Test
    void moreWantedThanThereAreReturnsEverythingIncludingPointsOutsideTheExtent() throws IOException {
        LivePoints index = new LivePoints(p("in", 1, 1), p("out", 1e6, -1e6), p("infinite", Double.POSITIVE_INFINITY,
                0), p("same", 1, 1));
        Result<String> result = ExpandingWindowKnn.nearest(index, EXTENT, 0, 0, 0, 10);
        assertThat(keys(result)).containsExactly("in", "same", "out", "infinite");
        assertThat(index.windows).last().isEqualTo(ExpandingWindowKnn.WHOLE_PLANE);
    }

    /** As a full scan orders them: a NaN distance after every other, all tied for a NaN query point. */
    @Test
    void nanPointsComeLastAndANanQueryPointTiesEveryEntry() throws IOException {
        LivePoints index = new LivePoints(p("nan", Double.NaN, 0), p("a", 1, 0), p("infinite", 0,
                Double.NEGATIVE_INFINITY), p("b", 0, 2));
        assertThat(keys(ExpandingWindowKnn.nearest(index, EXTENT, 0, 0, 0, 2))).containsExactly("a", "b");
        assertThat(keys(ExpandingWindowKnn.nearest(index, EXTENT, 0, 0, 0, 4))).containsExactly("a", "b",
                "infinite", "nan");
        assertThat(ExpandingWindowKnn.nearest(index, EXTENT, 0, 0, Double.NaN, 1).hits()).as("every one tied")
                .hasSize(4).allMatch(hit -> Double.isNaN(hit.distance()));
    }

    @Test
    void aQueryPointFarOutsideTheExtentStartsAtTheExtent() throws IOException {
        LivePoints index = new LivePoints(p("a", 32768, 0), p("b", 0, 0), p("c", 32767, 1));
        Result<String> result = ExpandingWindowKnn.nearest(index, EXTENT, 0, 1e9, 0, 1);
        assertThat(keys(result)).containsExactly("a");
        assertThat(index.windows).hasSizeLessThanOrEqualTo(3);
        Result<String> notFinite = ExpandingWindowKnn.nearest(index, EXTENT, 0, Double.NaN, 0, 1);
        assertThat(notFinite.stats().windows()).isEqualTo(1);
    }

    @Test
    void theCoverRadiusHoldsEveryPointAtThatDistanceDespiteRounding() {
        Random random = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            double qx = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(8));
            double px = qx + (random.nextDouble() - 0.5) * Math.pow(10, -random.nextInt(14));
            double py = random.nextInt(4) == 0 ? 0 : (random.nextDouble() - 0.5) * 1e-3;
            double d = BestFirstKnn.distance(px - qx, py);
            Rect square = ExpandingWindowKnn.square(qx, 0, ExpandingWindowKnn.coverRadius(d));
            assertThat(square.contains(px, py)).as("(%s, %s) from (%s, 0)", px, py, qx).isTrue();
        }
        double tiny = 0x1p-540;
        assertThat(BestFirstKnn.distance(tiny, 0)).as("underflows").isZero();
        assertThat(ExpandingWindowKnn.square(0, 0, ExpandingWindowKnn.coverRadius(0)).contains(tiny, tiny)).isTrue();
    }

    @Test
    void theFirstReachIsTheSquareExpectedToHoldTheWantedEntries() {
        // An area of 2^32 holding 2^20 entries: 4 of them in a square of side 2^7, half-side 64.
        assertThat(ExpandingWindowKnn.firstReach(EXTENT, 1 << 20, 4)).isEqualTo(64);
        assertThat(ExpandingWindowKnn.firstReach(EXTENT, 1 << 20, 16)).isEqualTo(128);
        assertThat(ExpandingWindowKnn.firstReach(EXTENT, 0, 4)).as("not known: 2^-16 of the side").isEqualTo(1);
        assertThat(ExpandingWindowKnn.firstReach(EXTENT, 1L << 40, 4)).as("never below 2^-16 of the side")
                .isEqualTo(1);
        assertThat(ExpandingWindowKnn.firstReach(EXTENT, 1, 1)).as("one entry: the extent's own half-side")
                .isEqualTo(32768);
        // A segment 16 long counts as the square 16 by 16: 64 entries, one in a square of side 2.
        assertThat(ExpandingWindowKnn.firstReach(new Rect(0, 0, 16, 0), 64, 1)).isEqualTo(1);
        assertThat(ExpandingWindowKnn.firstReach(new Rect(0, 0, 16, 4), 64, 1)).isEqualTo(0.5);
    }

    /**
     * Points spread evenly over the world, as sparse as 100,000 points in one partition: from 2^-16 of the world the
     * first window doubles about 9 times before it holds 10 points; sized from the entries it needs a window or two,
     * plus the final square. The answers are the same.
     */
    @Test
    void aFirstWindowSizedFromTheEntriesSavesTheDoublingsOnSparseData() throws IOException {
        Rect world = new Rect(-180, -90, 180, 90);
        Random random = new Random(11);
        Point[] points = new Point[100_000];
        for (int i = 0; i < points.length; i++) {
            points[i] = p("p" + i, random.nextDouble() * 360 - 180, random.nextDouble() * 180 - 90);
        }
        LivePoints index = new LivePoints(points);
        int queries = 20;
        int windowsUnknown = 0;
        int windowsSized = 0;
        for (int q = 0; q < queries; q++) {
            double x = random.nextDouble() * 300 - 150;
            double y = random.nextDouble() * 150 - 75;
            Result<String> unknown = ExpandingWindowKnn.nearest(index, world, 0, x, y, 10);
            Result<String> sized = ExpandingWindowKnn.nearest(index, world, points.length, x, y, 10);
            assertThat(keys(sized)).isEqualTo(keys(unknown));
            windowsUnknown += unknown.stats().windows();
            windowsSized += sized.stats().windows();
        }
        assertThat(windowsUnknown).as("windows of %d searches, first window 2^-16 of the world", queries)
                .isBetween(9 * queries, 11 * queries);
        assertThat(windowsSized).as("windows of %d searches, first window sized from the entries", queries)
                .isBetween(queries, 3 * queries);
    }

    @Test
    void aDegenerateExtentIsRefused() {
        assertThatThrownBy(() -> ExpandingWindowKnn.nearest(new LivePoints(), new Rect(1, 1, 1, 1), 0, 0, 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive side");
    }

    /**
     * An LSM index of point entries, newest component first, whose window search reconciles them as an LSM B-tree
     * range search does: an entry is its point and primary key, its newest version wins, anti-matter deletes.
     */
    private static final class LsmPoints implements Windows<String> {
        private final List<Map<String, Boolean>> components = new ArrayList<>();
        private final Map<String, double[]> points = new HashMap<>();

        void newComponent() {
            components.add(0, new LinkedHashMap<>());
        }

        void write(long id, double x, double y, boolean antiMatter) {
            String key = id + "@" + x + "," + y;
            points.put(key, new double[] { x, y });
            components.get(0).put(key, !antiMatter);
        }

        @Override
        public void search(Rect window, Sink<String> sink) {
            Map<String, Boolean> newest = new LinkedHashMap<>();
            for (Map<String, Boolean> component : components) {
                component.forEach(newest::putIfAbsent);
            }
            newest.forEach((key, matter) -> {
                double[] point = points.get(key);
                if (matter && window.contains(point[0], point[1])) {
                    sink.entry(point[0], point[1], key);
                }
            });
        }
    }

    /**
     * Random histories of inserts, deletes and moves (a delete of the old point's entry and an insert at the new one)
     * over several components, on a coarse grid (ties and duplicates), against sorting every live entry.
     */
    @Test
    void randomHistoriesWithDeletesAndMovesInNewerComponentsEqualTheBruteForceAnswer() throws IOException {
        Random random = new Random(28);
        for (int history = 0; history < 60; history++) {
            LsmPoints index = new LsmPoints();
            Map<Long, double[]> live = new HashMap<>();
            double scale = history % 3 == 0 ? 1 : 1e-3;
            long nextId = 0;
            for (int component = 0; component < 1 + random.nextInt(4); component++) {
                index.newComponent();
                for (int op = 0; op < random.nextInt(60); op++) {
                    double x = random.nextInt(9) * scale;
                    double y = random.nextInt(9) * scale;
                    if (live.isEmpty() || random.nextInt(3) > 0) {
                        live.put(nextId, new double[] { x, y });
                        index.write(nextId++, x, y, false);
                    } else {
                        List<Long> ids = new ArrayList<>(live.keySet());
                        long id = ids.get(random.nextInt(ids.size()));
                        double[] old = live.remove(id);
                        index.write(id, old[0], old[1], true);
                        if (random.nextBoolean()) {
                            live.put(id, new double[] { x, y });
                            index.write(id, x, y, false);
                        }
                    }
                }
            }
            for (int query = 0; query < 20; query++) {
                double qx = (random.nextInt(11) - 1 + (query % 2) * 0.5) * scale;
                double qy = (random.nextInt(11) - 1) * scale;
                int n = random.nextInt(live.size() + 3);
                // The entry estimate sizes the first window only: unknown, right, far too low or far too high.
                long entries = List.of(0L, (long) live.size(), 1L, 1L << 40).get(query % 4);
                assertThat(distances(ExpandingWindowKnn.nearest(index, EXTENT, entries, qx, qy, n).hits()))
                        .as("history %d, (%s, %s), n = %d, %d entries", history, qx, qy, n, entries)
                        .isEqualTo(expected(live, qx, qy, n));
            }
        }
    }

    /** Distances with their keys, sorted: the order within a tie is free. */
    private static List<String> distances(List<Hit<String>> hits) {
        return hits.stream().map(h -> h.distance() + " " + h.key().substring(0, h.key().indexOf('@'))).sorted()
                .toList();
    }

    /** The n nearest live entries and those tied with the n-th, as {@link #distances}. */
    private static List<String> expected(Map<Long, double[]> live, double qx, double qy, int n) {
        List<Map.Entry<Long, Double>> all = live.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), BestFirstKnn.distance(e.getValue()[0] - qx, e.getValue()[1] - qy)))
                .sorted(Map.Entry.comparingByValue(Comparator.naturalOrder())).toList();
        if (n <= 0) {
            return List.of();
        }
        double last = all.size() >= n ? all.get(n - 1).getValue() : Double.POSITIVE_INFINITY;
        return all.stream().filter(e -> e.getValue() <= last).map(e -> e.getValue() + " " + e.getKey()).sorted()
                .toList();
    }
}

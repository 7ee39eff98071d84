package org.spatiallsm.organisations.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.spatiallsm.geometry.Rect;

/**
 * The core against the brute-force {@link GridReference} on seeded random points and rectangles, with many
 * coordinates on cell lines, on the space's edges, just beside them and outside the space.
 */
class StaticGridReferenceTest {

    private static final int UNCAPPED = GridParameters.MAX_CELLS_PER_OBJECT;

    static Stream<Arguments> grids() {
        return Stream.of(Arguments.of(new GridSpace(0, 0, 8, 8), new int[] { 2, 2, 2 }),
                Arguments.of(GridSpace.WORLD, new int[] { 4, 2, 4 }),
                Arguments.of(new GridSpace(0.1, -0.3, 0.7, 1.1), new int[] { 4, 4, 4 }),
                Arguments.of(new GridSpace(-1000, 5, 1000, 6), new int[] { 16 }),
                Arguments.of(new GridSpace(0, 0, 1, 1), new int[] { 8, 2 }));
    }

    @ParameterizedTest
    @MethodSource("grids")
    void pointKeysAndTokensEqualTheReference(GridSpace space, int[] sides) {
        StaticGrid grid = new StaticGrid(space, sides);
        GridReference reference = new GridReference(space, sides);
        Coordinates coordinates = new Coordinates(space, reference.bottomPerAxis(), new Random(11));
        for (int i = 0; i < 1500; i++) {
            double x = coordinates.x();
            double y = coordinates.y();
            String expected = reference.pointKey(x, y);
            CellKey key = grid.pointKey(x, y);
            assertThat(key).as("(%s, %s)", x, y).hasToString(expected == null ? grid.outOfSpace().toString()
                    : expected);
            List<CellKey> tokens = grid.pointTokens(x, y);
            if (expected == null) {
                assertThat(tokens).containsExactly(key);
                continue;
            }
            assertThat(tokens).hasSize(sides.length).endsWith(key);
            for (int depth = 1; depth <= sides.length; depth++) {
                CellKey token = tokens.get(depth - 1);
                assertThat(token.depth()).isEqualTo(depth);
                assertThat(grid.bottomOrdinals(token)[0]).isLessThanOrEqualTo(grid.bottomOrdinals(key)[0]);
                assertThat(grid.bottomOrdinals(token)[1]).isGreaterThanOrEqualTo(grid.bottomOrdinals(key)[1]);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("grids")
    void uncappedDecompositionsCoverExactlyTheOverlappedCells(GridSpace space, int[] sides) {
        StaticGrid grid = new StaticGrid(space, sides);
        GridReference reference = new GridReference(space, sides);
        Coordinates coordinates = new Coordinates(space, reference.bottomPerAxis(), new Random(12));
        for (int i = 0; i < 400; i++) {
            Rect rect = coordinates.rect();
            Set<Long> expected = reference.overlapped(rect);
            boolean reachesOutside = rect.minX() < space.x1() || rect.maxX() > space.x2()
                    || rect.minY() < space.y1() || rect.maxY() > space.y2();

            QueryPlan plan = grid.query(rect, UNCAPPED);
            assertThat(rangeCells(grid, plan.ranges())).as("query %s", rect).isEqualTo(expected);
            assertThat(plan.outOfSpace()).isEqualTo(reachesOutside);
            assertThat(plan.wholeSpace()).isEqualTo(rect.minX() <= space.x1() && rect.maxX() >= space.x2()
                    && rect.minY() <= space.y1() && rect.maxY() >= space.y2());
            for (int r = 1; r < plan.ranges().size(); r++) {
                // Maximally merged: a gap of at least one bottom cell between ranges.
                assertThat(grid.bottomOrdinals(plan.ranges().get(r).low())[0])
                        .isGreaterThan(grid.bottomOrdinals(plan.ranges().get(r - 1).high())[1]);
            }

            List<CellKey> tokens = grid.sifTokens(rect, UNCAPPED);
            assertThat(tokens.contains(grid.outOfSpace())).isEqualTo(reachesOutside);
            List<CellKey> cellTokens = tokens.stream().filter(token -> !token.isOutOfSpace()).toList();
            assertThat(keyCells(grid, cellTokens)).as("SIF %s", rect).isEqualTo(expected);
            assertThat(cellTokens).allMatch(token -> token.depth() >= 1);
            assertNoCompleteSiblings(cellTokens, sides);

            List<CellKey> objectKeys = grid.objectKeys(rect, UNCAPPED);
            assertThat(objectKeys.contains(grid.outOfSpace())).isEqualTo(reachesOutside);
            assertThat(keyCells(grid, objectKeys.stream().filter(key -> !key.isOutOfSpace()).toList()))
                    .as("object %s", rect).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @MethodSource("grids")
    void everyIntersectingObjectAndPointIsFoundUnderAnyCap(GridSpace space, int[] sides) {
        StaticGrid grid = new StaticGrid(space, sides);
        GridReference reference = new GridReference(space, sides);
        Random random = new Random(13);
        Coordinates coordinates = new Coordinates(space, reference.bottomPerAxis(), random);
        int[] caps = { 1, 3, 8, 50, UNCAPPED };
        List<Rect> objects = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            objects.add(coordinates.rect());
        }
        for (int q = 0; q < 60; q++) {
            Rect query = coordinates.rect();
            int queryCap = caps[random.nextInt(caps.length)];
            QueryPlan plan = grid.query(query, queryCap);
            Set<CellKey> sifTokens = new HashSet<>(grid.sifTokens(query, queryCap));
            assertThat(plan.decomposedCells()).isLessThanOrEqualTo(queryCap);
            // Ancestors a range scan reaches anyway are not looked up again.
            assertThat(plan.ancestors()).isSorted().noneMatch(key -> plan.ranges().stream()
                    .anyMatch(range -> range.contains(key)));
            for (Rect object : objects) {
                int objectCap = caps[random.nextInt(caps.length)];
                List<CellKey> keys = grid.objectKeys(object, objectCap);
                assertThat(keys.stream().filter(key -> !key.isOutOfSpace()).count()).isLessThanOrEqualTo(objectCap);
                if (object.intersects(query)) {
                    assertThat(keys.stream().anyMatch(key -> finds(plan, key)))
                            .as("object %s cap %d, query %s cap %d", object, objectCap, query, queryCap).isTrue();
                }
                double x = object.minX();
                double y = object.maxY();
                if (query.intersects(Rect.point(x, y))) {
                    assertThat(finds(plan, grid.pointKey(x, y))).as("point (%s, %s) in %s", x, y, query).isTrue();
                    assertThat(grid.pointTokens(x, y)).as("SIF point (%s, %s) in %s", x, y, query)
                            .anyMatch(sifTokens::contains);
                }
            }
        }
    }

    /** What the SHB-tree's search reaches: a range scan, an ancestor lookup, or the out-of-space lookup. */
    private static boolean finds(QueryPlan plan, CellKey key) {
        return key.isOutOfSpace() ? plan.outOfSpace()
                : plan.ranges().stream().anyMatch(range -> range.contains(key)) || plan.ancestors().contains(key);
    }

    private static Set<Long> rangeCells(StaticGrid grid, List<KeyRange> ranges) {
        Set<Long> cells = new HashSet<>();
        for (KeyRange range : ranges) {
            assertThat(range.high().depth()).isEqualTo(grid.levels());
            addAll(cells, grid.bottomOrdinals(range.low())[0], grid.bottomOrdinals(range.high())[1]);
        }
        return cells;
    }

    /** The bottom cells under the keys, checking that no two keys share one. */
    private static Set<Long> keyCells(StaticGrid grid, List<CellKey> keys) {
        Set<Long> cells = new HashSet<>();
        long total = 0;
        for (CellKey key : keys) {
            long[] ordinals = grid.bottomOrdinals(key);
            addAll(cells, ordinals[0], ordinals[1]);
            total += ordinals[1] - ordinals[0];
        }
        assertThat(cells).hasSize((int) total);
        return cells;
    }

    private static void addAll(Set<Long> cells, long from, long to) {
        for (long ordinal = from; ordinal < to; ordinal++) {
            cells.add(ordinal);
        }
    }

    private static void assertNoCompleteSiblings(List<CellKey> tokens, int[] sides) {
        Map<String, Integer> children = new HashMap<>();
        for (CellKey token : tokens) {
            if (token.depth() >= 2) {
                StringBuilder parent = new StringBuilder();
                for (int level = 0; level < token.depth() - 1; level++) {
                    parent.append(token.digit(level)).append('.');
                }
                children.merge(parent.toString(), 1, Integer::sum);
            }
        }
        children.forEach((parent, count) -> {
            int side = sides[parent.split("\\.").length];
            assertThat(count).as("children of %s", parent).isLessThan(side * side);
        });
    }

    /** Coordinates biased towards cell lines, the space's edges, their neighbours and the outside. */
    private static final class Coordinates {
        private final GridSpace space;
        private final int cells;
        private final Random random;

        Coordinates(GridSpace space, int cells, Random random) {
            this.space = space;
            this.cells = cells;
            this.random = random;
        }

        double x() {
            return coordinate(space.x1(), space.x2());
        }

        double y() {
            return coordinate(space.y1(), space.y2());
        }

        Rect rect() {
            int shape = random.nextInt(10);
            if (shape == 0) {
                double x = x();
                double y = y();
                return Rect.point(x, y);
            }
            if (shape == 1) {
                // The whole space exactly, or a query unbounded on some sides.
                return random.nextBoolean() ? new Rect(space.x1(), space.y1(), space.x2(), space.y2())
                        : new Rect(Double.NEGATIVE_INFINITY, Math.min(y(), space.y1()), Math.max(x(), space.x2()),
                                Double.POSITIVE_INFINITY);
            }
            double[] xs = { x(), x() };
            double[] ys = { y(), y() };
            return new Rect(Math.min(xs[0], xs[1]), Math.min(ys[0], ys[1]), Math.max(xs[0], xs[1]),
                    Math.max(ys[0], ys[1]));
        }

        private double coordinate(double low, double high) {
            double width = high - low;
            double line = low + random.nextInt(cells + 1) * width / cells;
            return switch (random.nextInt(8)) {
                case 0, 1 -> line;
                case 2 -> random.nextBoolean() ? Math.nextUp(line) : Math.nextDown(line);
                case 3 -> random.nextBoolean() ? low : high;
                case 4 -> random.nextBoolean() ? low - random.nextDouble() * width : high + random.nextDouble() * width;
                default -> low - 0.05 * width + random.nextDouble() * 1.1 * width;
            };
        }
    }
}

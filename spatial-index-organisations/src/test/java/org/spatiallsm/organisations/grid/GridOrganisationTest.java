package org.spatiallsm.organisations.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.grid.GridOrganisation.Kind;
import org.spatiallsm.organisations.grid.GridOrganisation.Range;

/**
 * The keys and searches of the B-tree layouts against brute force: every object a query intersects has an entry
 * that one of the query's ranges reaches, on a small grid with points and rectangles across cell lines and outside
 * the space.
 */
class GridOrganisationTest {

    private static final GridParameters SMALL =
            new GridParameters(new GridSpace(0, 0, 8, 8), GridParameters.DEFAULT_DENSITIES, 64);

    @Test
    void longKeysSortAsCellKeys() {
        StaticGrid grid = GridParameters.DEFAULTS.grid();
        Random random = new Random(3);
        List<CellKey> keys = new ArrayList<>(List.of(grid.root(), grid.outOfSpace()));
        for (int i = 0; i < 200; i++) {
            keys.addAll(grid.pointTokens(random.nextDouble() * 360 - 180, random.nextDouble() * 180 - 90));
        }
        List<CellKey> byLong = new ArrayList<>(keys);
        byLong.sort((a, b) -> Long.compare(a.toLong(), b.toLong()));
        keys.sort(null);
        assertThat(byLong).isEqualTo(keys);
        assertThat(grid.root().toLong()).isZero();
        assertThat(grid.outOfSpace().toLong()).isPositive();
    }

    @Test
    void everyKindFindsWhatBruteForceFinds() {
        Random random = new Random(11);
        List<Rect> points = new ArrayList<>();
        List<Rect> rects = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            points.add(Rect.point(coordinate(random), coordinate(random)));
            double x = coordinate(random);
            double y = coordinate(random);
            rects.add(new Rect(x, y, x + random.nextDouble() * random.nextInt(9), y + random.nextDouble() * 3));
        }
        for (int q = 0; q < 300; q++) {
            double x = coordinate(random);
            double y = coordinate(random);
            Rect query = q % 10 == 0 ? Rect.point(x, y)
                    : new Rect(x, y, x + random.nextInt(4) * random.nextDouble(), y + random.nextDouble() * 5);
            assertFinds(Kind.SHB_POINTS, points, query);
            assertFinds(Kind.SIF, points, query);
            assertFinds(Kind.SHB_OBJECTS, rects, query);
        }
        Rect everything = new Rect(-1, -1, 9, 9);
        assertThat(new GridOrganisation(Kind.SHB_POINTS, SMALL).search(everything)).containsExactly(Range.ALL);
        assertFinds(Kind.SHB_OBJECTS, rects, everything);
        assertFinds(Kind.SIF, points, everything);
    }

    @Test
    void aWholeSpaceSifQueryLooksUpEachPointOnce() {
        GridOrganisation sif = new GridOrganisation(Kind.SIF, SMALL);
        List<Range> tokens = sif.search(new Rect(0, 0, 8, 8));
        assertThat(tokens).hasSize(16).allMatch(token -> token.low() == token.high());
        long[] keys = sif.keys(Rect.point(3.25, 7.5));
        assertThat(tokens.stream().filter(token -> contains(token, keys)).count()).isOne();
    }

    @Test
    void nanAndInfiniteCoordinatesAreKeptOutOfSpaceWhereAQueryReachingOutsideLooksThemUp() {
        double nan = Double.NaN;
        double inf = Double.POSITIVE_INFINITY;
        for (Kind kind : Kind.values()) {
            GridOrganisation organisation = new GridOrganisation(kind, SMALL);
            long outOfSpace = SMALL.grid().outOfSpace().toLong();
            assertThat(organisation.keys(nan, 1, nan, 1)).as("%s, NaN", kind).containsExactly(outOfSpace);
            assertThat(organisation.keys(1, 1, 1, nan)).as("%s, NaN", kind).containsExactly(outOfSpace);
            assertThat(organisation.keys(inf, 1, inf, 1)).as("%s, infinity", kind).containsExactly(outOfSpace);
            assertThat(organisation.keys(-inf, 1, -inf, 1)).as("%s, -infinity", kind).containsExactly(outOfSpace);
            assertThat(organisation.search(new Rect(-inf, 0, 4, 4))).as("%s", kind)
                    .anyMatch(range -> range.low() <= outOfSpace && outOfSpace <= range.high());
        }
        assertThat(new GridOrganisation(Kind.SHB_OBJECTS, SMALL).keys(-inf, 1, inf, 2))
                .contains(SMALL.grid().outOfSpace().toLong()).hasSizeGreaterThan(1);
    }

    @Test
    void theCapLimitsAnObjectsEntries() {
        GridOrganisation shb = new GridOrganisation(Kind.SHB_OBJECTS, SMALL);
        assertThat(shb.keys(new Rect(0.1, 0.1, 7.9, 7.9)).length).isBetween(1, 64);
        assertThat(shb.keys(new Rect(-3, -3, -1, -1))).hasSize(1);
    }

    /** Points and corners sometimes on cell lines, sometimes outside the space. */
    private static double coordinate(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextInt(33) / 4.0;
            case 1 -> random.nextDouble() * 10 - 1;
            default -> random.nextDouble() * 8;
        };
    }

    private static void assertFinds(Kind kind, List<Rect> objects, Rect query) {
        GridOrganisation organisation = new GridOrganisation(kind, SMALL);
        List<Range> ranges = organisation.search(query);
        for (int i = 1; i < ranges.size(); i++) {
            assertThat(ranges.get(i).low()).isGreaterThan(ranges.get(i - 1).high());
        }
        for (Rect object : objects) {
            long[] keys = organisation.keys(object);
            boolean reached = ranges.stream().anyMatch(range -> contains(range, keys));
            if (object.intersects(query)) {
                assertThat(reached).as("%s %s in %s", kind, object, query).isTrue();
            }
            if (kind == Kind.SIF && reached) {
                assertThat(ranges.stream().filter(range -> contains(range, keys)).count()).as("one token").isOne();
            }
        }
    }

    private static boolean contains(Range range, long[] keys) {
        for (long key : keys) {
            if (range.low() <= key && key <= range.high()) {
                return true;
            }
        }
        return false;
    }
}

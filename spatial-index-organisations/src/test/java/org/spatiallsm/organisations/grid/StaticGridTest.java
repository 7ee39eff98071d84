package org.spatiallsm.organisations.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.spatiallsm.geometry.Rect;

/**
 * The vectors of Kim's dissertation (Ch. 4, Ch. 5 Fig. 5.1) on the 3-level 2x2 grid over [0, 8]^2, and vectors of the
 * default grid.
 */
class StaticGridTest {

    /** Cell 1 of level 0 is [0,4)x[4,8), cell 2 is [4,8)x[4,8); bottom cells are 1 x 1. */
    private final StaticGrid twoByTwo = new StaticGrid(new GridSpace(0, 0, 8, 8), 2, 2, 2);
    private final StaticGrid world = GridParameters.DEFAULTS.grid();

    @Test
    void figure51NaiveSearchMissesTheLakeAndTheAncestorSearchFindsItOnce() {
        Rect lake = new Rect(0, 4, 6.5, 8);
        Rect city = new Rect(3.5, 6.5, 4.5, 7.5);

        List<CellKey> lakeKeys = twoByTwo.objectKeys(lake, 1024);
        assertThat(lakeKeys).containsExactlyElementsOf(dissertation("1000", "2001", "2101", "2202", "2212", "2302",
                "2312"));

        QueryPlan plan = twoByTwo.query(city, 1024);
        assertThat(plan.decomposedCells()).isEqualTo(4);
        assertThat(plan.ranges()).hasToString("[[" + dissertation("1222").get(0) + " ~ " + dissertation("1232").get(0)
                + "], [" + dissertation("2102").get(0) + " ~ " + dissertation("2112").get(0) + "]]");
        // Our root key ("all": objects too large for the cap or covering the space) precedes the dissertation's four.
        List<CellKey> expectedAncestors = new ArrayList<>(List.of(twoByTwo.root()));
        expectedAncestors.addAll(dissertation("1000", "1201", "2000", "2101"));
        assertThat(plan.ancestors()).containsExactlyElementsOf(expectedAncestors);

        List<CellKey> naiveMatches = lakeKeys.stream()
                .filter(key -> plan.ranges().stream().anyMatch(range -> range.contains(key))).toList();
        assertThat(naiveMatches).isEmpty();

        List<CellKey> ancestorMatches = lakeKeys.stream().filter(plan.ancestors()::contains).toList();
        assertThat(ancestorMatches).containsExactlyElementsOf(dissertation("1000", "2101"));
        Set<Integer> resultPks = new LinkedHashSet<>();
        ancestorMatches.forEach(match -> resultPks.add(1));
        assertThat(resultPks).containsExactly(1);
    }

    @Test
    void aCoveredCellAndTwelveBottomCellsMergeIntoOneRange() {
        List<CellKey> cells = dissertation("3101", "3002", "3012", "3022", "3032", "3202", "3212", "3222", "3232",
                "3302", "3312", "3322", "3332");
        assertThat(twoByTwo.mergedRanges(cells)).hasToString("[[3.0.0.3 ~ 3.3.3.3]]");
    }

    @Test
    void consecutiveCellsOfDifferentParentsMerge() {
        assertThat(twoByTwo.mergedRanges(dissertation("3032", "3102"))).hasToString("[[3.0.3.3 ~ 3.1.0.3]]");
        assertThat(twoByTwo.mergedRanges(dissertation("3032", "3112"))).hasSize(2);
    }

    @Test
    void sifPromotesCompleteChildrenRepeatedly() {
        // x = 7 is a cell line: the query overlaps column 7, so cells 22 and 23 are complete, then cell 2.
        Rect query = new Rect(0, 4, 7, 8);
        assertThat(twoByTwo.sifTokens(query, 1024)).containsExactlyElementsOf(dissertation("1000", "2000"));
        assertThat(twoByTwo.query(query, 1024).ranges()).hasToString("[[1.0.0.1 ~ 2.3.3.3]]");
    }

    @Test
    void sifStoresAPointUnderItsCellAtEveryLevel() {
        assertThat(twoByTwo.pointTokens(6.5, 5.5)).containsExactlyElementsOf(dissertation("2000", "2301", "2312"));
        assertThat(twoByTwo.pointKey(6.5, 5.5)).isEqualTo(dissertation("2312").get(0));
    }

    @Test
    void worldGridVectors() {
        assertThat(world.bottomCellsPerAxis()).isEqualTo(32768);
        assertThat(world.pointKey(-180, -90)).hasToString("0.0.0.0.0.0.6");
        assertThat(world.pointKey(0, 0)).hasToString("8.0.0.0.0.0.6");
        assertThat(world.pointKey(-1e-9, -1e-9)).hasToString("2.10.10.10.170.42.6");
        assertThat(world.pointKey(180, 90)).hasToString("10.10.10.10.170.42.6");
        assertThat(world.pointKey(-73.9857, 40.7484)).hasToString("7.5.8.12.105.13.6");
        assertThat(world.pointKey(-73.9857, 40.7484).toBytes()).containsExactly(7, 5, 8, 12, 105, 13, 6);
    }

    @Test
    void outOfSpaceKeySortsAfterEveryCell() {
        CellKey outside = world.pointKey(180.0000001, 0);
        assertThat(outside).hasToString("255.255.255.255.255.255.7").isEqualTo(world.outOfSpace());
        assertThat(outside.isOutOfSpace()).isTrue();
        assertThat(outside).isGreaterThan(world.pointKey(180, 90));
        assertThat(world.pointKey(Double.NaN, 0)).isEqualTo(outside);
        assertThat(world.pointTokens(0, -91)).containsExactly(outside);
        assertThatThrownBy(() -> world.bottomOrdinals(outside)).hasMessageContaining("has no cells");
        assertThat(world.bottomOrdinals(world.root())).containsExactly(0, 1L << 30);
    }

    @Test
    void queriesReachingOutsideAlsoLookUpTheOutOfSpaceKey() {
        QueryPlan inside = world.query(new Rect(10, 10, 11, 11), 1024);
        QueryPlan across = world.query(new Rect(179, 10, 181, 11), 1024);
        QueryPlan beyond = world.query(new Rect(181, 10, 182, 11), 1024);

        assertThat(inside.outOfSpace()).isFalse();
        assertThat(across.outOfSpace()).isTrue();
        assertThat(across.ranges()).isNotEmpty();
        assertThat(beyond.outOfSpace()).isTrue();
        assertThat(beyond.ranges()).isEmpty();
        assertThat(beyond.ancestors()).isEmpty();
        assertThat(world.sifTokens(new Rect(181, 10, 182, 11), 1024)).containsExactly(world.outOfSpace());
        assertThat(world.objectKeys(new Rect(181, 10, 182, 11), 1024)).containsExactly(world.outOfSpace());
        assertThat(world.objectKeys(new Rect(179.99, 10, 182, 10), 1024)).endsWith(world.outOfSpace());
    }

    @Test
    void wholeSpaceQueryTakesTheAllPath() {
        QueryPlan exact = world.query(new Rect(-180, -90, 180, 90), 1024);
        assertThat(exact.wholeSpace()).isTrue();
        assertThat(exact.outOfSpace()).isFalse();
        assertThat(exact.ranges()).hasToString("[[0.0.0.0.0.0.0 ~ 15.15.15.15.255.63.6]]");
        assertThat(exact.ancestors()).isEmpty();

        QueryPlan infinite = world.query(new Rect(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY), 1);
        assertThat(infinite.wholeSpace()).isTrue();
        assertThat(infinite.outOfSpace()).isTrue();
        assertThat(infinite.ranges()).isEqualTo(exact.ranges());
        assertThat(world.objectKeys(new Rect(-200, -100, 200, 100), 1024)).containsExactly(world.root(),
                world.outOfSpace());
        // SIF stores no point under the root: its whole-space search is every level-0 token.
        assertThat(world.sifTokens(new Rect(-180, -90, 180, 90), 1024)).hasSize(16)
                .allMatch(token -> token.depth() == 1);
    }

    @Test
    void theCapStopsTheDecompositionAtACoarserLevel() {
        Rect area = new Rect(-10.3, 20.1, 30.7, 50.9);
        List<CellKey> uncapped = world.objectKeys(area, GridParameters.MAX_CELLS_PER_OBJECT);
        assertThat(uncapped.size()).isGreaterThan(100);
        for (int cap : new int[] { 1, 2, 4, 16, 100, 1024 }) {
            List<CellKey> capped = world.objectKeys(area, cap);
            assertThat(capped.size()).as("cap %d", cap).isBetween(1, cap);
        }
        assertThat(world.objectKeys(area, 1)).containsExactly(world.root());
        assertThat(world.objectKeys(area, 4)).allMatch(key -> key.depth() == 1);
        assertThat(world.query(area, 16).decomposedCells()).isLessThanOrEqualTo(16);
    }

    @Test
    void decompositionIsDeterministic() {
        Rect area = new Rect(Double.parseDouble("-122.41941550000001"), 37.7749295, -122.3, 37.9);
        List<CellKey> inserted = world.objectKeys(area, 1024);
        List<CellKey> deleted = new StaticGrid(GridSpace.WORLD, 4, 4, 4, 4, 16, 8)
                .objectKeys(new Rect(-122.41941550000001, 37.7749295, -122.3, 37.9), 1024);
        assertThat(deleted).isEqualTo(inserted);
        assertThat(world.query(area, 1024)).isEqualTo(world.query(area, 1024));
    }

    @Test
    void badGridsAndRectanglesAreRefused() {
        assertThatThrownBy(() -> new StaticGrid(GridSpace.WORLD, 3)).hasMessageContaining("2, 4, 8 or 16");
        assertThatThrownBy(() -> new StaticGrid(GridSpace.WORLD, 2, 2, 2, 2, 2, 2, 2)).hasMessageContaining("1 to 6");
        assertThatThrownBy(() -> new Rect(1, 0, 0, 1)).hasMessageContaining("x1 <= x2");
        assertThatThrownBy(() -> new Rect(Double.NaN, 0, 0, 1)).hasMessageContaining("NaN");
    }

    /** The dissertation's notation: one digit per level, then the 0-based level ("2101" = cell 21 at level 1). */
    private static List<CellKey> dissertation(String... keys) {
        return Stream.of(keys).map(key -> {
            int[] digits = key.substring(0, key.length() - 1).chars().map(digit -> digit - '0').toArray();
            return new CellKey(digits, key.charAt(key.length() - 1) - '0' + 1);
        }).toList();
    }
}

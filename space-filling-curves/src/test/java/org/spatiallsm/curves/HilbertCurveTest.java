package org.spatiallsm.curves;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class HilbertCurveTest {

    @Test
    void theStateTableIsTheNotes() {
        int[][] digits = { { 0, 1, 3, 2 }, { 2, 1, 3, 0 }, { 2, 3, 1, 0 }, { 0, 3, 1, 2 } };
        int[][] next = { { 3, 0, 1, 0 }, { 1, 1, 0, 2 }, { 2, 3, 2, 1 }, { 0, 2, 3, 3 } };
        for (int state = 0; state < 4; state++) {
            for (int quadrant = 0; quadrant < 4; quadrant++) {
                assertThat(HilbertCurve.digit(state, quadrant)).isEqualTo(digits[state][quadrant]);
                assertThat(HilbertCurve.nextState(state, quadrant)).isEqualTo(next[state][quadrant]);
                assertThat(HilbertCurve.quadrant(state, digits[state][quadrant])).isEqualTo(quadrant);
            }
        }
    }

    @Test
    void theNotesVectors() {
        assertThat(HilbertCurve.index(2, 2, 1)).isEqualTo(13); // the dissertation's (10b, 01b) -> 1101b
        assertThat(HilbertCurve.index(1, 0, 0)).isEqualTo(0);
        assertThat(HilbertCurve.index(1, 0, 1)).isEqualTo(1);
        assertThat(HilbertCurve.index(1, 1, 1)).isEqualTo(2);
        assertThat(HilbertCurve.index(1, 1, 0)).isEqualTo(3);
        long[][] order2RowsByY = { { 0, 1, 14, 15 }, { 3, 2, 13, 12 }, { 4, 7, 8, 11 }, { 5, 6, 9, 10 } };
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                assertThat(HilbertCurve.index(2, x, y)).as("(%d, %d)", x, y).isEqualTo(order2RowsByY[y][x]);
            }
        }
    }

    @Test
    void fullTablesEqualAGeometricConstructionOfTheCurve() {
        for (int order = 1; order <= 6; order++) {
            List<GridCell> visiting = CurveReference.visitingOrder(order);
            assertThat(visiting).hasSize(1 << 2 * order);
            for (int value = 0; value < visiting.size(); value++) {
                GridCell cell = visiting.get(value);
                assertThat(HilbertCurve.index(order, cell.x(), cell.y())).as("order %d cell %s", order, cell)
                        .isEqualTo(value);
            }
        }
    }

    @Test
    void everyCellAtOrdersOneToSevenEqualsTheClassicFormulation() {
        for (int order = 1; order <= 7; order++) {
            for (long x = 0; x < 1L << order; x++) {
                for (long y = 0; y < 1L << order; y++) {
                    assertThat(HilbertCurve.index(order, x, y)).isEqualTo(CurveReference.xy2d(order, x, y));
                }
            }
        }
    }

    @Test
    void randomCellsAtOrder31EqualTheClassicFormulation() {
        SplittableRandom random = new SplittableRandom(31);
        for (int i = 0; i < 10_000; i++) {
            long x = random.nextLong(1L << 31);
            long y = random.nextLong(1L << 31);
            assertThat(HilbertCurve.index(31, x, y)).isEqualTo(CurveReference.xy2d(31, x, y));
        }
    }

    @Test
    void cellInvertsIndexForEveryCellAtOrdersOneToSix() {
        for (int order = 1; order <= 6; order++) {
            for (long value = 0; value <= HilbertCurve.maxValue(order); value++) {
                GridCell cell = HilbertCurve.cell(order, value);
                assertThat(HilbertCurve.index(order, cell.x(), cell.y())).isEqualTo(value);
            }
        }
        SplittableRandom random = new SplittableRandom(6);
        for (int i = 0; i < 10_000; i++) {
            long value = random.nextLong(HilbertCurve.maxValue(31) + 1);
            GridCell cell = HilbertCurve.cell(31, value);
            assertThat(HilbertCurve.index(31, cell.x(), cell.y())).isEqualTo(value);
        }
    }

    @Test
    void consecutiveValuesAreNeighbouringCells() {
        for (int order = 1; order <= 6; order++) {
            GridCell previous = HilbertCurve.cell(order, 0);
            assertThat(previous).isEqualTo(new GridCell(0, 0));
            for (long value = 1; value <= HilbertCurve.maxValue(order); value++) {
                GridCell cell = HilbertCurve.cell(order, value);
                assertThat(Math.abs(cell.x() - previous.x()) + Math.abs(cell.y() - previous.y()))
                        .as("order %d value %d", order, value).isEqualTo(1);
                previous = cell;
            }
            assertThat(previous).isEqualTo(new GridCell(HilbertCurve.maxCoordinate(order), 0));
        }
    }

    @Test
    void refusesOrdersAndCoordinatesOutsideTheGrid() {
        assertThatThrownBy(() -> HilbertCurve.index(0, 0, 0)).hasMessage("order must be in 1..31, was 0");
        assertThatThrownBy(() -> HilbertCurve.index(32, 0, 0)).hasMessage("order must be in 1..31, was 32");
        assertThatThrownBy(() -> HilbertCurve.index(3, 8, 0)).hasMessage("x = 8 is outside [0, 7] for order 3");
        assertThatThrownBy(() -> HilbertCurve.index(3, 0, -1)).hasMessage("y = -1 is outside [0, 7] for order 3");
        assertThatThrownBy(() -> HilbertCurve.cell(2, 16))
                .hasMessage("Hilbert value 16 is outside [0, 15] for order 2");
        assertThat(HilbertCurve.index(31, (1L << 31) - 1, 0)).isEqualTo(HilbertCurve.maxValue(31));
    }
}

package org.spatiallsm.organisations.grid;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HilbertTableTest {

    @Test
    void dissertationExample() {
        assertThat(HilbertTable.ofSide(4).digit(0b10, 0b01)).isEqualTo(0b1101);
    }

    @Test
    void orderOneVisitsUpFirst() {
        HilbertTable table = HilbertTable.ofSide(2);
        assertThat(new int[] { table.digit(0, 0), table.digit(0, 1), table.digit(1, 1), table.digit(1, 0) })
                .containsExactly(0, 1, 2, 3);
    }

    @Test
    void orderTwoTableOfTheNotes() {
        int[][] rows = { { 0, 1, 14, 15 }, { 3, 2, 13, 12 }, { 4, 7, 8, 11 }, { 5, 6, 9, 10 } };
        HilbertTable table = HilbertTable.ofSide(4);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                assertThat(table.digit(x, y)).as("x=%d y=%d", x, y).isEqualTo(rows[y][x]);
            }
        }
    }

    @Test
    void everyTableEqualsTheClassicFormulationAndInvertsItself() {
        for (int side = 2; side <= 16; side *= 2) {
            HilbertTable table = HilbertTable.ofSide(side);
            for (int y = 0; y < side; y++) {
                for (int x = 0; x < side; x++) {
                    int digit = table.digit(x, y);
                    assertThat(digit).as("side %d x=%d y=%d", side, x, y).isEqualTo(GridReference.xy2d(side, x, y));
                    assertThat(table.x(digit)).isEqualTo(x);
                    assertThat(table.y(digit)).isEqualTo(y);
                }
            }
        }
    }
}

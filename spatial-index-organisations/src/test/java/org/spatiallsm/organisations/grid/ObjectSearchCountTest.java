package org.spatiallsm.organisations.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.geometry.Rect;

class ObjectSearchCountTest {

    /** 4,096 x 4,096 bottom cells on the world: a bottom column is 0.088 degrees wide, a row 0.044 high. */
    private static final String LEVELS = "l,l,l,l,l,l";
    /** Across x = 0, a line of bottom (and of level-0) cells: two cells under the default cap. */
    private static final Rect ACROSS = new Rect(-0.01, 0.01, 0.01, 0.02);
    /** In the bottom cell right of x = 0, beside the window. */
    private static final Rect BESIDE = new Rect(0.05, 0.01, 0.06, 0.02);
    /** Meets ACROSS only, in both of its cells. */
    private static final Rect WINDOW = new Rect(-0.005, 0.012, 0.005, 0.015);

    @Test
    void aSearchReadsEveryEntryOfItsCellsAndReturnsEachObjectOnce() {
        ObjectSearchCount index = new ObjectSearchCount(GridParameters.parse(null, LEVELS, "1024"),
                List.of(ACROSS, BESIDE));

        assertThat(index.objects()).isEqualTo(2);
        assertThat(index.entries()).isEqualTo(3);
        // ACROSS twice (a result, then a duplicate), BESIDE once (a false positive: it shares a cell, not the window).
        assertThat(index.search(WINDOW)).isEqualTo(new ObjectSearchCount.Search(3, 1, 1, 1));
        // Searches are independent: the same search again returns ACROSS again.
        assertThat(index.search(WINDOW)).isEqualTo(new ObjectSearchCount.Search(3, 1, 1, 1));
    }

    @Test
    void aCapOfOneCellKeepsAnObjectAcrossLevelZeroUnderTheRoot() {
        ObjectSearchCount index = new ObjectSearchCount(GridParameters.parse(null, LEVELS, "1"),
                List.of(ACROSS, BESIDE));

        // ACROSS meets two level-0 cells, more than the cap, so it is stored once, under the root; BESIDE, inside
        // one bottom cell, still gets that cell. The window, coarsened alike, searches everything.
        assertThat(index.entries()).isEqualTo(2);
        assertThat(index.search(WINDOW)).isEqualTo(new ObjectSearchCount.Search(2, 1, 0, 1));
    }

    @Test
    void aWindowMissingEveryCellReadsNothing() {
        ObjectSearchCount index = new ObjectSearchCount(GridParameters.parse(null, LEVELS, "1024"),
                List.of(ACROSS, BESIDE));

        assertThat(index.search(new Rect(100, 50, 100.01, 50.01))).isEqualTo(new ObjectSearchCount.Search(0, 0, 0,
                0));
    }
}

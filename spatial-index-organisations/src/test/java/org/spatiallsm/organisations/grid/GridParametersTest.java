package org.spatiallsm.organisations.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GridParametersTest {

    @Test
    void leftOutPartsTakeTheirDefaults() {
        GridParameters defaults = GridParameters.parse(null, null, null);
        assertThat(defaults).isEqualTo(GridParameters.DEFAULTS);
        assertThat(defaults.space()).isEqualTo(new GridSpace(-180, -90, 180, 90));
        assertThat(defaults.densityLetters()).isEqualTo("l,l,l,l,h,m");
        assertThat(defaults.cellsPerObject()).isEqualTo(1024);
        long bottomCells = (long) defaults.grid().bottomCellsPerAxis() * defaults.grid().bottomCellsPerAxis();
        assertThat(bottomCells).isEqualTo(1L << 30);
    }

    @Test
    void parsesEveryPart() {
        GridParameters parameters = GridParameters.parse(" 0, -1.5 ,10,2e1", "h,H,m,l,m, h", "64");
        assertThat(parameters.space()).isEqualTo(new GridSpace(0, -1.5, 10, 20));
        assertThat(parameters.densityLetters()).isEqualTo("h,h,m,l,m,h");
        assertThat(parameters.cellsPerObject()).isEqualTo(64);
        assertThat(parameters.grid().bottomCellsPerAxis()).isEqualTo(16 * 16 * 8 * 4 * 8 * 16);
    }

    @Test
    void badValuesGetOneLineErrorsNamingThem() {
        assertRefused(() -> GridParameters.parseSpace("10,0,10,5"),
                "grid space 10,0,10,5 must have x1 < x2 and y1 < y2 (bottom-left corner, then top-right corner)");
        assertRefused(() -> GridParameters.parseSpace("0,5,10,-5"), "must have x1 < x2 and y1 < y2");
        assertRefused(() -> GridParameters.parseSpace("0,0,10"),
                "grid space '0,0,10' must be 4 comma-separated numbers");
        assertRefused(() -> GridParameters.parseSpace("0,0,x,1"), "'x' is not a number");
        assertRefused(() -> GridParameters.parseSpace("0,0,Infinity,1"), "must have finite numbers");
        assertRefused(() -> GridParameters.parseDensities("l,l,l,l,h,q"),
                "unknown grid density 'q': expected l (4x4), m (8x8) or h (16x16)");
        assertRefused(() -> GridParameters.parseDensities("l,l,l,l,h"),
                "expected 6 grid level densities (each l, m or h), got 5 in 'l,l,l,l,h'");
        assertRefused(() -> GridParameters.parseCellsPerObject("0"), "cells per object must be from 1 to 65536, was 0");
        assertRefused(() -> GridParameters.parseCellsPerObject("100000"), "from 1 to 65536, was 100000");
        assertRefused(() -> GridParameters.parseCellsPerObject("many"),
                "cells per object must be an integer from 1 to 65536, was 'many'");
    }

    private static void assertRefused(Runnable parse, String message) {
        assertThatThrownBy(parse::run).isInstanceOf(InvalidGridParameterException.class)
                .hasMessageContaining(message).message().doesNotContain("\n");
    }
}

package org.spatiallsm.cli.organisation;

import static org.assertj.core.api.Assertions.assertThat;


import org.spatiallsm.cli.CliRun;
import org.junit.jupiter.api.Test;


class CurveCommandTest {

    @Test
    void hilbertPrintsTheValueOfACell() {
        assertThat(curve("hilbert", "--order", "2", "--point", "2,1")).isEqualTo(new CliRun(0, "13\n", ""));
        assertThat(curve("hilbert", "--order", "31", "--point", "2147483647,0").out())
                .isEqualTo("4611686018427387903\n");
    }

    @Test
    void dhvbPrintsKimsValueIncludingNegativeCoordinates() {
        assertThat(curve("dhvb", "--point", "-117.8,33.6")).isEqualTo(new CliRun(0, "1283900129206648977\n", ""));
        assertThat(curve("dhvb", "--point", "0, 0").out()).isEqualTo("768614336404561920\n");
        assertThat(curve("dhvb", "--point=180,90").out()).isEqualTo("3170534137668839082\n");
    }

    @Test
    void rangesPrintsTheMergedExactCover() {
        assertThat(curve("ranges", "--rect", "0,0,3,0", "--order", "2")).isEqualTo(new CliRun(0, "0 1\n14 15\n", ""));
        assertThat(curve("ranges", "--rect", "0,0,3,3", "--order", "2").out()).isEqualTo("0 15\n");
    }

    @Test
    void rangesCoarsensToTheCapAndSaysSo() {
        CliRun run = curve("ranges", "--rect", "0,0,3,0", "--order", "2", "--max-intervals", "1");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo("0 15\n");
        assertThat(run.err()).isEqualTo("note: coarsened to 1 intervals holding 16 values for the rectangle's 4 "
                + "cells\n");
    }

    @Test
    void badInputGetsOneLine() {
        assertError(curve("hilbert", "--order", "3", "--point", "1.5,2"),
                "error: --point expects integers X,Y, got '1.5,2'");
        assertError(curve("hilbert", "--order", "3", "--point", "1,2,3"), "error: --point expects X,Y, got '1,2,3'");
        assertError(curve("hilbert", "--order", "3", "--point", "8,0"), "error: x = 8 is outside [0, 7] for order 3");
        assertError(curve("hilbert", "--order", "32", "--point", "0,0"), "error: order must be in 1..31, was 32");
        assertError(curve("dhvb", "--point", "181,0"), "error: longitude 181.0 is outside [-180, 180]");
        assertError(curve("dhvb", "--point", "0,95"), "error: latitude 95.0 is outside [-90, 90]");
        assertError(curve("dhvb", "--point", "east,north"), "error: --point expects numbers LON,LAT, got 'east,north'");
        assertError(curve("ranges", "--rect", "3,0,1,2", "--order", "2"),
                "error: --rect needs x1 <= x2 and y1 <= y2, got 3,0,1,2");
        assertError(curve("ranges", "--rect", "0,0,4,1", "--order", "2"),
                "error: x2 = 4 is outside [0, 3] for order 2");
        assertError(curve("ranges", "--rect", "0,0,1,1", "--order", "2", "--max-intervals", "0"),
                "error: the interval cap must be at least 1, was 0");
        assertThat(curve("hilbert", "--order", "two", "--point", "0,0").err()).startsWith("error: ")
                .contains("--order").doesNotContain("\tat ").hasLineCount(1);
    }

    private static void assertError(CliRun run, String message) {
        assertThat(run).isEqualTo(new CliRun(2, "", message + "\n"));
    }

    private static CliRun curve(String... arguments) {
        return CliRun.command("curve", arguments);
    }

}

package org.spatiallsm.cli.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.spatiallsm.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.grid.GridParameters;
import org.spatiallsm.organisations.grid.QueryPlan;
import org.spatiallsm.organisations.grid.StaticGrid;

class CellsCommandTest {

    @Test
    void aPointGetsOneShbKeyAndASifTokenPerLevel() {
        CliRun run = CliRun.of("cells", "--point", "-73.9857,40.7484");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.lines()).startsWith(
                "grid: space -180,-90,180,90, levels l,l,l,l,h,m, 32768 x 32768 = 2^30 bottom cells,"
                        + " cells per object 1024",
                "point -73.9857,40.7484",
                "SHB key (points):",
                "  7.5.8.12.105.13.6  (level 5)",
                "SIF tokens (6, one per level):",
                "  7.0.0.0.0.0.1  (level 0)",
                "  7.5.0.0.0.0.2  (level 1)",
                "  7.5.8.0.0.0.3  (level 2)",
                "  7.5.8.12.0.0.4  (level 3)",
                "  7.5.8.12.105.0.5  (level 4)",
                "  7.5.8.12.105.13.6  (level 5)",
                "as a query:",
                "  SHB ranges (1, merged from 1 cells):",
                "    [7.5.8.12.105.13.6 ~ 7.5.8.12.105.13.6]");
        assertThat(run.lines()).endsWith("  SIF tokens (1):", "    7.5.8.12.105.13.6  (level 5)");
    }

    @Test
    void aRectanglePrintsTheCoresKeysRangesAncestorsAndTokens() {
        Rect rect = new Rect(-10.3, 20.1, -9.7, 20.4);
        CliRun run = CliRun.of("cells", "--rect", "-10.3,20.1,-9.7,20.4", "--cells-per-object", "64");

        assertThat(run.exitCode()).isZero();
        StaticGrid grid = GridParameters.DEFAULTS.grid();
        QueryPlan plan = grid.query(rect, 64);
        List<String> lines = run.lines();
        assertThat(lines.get(1)).isEqualTo("rectangle -10.3,20.1,-9.7,20.4");
        int keys = grid.objectKeys(rect, 64).size();
        assertThat(lines.get(2)).isEqualTo("SHB keys (non-point data, " + keys + "):");
        assertThat(keys).isBetween(2, 64);
        assertThat(lines).contains("  SHB ranges (" + plan.ranges().size() + ", merged from "
                + plan.decomposedCells() + " cells):", "    " + plan.ranges().get(0),
                "  SHB ancestor lookups (non-point data only, " + plan.ancestors().size() + "):",
                "    0.0.0.0.0.0.0  (all: the whole space)",
                "  SIF tokens (" + grid.sifTokens(rect, 64).size() + "):");
        assertThat(lines).noneMatch(line -> line.contains("out of space") || line.contains("\"all\" path"));
    }

    @Test
    void spaceReachingQueriesShowTheAllPathAndTheOutOfSpaceKey() {
        CliRun run = CliRun.of("cells", "--space", "0,0,8,8", "--levels", "h,h,h,h,h,h", "--rect", "-1,-1,9,9");

        assertThat(run.exitCode()).isZero();
        assertThat(run.lines()).contains("grid: space 0,0,8,8, levels h,h,h,h,h,h, 16777216 x 16777216 = 2^48 bottom"
                + " cells, cells per object 1024",
                "  0.0.0.0.0.0.0  (all: the whole space)",
                "  255.255.255.255.255.255.7  (out of space)",
                "  the query covers the whole space: the \"all\" path",
                "    [0.0.0.0.0.0.0 ~ 255.255.255.255.255.255.6]",
                "  out-of-space lookup (the query reaches outside the space):",
                "  SIF tokens (257):");
        CliRun outside = CliRun.of("cells", "--space", "0,0,8,8", "--point", "8.5,1");
        assertThat(outside.lines()).contains("SHB key (points):", "  255.255.255.255.255.255.7  (out of space)",
                "SIF tokens (1, one per level):", "  SHB ranges (0, merged from 0 cells):");
    }

    @Test
    void badValuesGetOneLineAndExitCode2() {
        assertRefused("error: grid space 5,0,5,1 must have x1 < x2 and y1 < y2 (bottom-left corner, then top-right"
                + " corner)", "--space", "5,0,5,1", "--point", "1,1");
        assertRefused("error: unknown grid density 'x': expected l (4x4), m (8x8) or h (16x16)", "--levels",
                "l,l,x,l,h,m", "--point", "1,1");
        assertRefused("error: expected 6 grid level densities (each l, m or h), got 2 in 'l,l'", "--levels", "l,l",
                "--point", "1,1");
        assertRefused("error: cells per object must be from 1 to 65536, was 70000", "--cells-per-object", "70000",
                "--point", "1,1");
        assertRefused("error: --point '1' must be 2 comma-separated numbers", "--point", "1");
        assertRefused("error: rectangle 3,0,1,1 must have x1 <= x2 and y1 <= y2 (bottom-left corner, then top-right"
                + " corner)", "--rect", "3,0,1,1");
        CliRun both = CliRun.of("cells", "--point", "1,1", "--rect", "0,0,1,1");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("mutually exclusive").hasLineCount(1);
        CliRun neither = CliRun.of("cells");
        assertThat(neither.exitCode()).isEqualTo(2);
        assertThat(neither.err()).contains("--point").hasLineCount(1);
    }

    @Test
    void theToolIsListedAmongTheSubcommands() {
        assertThat(CliRun.of("--help").out()).contains("cells");
        String help = CliRun.of("cells", "--help").out().replaceAll("\\s+", "");
        assertThat(help).contains("--cells-per-object", "default:l,l,l,l,h,m", "default:-180,-90,180,90",
                "1to65536,default:1024");
    }

    private static void assertRefused(String message, String... args) {
        String[] command = new String[args.length + 1];
        command[0] = "cells";
        System.arraycopy(args, 0, command, 1, args.length);
        CliRun run = CliRun.of(command);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo(message + System.lineSeparator());
    }
}

package org.spatiallsm.cli.organisation;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.grid.CellKey;
import org.spatiallsm.organisations.grid.GridParameters;
import org.spatiallsm.organisations.grid.KeyRange;
import org.spatiallsm.organisations.grid.QueryPlan;
import org.spatiallsm.organisations.grid.StaticGrid;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code spatial-lsm cells}: the SHB-tree and SIF keys of a point or rectangle, and what a query of it searches. */
@Command(name = "cells", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Prints the cell keys a static grid (SHB-tree, SIF) gives a point or rectangle, and the merged"
                + " key ranges, ancestor lookups and SIF tokens a query of that point or rectangle searches.",
            "Keys are written in dotted decimal: one Hilbert digit per level, then the number of levels of the cell"
                    + " (0.0.0.0.0.0.0 is the whole space, 255.255.255.255.255.255.7 is out of space). See"
                    + " docs/index-organisations.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:printed", "2:bad command line or grid" })
public final class CellsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--space", paramLabel = "x1,y1,x2,y2", defaultValue = "-180,-90,180,90",
            description = "the grid's space: bottom-left and top-right corners (default: ${DEFAULT-VALUE})")
    String space;

    @Option(names = "--levels", paramLabel = "d,d,d,d,d,d", defaultValue = "l,l,l,l,h,m",
            description = "six level densities, top first: l = 4x4, m = 8x8, h = 16x16 cells per parent"
                    + " (default: ${DEFAULT-VALUE}, 2^30 bottom cells)")
    String levels;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Shape shape;

    static final class Shape {
        @Option(names = "--point", required = true, paramLabel = "X,Y", description = "a point")
        String point;

        @Option(names = "--rect", required = true, paramLabel = "x1,y1,x2,y2",
                description = "a closed rectangle: bottom-left and top-right corners")
        String rect;
    }

    @Option(names = "--cells-per-object", paramLabel = "N", defaultValue = "1024",
            description = "the most cells one object, or one query, is decomposed into; coarser cells beyond"
                    + " (" + GridParameters.MIN_CELLS_PER_OBJECT + " to " + GridParameters.MAX_CELLS_PER_OBJECT
                    + ", default: ${DEFAULT-VALUE})")
    String cellsPerObject;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            GridParameters parameters = GridParameters.parse(space, levels, cellsPerObject);
            String report;
            if (shape.point != null) {
                double[] xy = GridParameters.numbers("--point", shape.point, 2);
                report = pointReport(parameters, xy[0], xy[1]);
            } else {
                double[] corners = GridParameters.numbers("--rect", shape.rect, 4);
                report = rectReport(parameters, new Rect(corners[0], corners[1], corners[2], corners[3]));
            }
            PrintWriter out = spec.commandLine().getOut();
            out.print(report);
            out.flush();
            return CommandFailures.OK;
        });
    }

    static String pointReport(GridParameters parameters, double x, double y) {
        StaticGrid grid = parameters.grid();
        StringBuilder text = header(parameters, grid);
        Rect point = Rect.point(x, y);
        text.append("point ").append(x).append(',').append(y).append('\n');
        text.append("SHB key (points):\n");
        appendKeys(text, List.of(grid.pointKey(x, y)));
        List<CellKey> tokens = grid.pointTokens(x, y);
        text.append("SIF tokens (").append(tokens.size()).append(", one per level):\n");
        appendKeys(text, tokens);
        text.append("as a query:\n");
        appendQuery(text, parameters, grid, point);
        return text.toString();
    }

    static String rectReport(GridParameters parameters, Rect rect) {
        StaticGrid grid = parameters.grid();
        StringBuilder text = header(parameters, grid);
        text.append("rectangle ").append(rect).append('\n');
        List<CellKey> keys = grid.objectKeys(rect, parameters.cellsPerObject());
        text.append("SHB keys (non-point data, ").append(keys.size()).append("):\n");
        appendKeys(text, keys);
        text.append("as a query:\n");
        appendQuery(text, parameters, grid, rect);
        return text.toString();
    }

    private static StringBuilder header(GridParameters parameters, StaticGrid grid) {
        int bottom = grid.bottomCellsPerAxis();
        return new StringBuilder(String.format(Locale.ROOT,
                "grid: space %s, levels %s, %d x %d = 2^%d bottom cells, cells per object %d%n", parameters.space(),
                parameters.densityLetters(), bottom, bottom, 2 * Integer.numberOfTrailingZeros(bottom),
                parameters.cellsPerObject()));
    }

    private static void appendQuery(StringBuilder text, GridParameters parameters, StaticGrid grid, Rect query) {
        QueryPlan plan = grid.query(query, parameters.cellsPerObject());
        if (plan.wholeSpace()) {
            text.append("  the query covers the whole space: the \"all\" path\n");
        }
        text.append("  SHB ranges (").append(plan.ranges().size()).append(", merged from ")
                .append(plan.decomposedCells()).append(" cells):\n");
        for (KeyRange range : plan.ranges()) {
            text.append("    ").append(range).append('\n');
        }
        text.append("  SHB ancestor lookups (non-point data only, ").append(plan.ancestors().size()).append("):\n");
        appendKeys(text, plan.ancestors(), "    ");
        if (plan.outOfSpace()) {
            text.append("  out-of-space lookup (the query reaches outside the space):\n");
            appendKeys(text, List.of(grid.outOfSpace()), "    ");
        }
        List<CellKey> tokens = grid.sifTokens(query, parameters.cellsPerObject());
        text.append("  SIF tokens (").append(tokens.size()).append("):\n");
        appendKeys(text, tokens, "    ");
    }

    private static void appendKeys(StringBuilder text, List<CellKey> keys) {
        appendKeys(text, keys, "  ");
    }

    private static void appendKeys(StringBuilder text, List<CellKey> keys, String indent) {
        for (CellKey key : keys) {
            text.append(indent).append(key).append("  ").append(describe(key)).append('\n');
        }
    }

    private static String describe(CellKey key) {
        if (key.isRoot()) {
            return "(all: the whole space)";
        }
        return key.isOutOfSpace() ? "(out of space)" : "(level " + key.level() + ")";
    }
}

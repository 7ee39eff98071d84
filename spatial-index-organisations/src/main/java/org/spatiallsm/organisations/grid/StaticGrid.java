package org.spatiallsm.organisations.grid;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.spatiallsm.geometry.Rect;

/**
 * A static multi-level grid (Kim's dissertation, Ch. 4-5): the cell keys of points and objects, and what a query
 * searches, for the SHB-tree and SIF.
 * <p>
 * Cells are half-open: bottom column c of N spans [x1 + c (x2 - x1) / N, x1 + (c + 1) (x2 - x1) / N), the last one
 * also its right edge x2 (rows alike). A point is in the cell of floor((x - x1) N / (x2 - x1)), computed exactly
 * (the doubles as exact decimals), so a point on a cell line belongs to the cell above or to its right, and the
 * same point always gets the same key. A closed rectangle overlaps the cells whose regions it shares a point with,
 * and covers those inside it. Every decomposition is a pure function of the rectangle, the grid and the cap, so a
 * delete recomputes exactly the keys of the insert.
 */
public final class StaticGrid {

    private final GridSpace space;
    private final int[] sides;
    private final HilbertTable[] tables;
    /** Cells per axis of a cell number with {@code depth} levels; [0] = 1 (the root), [levels] = bottom. */
    private final int[] cellsPerAxis;
    private final Axis xAxis;
    private final Axis yAxis;

    /** @param sides cells per axis and parent, top level first; each 2, 4, 8 or 16, one to six levels */
    public StaticGrid(GridSpace space, int... sides) {
        if (sides.length < 1 || sides.length > GridParameters.LEVELS) {
            throw new IllegalArgumentException("a grid has 1 to " + GridParameters.LEVELS + " levels, not "
                    + sides.length);
        }
        this.space = space;
        this.sides = sides.clone();
        tables = Arrays.stream(sides).mapToObj(HilbertTable::ofSide).toArray(HilbertTable[]::new);
        cellsPerAxis = new int[sides.length + 1];
        cellsPerAxis[0] = 1;
        for (int level = 0; level < sides.length; level++) {
            cellsPerAxis[level + 1] = cellsPerAxis[level] * sides[level];
        }
        xAxis = new Axis(space.x1(), space.x2(), bottomCellsPerAxis());
        yAxis = new Axis(space.y1(), space.y2(), bottomCellsPerAxis());
    }

    public GridSpace space() {
        return space;
    }

    public int levels() {
        return sides.length;
    }

    public int bottomCellsPerAxis() {
        return cellsPerAxis[levels()];
    }

    /** The root cell's key: the whole space, the "all" key. */
    public CellKey root() {
        return new CellKey(new int[levels()], 0);
    }

    public CellKey outOfSpace() {
        int[] digits = new int[levels()];
        Arrays.fill(digits, CellKey.OUT_OF_SPACE_DIGIT);
        return new CellKey(digits, levels() + 1);
    }

    /** SHB on points: the key of the point's bottom cell, or "out of space". */
    public CellKey pointKey(double x, double y) {
        return space.contains(x, y) ? key(bottomCell(x, y)) : outOfSpace();
    }

    /** SIF: the point's cell at every level, top level first, or just "out of space". */
    public List<CellKey> pointTokens(double x, double y) {
        if (!space.contains(x, y)) {
            return List.of(outOfSpace());
        }
        List<CellKey> tokens = new ArrayList<>();
        for (Cell cell = bottomCell(x, y); cell.depth() > 0; cell = parent(cell)) {
            tokens.add(0, key(cell));
        }
        return tokens;
    }

    /**
     * SHB on non-point data (Kim's dissertation, Ch. 5): the keys of an object's MBR, ascending: decomposed with the
     * covering rule and the cap, then complete sets of children promoted to their parent, plus "out of space" for any
     * part outside.
     */
    public List<CellKey> objectKeys(Rect mbr, int cellsPerObject) {
        Decomposition decomposition = decompose(mbr, cellsPerObject);
        List<CellKey> keys = keys(promote(decomposition.cells(), 0));
        if (decomposition.outOfSpace()) {
            keys.add(outOfSpace());
        }
        return keys;
    }

    /**
     * SHB: the query decomposed with the covering rule (at most {@code cellLimit} cells, coarser
     * otherwise), turned into bottom-level ranges and merged where consecutive, across parents too; the ancestors
     * of its cells that no range includes, for objects stored at upper levels.
     */
    public QueryPlan query(Rect query, int cellLimit) {
        Decomposition decomposition = decompose(query, cellLimit);
        List<KeyRange> ranges = mergedRanges(keys(decomposition.cells()));
        List<CellKey> ancestors = keys(decomposition.split()).stream().filter(key -> !inAnyRange(ranges, key))
                .toList();
        return new QueryPlan(ranges, ancestors, decomposition.outOfSpace(), decomposition.wholeSpace(),
                decomposition.cells().size());
    }

    /**
     * SIF: the exact tokens a query looks up, ascending: its decomposition with complete sets of children
     * promoted to their parent, repeatedly, down to level 0 (points are not stored under the root), plus "out of
     * space" when the query reaches outside the space.
     */
    public List<CellKey> sifTokens(Rect query, int cellLimit) {
        Decomposition decomposition = decompose(query, cellLimit);
        List<Cell> cells = new ArrayList<>();
        for (Cell cell : decomposition.cells()) {
            if (cell.depth() == 0) {
                cells.addAll(decomposition.cover().overlappingChildren(cell));
            } else {
                cells.add(cell);
            }
        }
        List<CellKey> tokens = keys(promote(cells, 1));
        if (decomposition.outOfSpace()) {
            tokens.add(outOfSpace());
        }
        return tokens;
    }

    /** Whether one of the ranges, ascending and disjoint, contains the key: a binary search on their low keys. */
    private static boolean inAnyRange(List<KeyRange> ranges, CellKey key) {
        int low = 0;
        int high = ranges.size() - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            KeyRange range = ranges.get(middle);
            if (key.compareTo(range.low()) < 0) {
                high = middle - 1;
            } else if (key.compareTo(range.high()) > 0) {
                low = middle + 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** The bottom cells under a key's cell, as a half-open range of bottom ordinals (Hilbert order per level). */
    public long[] bottomOrdinals(CellKey key) {
        if (key.isOutOfSpace()) {
            throw new IllegalArgumentException("the out-of-space key " + key + " has no cells");
        }
        long first = 0;
        for (int level = 0; level < key.depth(); level++) {
            first += key.digit(level) * bottomCellsUnder(level + 1);
        }
        return new long[] { first, first + bottomCellsUnder(key.depth()) };
    }

    // ---- cells

    /** A cell by its number of levels and its column and row among the cells of that depth. */
    private record Cell(int depth, int x, int y) {
    }

    private Cell bottomCell(double x, double y) {
        return new Cell(levels(), xAxis.column(x), yAxis.column(y));
    }

    private Cell parent(Cell cell) {
        int side = sides[cell.depth() - 1];
        return new Cell(cell.depth() - 1, cell.x() / side, cell.y() / side);
    }

    /** Bottom cells per axis under one cell of the given depth. */
    private int bottomSpan(int depth) {
        return bottomCellsPerAxis() / cellsPerAxis[depth];
    }

    private long bottomCellsUnder(int depth) {
        long span = bottomSpan(depth);
        return span * span;
    }

    private CellKey key(Cell cell) {
        int[] digits = new int[levels()];
        for (int level = 0; level < cell.depth(); level++) {
            int ratio = cellsPerAxis[cell.depth()] / cellsPerAxis[level + 1];
            digits[level] = tables[level].digit(cell.x() / ratio % sides[level], cell.y() / ratio % sides[level]);
        }
        return new CellKey(digits, cell.depth());
    }

    private CellKey bottomKey(long ordinal) {
        int[] digits = new int[levels()];
        long rest = ordinal;
        for (int level = 0; level < levels(); level++) {
            long under = bottomCellsUnder(level + 1);
            digits[level] = (int) (rest / under);
            rest %= under;
        }
        return new CellKey(digits, levels());
    }

    private List<CellKey> keys(List<Cell> cells) {
        List<CellKey> keys = new ArrayList<>();
        for (Cell cell : cells) {
            keys.add(key(cell));
        }
        keys.sort(Comparator.naturalOrder());
        return keys;
    }

    // ---- decomposition

    /**
     * @param cells the cells the rectangle decomposed into (empty if it lies wholly outside the space)
     * @param split the cells decomposed further: exactly the ancestors of {@code cells}
     */
    private record Decomposition(List<Cell> cells, List<Cell> split, Cover cover, boolean outOfSpace,
            boolean wholeSpace) {
    }

    /**
     * The covering rule of Kim's dissertation, breadth first: a covered cell is kept, an overlapped one is decomposed
     * at the next level, and overlapped bottom cells are kept as they are. If the next level would give more than
     * {@code cellLimit} cells, the overlapped cells are kept at the current, coarser level instead (Kim's cap on the
     * cells of one object, Ch. 5).
     */
    private Decomposition decompose(Rect rect, int cellLimit) {
        boolean reachesOutside = rect.minX() < space.x1() || rect.maxX() > space.x2() || rect.minY() < space.y1()
                || rect.maxY() > space.y2();
        if (rect.maxX() < space.x1() || rect.minX() > space.x2() || rect.maxY() < space.y1()
                || rect.minY() > space.y2()) {
            return new Decomposition(List.of(), List.of(), null, true, false);
        }
        Cover cover = new Cover(xAxis.cover(Math.max(rect.minX(), space.x1()), Math.min(rect.maxX(), space.x2())),
                yAxis.cover(Math.max(rect.minY(), space.y1()), Math.min(rect.maxY(), space.y2())));
        Cell root = new Cell(0, 0, 0);
        if (cover.covers(root)) {
            return new Decomposition(List.of(root), List.of(), cover, reachesOutside, true);
        }
        List<Cell> kept = new ArrayList<>();
        List<Cell> split = new ArrayList<>();
        List<Cell> overlapped = List.of(root);
        for (int depth = 0; depth < levels(); depth++) {
            List<Cell> covered = new ArrayList<>();
            List<Cell> overlappedChildren = new ArrayList<>();
            for (Cell parent : overlapped) {
                for (Cell child : cover.overlappingChildren(parent)) {
                    (cover.covers(child) ? covered : overlappedChildren).add(child);
                }
                if (kept.size() + covered.size() + overlappedChildren.size() > cellLimit) {
                    kept.addAll(overlapped);
                    return new Decomposition(kept, split, cover, reachesOutside, false);
                }
            }
            split.addAll(overlapped);
            kept.addAll(covered);
            overlapped = overlappedChildren;
        }
        kept.addAll(overlapped);
        return new Decomposition(kept, split, cover, reachesOutside, false);
    }

    /**
     * Replaces every complete set of children by their parent, deepest level first so that parents made complete by
     * a promotion are promoted too; never above {@code minDepth}. The cells must be disjoint; they cover the same
     * bottom cells afterwards.
     */
    private List<Cell> promote(List<Cell> cells, int minDepth) {
        Set<Cell> result = new HashSet<>(cells);
        for (int depth = levels(); depth > minDepth; depth--) {
            Map<Cell, Integer> childrenPresent = new HashMap<>();
            for (Cell cell : result) {
                if (cell.depth() == depth) {
                    childrenPresent.merge(parent(cell), 1, Integer::sum);
                }
            }
            int allChildren = sides[depth - 1] * sides[depth - 1];
            Set<Cell> complete = new HashSet<>();
            childrenPresent.forEach((parent, present) -> {
                if (present == allChildren) {
                    complete.add(parent);
                }
            });
            int childDepth = depth;
            result.removeIf(cell -> cell.depth() == childDepth && complete.contains(parent(cell)));
            result.addAll(complete);
        }
        return new ArrayList<>(result);
    }

    /**
     * One range per run of disjoint cells whose bottom cells are consecutive in key order, also across parents
     * (Kim's dissertation, Ch. 4: 303 and 310 merge).
     */
    public List<KeyRange> mergedRanges(Collection<CellKey> cells) {
        List<CellKey> lows = new ArrayList<>(cells);
        lows.sort(Comparator.naturalOrder());
        List<KeyRange> ranges = new ArrayList<>();
        CellKey runLow = null;
        long runEnd = 0;
        for (CellKey low : lows) {
            long[] ordinals = bottomOrdinals(low);
            if (runLow == null || ordinals[0] != runEnd) {
                if (runLow != null) {
                    ranges.add(new KeyRange(runLow, bottomKey(runEnd - 1)));
                }
                runLow = low;
            }
            runEnd = ordinals[1];
        }
        if (runLow != null) {
            ranges.add(new KeyRange(runLow, bottomKey(runEnd - 1)));
        }
        return ranges;
    }

    /** Which bottom columns and rows a rectangle (clipped to the space) overlaps and which it covers. */
    private final class Cover {
        private final Span x;
        private final Span y;

        Cover(Span x, Span y) {
            this.x = x;
            this.y = y;
        }

        boolean covers(Cell cell) {
            int span = bottomSpan(cell.depth());
            return x.covers(cell.x() * span, cell.x() * span + span - 1)
                    && y.covers(cell.y() * span, cell.y() * span + span - 1);
        }

        List<Cell> overlappingChildren(Cell parent) {
            int side = sides[parent.depth()];
            int span = bottomSpan(parent.depth() + 1);
            int fromX = Math.max(parent.x() * side, x.overlapLow() / span);
            int toX = Math.min(parent.x() * side + side - 1, x.overlapHigh() / span);
            int fromY = Math.max(parent.y() * side, y.overlapLow() / span);
            int toY = Math.min(parent.y() * side + side - 1, y.overlapHigh() / span);
            List<Cell> children = new ArrayList<>();
            for (int childY = fromY; childY <= toY; childY++) {
                for (int childX = fromX; childX <= toX; childX++) {
                    children.add(new Cell(parent.depth() + 1, childX, childY));
                }
            }
            return children;
        }
    }

    /**
     * Bottom columns (or rows) [overlapLow, overlapHigh] share a point with a closed interval; those in
     * [coverLow, coverHigh] lie inside it (empty if coverLow > coverHigh).
     */
    private record Span(int overlapLow, int overlapHigh, int coverLow, int coverHigh) {
        boolean covers(int low, int high) {
            return coverLow <= low && high <= coverHigh;
        }
    }

    /** Exact positions on one axis of the space; BigDecimal holds every double exactly. */
    private static final class Axis {
        /**
         * Below 2^24 columns the double estimate of a scaled coordinate is off by less than 1e-8 (three roundings
         * of at most 2^-53 relative each), so a fraction this far from an integer has the exact floor.
         */
        private static final double SAFE_FRACTION = 1e-6;

        private final double lowValue;
        private final double widthValue;
        private final BigDecimal low;
        private final BigDecimal width;
        private final BigDecimal columns;
        private final int lastColumn;
        private final double high;

        Axis(double low, double high, int columns) {
            this.lowValue = low;
            this.widthValue = high - low;
            this.low = new BigDecimal(low);
            this.width = new BigDecimal(high).subtract(this.low);
            this.columns = BigDecimal.valueOf(columns);
            this.lastColumn = columns - 1;
            this.high = high;
        }

        /** The column of a coordinate inside the space; the right edge belongs to the last column. */
        int column(double value) {
            return Math.min(scaled(value, RoundingMode.FLOOR), lastColumn);
        }

        /** The columns of the closed interval [from, to], which lies inside the space. */
        Span cover(double from, double to) {
            int coverHigh = to == high ? lastColumn : scaled(to, RoundingMode.FLOOR) - 1;
            return new Span(column(from), column(to), scaled(from, RoundingMode.CEILING), coverHigh);
        }

        /** (value - low) * columns / width, rounded down or up to an integer; value lies inside the space. */
        private int scaled(double value, RoundingMode rounding) {
            // Exact arithmetic only near a cell line (or if the double estimate overflows: NaN fails both tests).
            double estimate = (value - lowValue) / widthValue * (lastColumn + 1);
            double floor = Math.floor(estimate);
            double fraction = estimate - floor;
            if (fraction > SAFE_FRACTION && fraction < 1 - SAFE_FRACTION) {
                return (int) floor + (rounding == RoundingMode.CEILING ? 1 : 0);
            }
            return new BigDecimal(value).subtract(low).multiply(columns).divide(width, 0, rounding).intValueExact();
        }
    }
}

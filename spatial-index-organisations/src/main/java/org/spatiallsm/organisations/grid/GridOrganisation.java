package org.spatiallsm.organisations.grid;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.spatiallsm.geometry.Rect;

/**
 * An SHB-tree or SIF index as a B-tree of int64 keys ({@link CellKey#toLong()}) stores it (Kim's dissertation,
 * Ch. 4-5): the keys an object's entries get, and the inclusive key ranges a query searches. Both are pure functions
 * of the rectangle and the parameters, so a delete recomputes exactly the keys of the insert.
 */
public final class GridOrganisation {

    /** What is indexed and how. */
    public enum Kind {
        /** SHB-tree on points: one entry under the point's bottom cell. */
        SHB_POINTS,
        /** SHB-tree on MBRs: one entry per cell of the capped decomposition; queries also look up ancestors. */
        SHB_OBJECTS,
        /** SIF on points: one entry under the point's cell at every level, looked up by exact token. */
        SIF
    }

    /** One B-tree range search, both ends inclusive; an exact token lookup has low == high. */
    public record Range(long low, long high) {

        /** The "all" path: one scan over every entry. */
        public static final Range ALL = new Range(Long.MIN_VALUE, Long.MAX_VALUE);

        public static Range of(CellKey key) {
            return new Range(key.toLong(), key.toLong());
        }
    }

    private final Kind kind;
    private final StaticGrid grid;
    private final int cellsPerObject;

    public GridOrganisation(Kind kind, GridParameters parameters) {
        this.kind = kind;
        this.grid = parameters.grid();
        this.cellsPerObject = parameters.cellsPerObject();
    }

    public Kind kind() {
        return kind;
    }

    /** The keys of an object's entries, ascending (a point's MBR has both corners on it). */
    public long[] keys(Rect mbr) {
        List<CellKey> keys = switch (kind) {
            case SHB_POINTS -> List.of(grid.pointKey(mbr.minX(), mbr.minY()));
            case SHB_OBJECTS -> grid.objectKeys(mbr, cellsPerObject);
            case SIF -> grid.pointTokens(mbr.minX(), mbr.minY());
        };
        return keys.stream().mapToLong(CellKey::toLong).sorted().toArray();
    }

    /**
     * The keys of an object given by its MBR's coordinates. One with a NaN coordinate lies in no space and no query
     * window holds it, so it is kept under "out of space", as points outside the space are; infinite coordinates
     * lie outside every finite space anyway.
     */
    public long[] keys(double minX, double minY, double maxX, double maxY) {
        if (Double.isNaN(minX) || Double.isNaN(minY) || Double.isNaN(maxX) || Double.isNaN(maxY)) {
            return new long[] { grid.outOfSpace().toLong() };
        }
        return keys(new Rect(minX, minY, maxX, maxY));
    }

    /**
     * What a query searches, ascending by low key. SHB: the merged ranges of its decomposition (plus, for MBRs, the
     * ancestors of its cells), or the "all" path when it covers the whole space. SIF: one exact token per cell
     * after promotion; a whole-space query thus looks up the level-0 tokens, under which every point is once.
     * Both add the "out of space" key when the query reaches outside the space.
     */
    public List<Range> search(Rect query) {
        List<Range> ranges = new ArrayList<>();
        if (kind == Kind.SIF) {
            grid.sifTokens(query, cellsPerObject).forEach(token -> ranges.add(Range.of(token)));
            return ranges;
        }
        QueryPlan plan = grid.query(query, cellsPerObject);
        if (plan.wholeSpace()) {
            return List.of(Range.ALL);
        }
        plan.ranges().forEach(range -> ranges.add(new Range(range.low().toLong(), range.high().toLong())));
        if (kind == Kind.SHB_OBJECTS) {
            plan.ancestors().forEach(ancestor -> ranges.add(Range.of(ancestor)));
        }
        if (plan.outOfSpace()) {
            ranges.add(Range.of(grid.outOfSpace()));
        }
        ranges.sort(Comparator.comparingLong(Range::low));
        return ranges;
    }
}

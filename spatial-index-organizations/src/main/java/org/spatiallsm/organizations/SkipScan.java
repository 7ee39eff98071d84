package org.spatiallsm.organizations;

import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

import org.spatiallsm.curves.GridCell;
import org.spatiallsm.curves.GridRect;
import org.spatiallsm.curves.HilbertCurve;
import org.spatiallsm.curves.HilbertInterval;
import org.spatiallsm.curves.HilbertRanges;

/**
 * The DHB/DHVB range search over one index sorted by curve position: seek to the first position whose cell lies in
 * the query's cells, scan while entries stay inside, and when the scan leaves them, either keep scanning (inside a
 * leaf page, which is cheaper than a B-tree search) or, at the first entry of a new page or right after a seek,
 * re-seek to the next match: the smallest position {@code >=} that entry's whose cell lies in the query. Positions
 * past the query's last cell end the scan. Entries whose cell lies in the query are candidates when
 * {@code inMbr} holds; the caller refines them.
 */
public final class SkipScan {

    private SkipScan() {
    }

    /** What one scan did. {@code seeks} counts the first seek too; re-seeks are {@code seeks - 1}. */
    public record Statistics(long seeks, long entriesRead, long candidates) {

        public long reseeks() {
            return Math.max(0, seeks - 1);
        }
    }

    public static <E> Statistics scan(CurveIndex<E> index, int order, GridRect cells, ToLongFunction<E> position,
            Predicate<E> inMbr, Consumer<E> candidates) {
        HilbertInterval span = HilbertRanges.span(order, cells);
        long seeks = 0;
        long read = 0;
        long found = 0;
        long low = span.low();
        while (low != HilbertRanges.NO_MATCH) {
            CurveIndex.LeafCursor<E> cursor = index.seek(low);
            seeks++;
            low = HilbertRanges.NO_MATCH;
            boolean firstAfterSeek = true;
            while (cursor.hasNext()) {
                E entry = cursor.next();
                read++;
                long at = position.applyAsLong(entry);
                if (at > span.high()) {
                    break;
                }
                GridCell cell = HilbertCurve.cell(order, at);
                if (cells.contains(cell.x(), cell.y())) {
                    if (inMbr.test(entry)) {
                        candidates.accept(entry);
                        found++;
                    }
                } else if (firstAfterSeek || cursor.atPageStart()) {
                    low = HilbertRanges.nextMatch(order, cells, at);
                    break;
                }
                firstAfterSeek = false;
            }
        }
        return new Statistics(seeks, read, found);
    }
}

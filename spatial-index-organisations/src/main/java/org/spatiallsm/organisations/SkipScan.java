package org.spatiallsm.organisations;

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
 * re-seek to the next match: the smallest position {@code >=} that entry's whose cell lies in the query. Every seek
 * ends at the query's last position (the index reads nothing past it). Entries whose cell lies in the query are
 * candidates when {@code inMbr} holds; the caller refines them.
 *
 * <p>{@link Stream} is the search in pull form (one candidate at a time, memory bounded by one cursor), which an
 * engine cursor streams from; {@link #scan} runs it to the end.
 */
public final class SkipScan {

    private SkipScan() {
    }

    /**
     * What one scan did. {@code seeks} counts the first seek too; re-seeks are {@code seeks - 1}. {@code candidates}
     * are the entries that passed {@code inMbr}.
     */
    public record Statistics(long seeks, long entriesRead, long candidates) {

        public long reseeks() {
            return Math.max(0, seeks - 1);
        }
    }

    public static <E> Statistics scan(CurveIndex<E> index, int order, GridRect cells, ToLongFunction<E> position,
            Predicate<E> inMbr, Consumer<E> candidates) {
        Stream<E> stream = new Stream<>(index, order, cells, position, inMbr);
        for (E candidate = stream.next(); candidate != null; candidate = stream.next()) {
            candidates.accept(candidate);
        }
        return stream.statistics();
    }

    /**
     * One skip-scan, pulled: each {@link #next} reads on from where the last one stopped. The candidate it returns
     * is the cursor's entry, valid until the next call (nothing is read ahead).
     */
    public static final class Stream<E> {

        private final CurveIndex<E> index;
        private final int order;
        private final GridRect cells;
        private final ToLongFunction<E> position;
        private final Predicate<E> inMbr;
        private final long lastPosition;
        private long nextSeek;
        private CurveIndex.LeafCursor<E> cursor;
        private boolean firstAfterSeek;
        private long seeks;
        private long read;
        private long found;

        public Stream(CurveIndex<E> index, int order, GridRect cells, ToLongFunction<E> position,
                Predicate<E> inMbr) {
            this.index = index;
            this.order = order;
            this.cells = cells;
            this.position = position;
            this.inMbr = inMbr;
            HilbertInterval span = HilbertRanges.span(order, cells);
            this.nextSeek = span.low();
            this.lastPosition = span.high();
        }

        /** The next candidate, or null once the scan is over. */
        public E next() {
            while (cursor != null || nextSeek != HilbertRanges.NO_MATCH) {
                if (cursor == null) {
                    cursor = index.seek(nextSeek, lastPosition);
                    seeks++;
                    nextSeek = HilbertRanges.NO_MATCH;
                    firstAfterSeek = true;
                }
                E candidate = advance();
                if (candidate != null) {
                    return candidate;
                }
                cursor = null;
            }
            return null;
        }

        /** Reads on in the current cursor: its next candidate, or null when it is done (maybe setting a re-seek). */
        private E advance() {
            while (cursor.hasNext()) {
                E entry = cursor.next();
                read++;
                boolean leavesAtPageStart = firstAfterSeek || cursor.atPageStart();
                firstAfterSeek = false;
                long at = position.applyAsLong(entry);
                GridCell cell = HilbertCurve.cell(order, at);
                if (cells.contains(cell.x(), cell.y())) {
                    if (inMbr.test(entry)) {
                        found++;
                        return entry;
                    }
                } else if (leavesAtPageStart) {
                    nextSeek = HilbertRanges.nextMatch(order, cells, at);
                    return null;
                }
            }
            return null;
        }

        public Statistics statistics() {
            return new Statistics(seeks, read, found);
        }
    }
}

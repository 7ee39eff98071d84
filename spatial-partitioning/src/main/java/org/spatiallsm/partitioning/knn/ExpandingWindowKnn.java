package org.spatiallsm.partitioning.knn;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Hit;

/**
 * The k nearest points of one partition of an index that answers window searches but has no tree of MBRs to browse:
 * the B-tree organisations (DHB, DHVB, the SHB-tree on points, SIF), whose window search already turns a window into
 * the organisation's own geometry (Hilbert ranges, cell ranges or tokens) and reconciles the LSM components. Every
 * window is a closed square centred on the query point, read through that search, which must return every live entry
 * whose point lies in it, each once.
 * <p>
 * <b>The plan.</b> The first window reaches {@link #firstReach} beyond the extent's nearest edge (zero when the query
 * point is inside it): a square expected to hold about {@code n} entries if the index's entries were spread evenly
 * over the extent, and never less than {@code 2^-16} of the extent's larger side (the whole reach when the index does
 * not know how many entries it holds). Each next window doubles that reach. A window holding at least
 * {@code n} entries gives {@code d}, the {@code n}-th smallest distance among them. If the window already contains the
 * square of half-side {@link #coverRadius}{@code (d)}, its entries are the answer; otherwise one final window, that
 * square, is read and its entries are. A window that would cover the extent is replaced by the whole plane (entries
 * outside the extent included), whose entries are the answer however few.
 * <p>
 * <b>Why the answer is exact.</b> The answer holds the {@code n} nearest live entries and every one tied with the
 * {@code n}-th distance (all of them if there are fewer), as {@link BestFirstKnn}'s does, so the partitions' answers
 * merge into the global one. Let the true {@code n}-th distance be {@code d*}. The window that stopped the expansion
 * holds {@code n} live entries at distance at most {@code d}, so {@code d* <= d}. Every entry at distance at most
 * {@code d} has {@code |x - qx| <= coverRadius(d)} and {@code |y - qy| <= coverRadius(d)} (the margin absorbs the
 * rounding of the distance, see {@link #coverRadius}), so it lies in the closed square of that half-side: the square
 * read last holds every entry at distance at most {@code d*}, hence the answer, ties included. A deleted or moved
 * entry is never returned because the window search returns live entries only: it applies the LSM rule to each key
 * (its newest version wins, anti-matter deletes), whatever component holds the older versions, and reads every
 * component. The extent is only a guess at where the entries are: it sets the windows' sizes, never the answer, since
 * the last window is a square wide enough or the whole plane.
 * <p>
 * Windows stay small where the data is dense; the number of windows is at most about 18 (from {@code 2^-16} of the
 * extent up to covering it), plus one final square; a first window sized from the entries saves most of the doublings
 * on sparse data. A window's entries are not kept, only its {@code n} nearest and their ties.
 */
public final class ExpandingWindowKnn {

    /**
     * The whole plane: the window that ends every search, and holds every entry. An entry with a NaN coordinate is at
     * a NaN distance, which sorts after every other (as {@code Double.compare} and AsterixDB's ORDER BY sort it).
     */
    public static final Rect WHOLE_PLANE = new Rect(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);

    /** The least first reach beyond the extent's nearest edge: the extent's larger side times 2^-16. */
    static final double LEAST_FIRST_REACH = 0x1p-16;

    /** An index's window search. */
    @FunctionalInterface
    public interface Windows<K> {
        /**
         * Offers every live entry whose point lies in the closed {@code window} to {@code sink}, each once; for
         * {@link #WHOLE_PLANE}, every live entry, those with a NaN coordinate too (which lie in no window).
         */
        void search(Rect window, Sink<K> sink) throws IOException;
    }

    /** Where a window search offers its entries. */
    @FunctionalInterface
    public interface Sink<K> {
        void entry(double x, double y, K key);
    }

    /** What one search did: the windows it read and the entries they returned. */
    public record Stats(int windows, long entriesRead) {
    }

    /** An answer, nearest first, and what it cost. */
    public record Result<K>(List<Hit<K>> hits, Stats stats) {
    }

    private ExpandingWindowKnn() {
    }

    /**
     * The {@code n} nearest live entries to ({@code x}, {@code y}) and those tied with the {@code n}-th (see the
     * class comment), nearest first; nothing for {@code n <= 0}, and no window read.
     *
     * @param extent  where the index's entries are expected: finite, with a positive side (an organisation's space)
     * @param entries about how many entries the index holds, for the first window's size; 0 if it does not know
     */
    public static <K> Result<K> nearest(Windows<K> windows, Rect extent, long entries, double x, double y, int n)
            throws IOException {
        double side = side(extent);
        if (!(side > 0) || !Double.isFinite(side)) {
            throw new IllegalArgumentException("the extent " + extent + " must be finite with a positive side");
        }
        Reader<K> reader = new Reader<>(windows, x, y, n);
        if (n <= 0) {
            return reader.result(new Nearest<>(n));
        }
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            return reader.result(reader.read(WHOLE_PLANE));
        }
        double gap = Math.max(0, max(extent.minX() - x, x - extent.maxX(), extent.minY() - y, y - extent.maxY()));
        double covering = max(Math.abs(x - extent.minX()), Math.abs(x - extent.maxX()), Math.abs(y - extent.minY()),
                Math.abs(y - extent.maxY()));
        for (double reach = firstReach(extent, entries, n);; reach *= 2) {
            double half = gap + reach;
            if (!(half < covering)) {
                return reader.result(reader.read(WHOLE_PLANE));
            }
            Nearest<K> found = reader.read(square(x, y, half));
            if (found.count >= n) {
                double cover = coverRadius(found.lastDistance());
                return reader.result(cover <= half ? found : reader.read(square(x, y, cover)));
            }
        }
    }

    /**
     * The first window's reach: the half-side {@code h} of a square that would hold {@code n} of {@code entries}
     * spread evenly over the extent ({@code entries * (2h)^2 / area = n}), and at least {@link #LEAST_FIRST_REACH} of
     * the extent's larger side, which is the reach for {@code entries <= 0} (not known). An extent with no area (a
     * segment) counts as the square on its larger side. The expansion stays exact whatever the estimate: it only
     * decides how many windows the search reads, and how many entries.
     */
    static double firstReach(Rect extent, long entries, int n) {
        double side = side(extent);
        double least = side * LEAST_FIRST_REACH;
        if (entries <= 0) {
            return least;
        }
        double area = (extent.maxX() - extent.minX()) * (extent.maxY() - extent.minY());
        double spread = Math.sqrt((area > 0 ? area : side * side) * n / entries) / 2;
        return Math.max(least, spread);
    }

    private static double side(Rect extent) {
        return Math.max(extent.maxX() - extent.minX(), extent.maxY() - extent.minY());
    }

    /**
     * A half-side {@code h} such that every point whose distance from the query point, computed as
     * {@link BestFirstKnn#distance}, is at most {@code d} lies in the closed square of half-side {@code h} around it,
     * as computed in doubles. The difference of two doubles is rounded by at most a relative 2^-53, and
     * {@code sqrt(pow(dx, 2) + pow(dy, 2))} is at least {@code |dx|} less a few ulps ({@code pow} is within 1 ulp,
     * the sum and the root are rounded to nearest), as long as {@code dx * dx} does not underflow, that is for
     * {@code |dx| >= 2^-499}; so a relative margin of 2^-40 and a floor of 2^-499 suffice. The square's bounds
     * {@code q - h} and {@code q + h} are rounded monotonically, so a point inside the exact square stays inside.
     */
    static double coverRadius(double distance) {
        return Math.max(distance * (1 + 0x1p-40), 0x1p-499);
    }

    static Rect square(double x, double y, double half) {
        return new Rect(x - half, y - half, x + half, y + half);
    }

    private static double max(double a, double b, double c, double d) {
        return Math.max(Math.max(a, b), Math.max(c, d));
    }

    /** Reads windows for one query and counts what they cost. */
    private static final class Reader<K> {
        private final Windows<K> windows;
        private final double x;
        private final double y;
        private final int n;
        private int windowsRead;
        private long entriesRead;

        Reader(Windows<K> windows, double x, double y, int n) {
            this.windows = windows;
            this.x = x;
            this.y = y;
            this.n = n;
        }

        Nearest<K> read(Rect window) throws IOException {
            Nearest<K> nearest = new Nearest<>(n);
            windowsRead++;
            windows.search(window, (px, py, key) -> {
                entriesRead++;
                nearest.add(BestFirstKnn.distance(px - x, py - y), key);
            });
            return nearest;
        }

        Result<K> result(Nearest<K> nearest) {
            return new Result<>(nearest.hits(), new Stats(windowsRead, entriesRead));
        }
    }

    /** The {@code n} nearest entries offered so far and every one tied with the {@code n}-th. */
    private static final class Nearest<K> {
        private final int n;
        private final TreeMap<Double, List<Hit<K>>> byDistance = new TreeMap<>();
        private int count;

        Nearest(int n) {
            this.n = n;
        }

        void add(double distance, K key) {
            if (count >= n && Double.compare(distance, byDistance.lastKey()) > 0) {
                return;
            }
            byDistance.computeIfAbsent(distance, d -> new ArrayList<>()).add(new Hit<>(distance, key));
            count++;
            // Drop the farthest distance while the nearer ones still hold n entries.
            while (count - byDistance.lastEntry().getValue().size() >= n) {
                count -= byDistance.pollLastEntry().getValue().size();
            }
        }

        /** The {@code n}-th distance once {@code n} entries are held. */
        double lastDistance() {
            return byDistance.lastKey();
        }

        List<Hit<K>> hits() {
            List<Hit<K>> hits = new ArrayList<>(count);
            for (Map.Entry<Double, List<Hit<K>>> atDistance : byDistance.entrySet()) {
                hits.addAll(atDistance.getValue());
            }
            return hits;
        }
    }
}

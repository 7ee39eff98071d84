package org.spatiallsm.partitioning.knn;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.PriorityQueue;

import org.spatiallsm.partitioning.pruning.Box;

/**
 * The k nearest entries of one partition of an LSM spatial index, searched best-first over all of its components at
 * once (distance browsing, Hjaltason and Samet, ACM TODS 24(2), 1999): one priority queue, keyed by a lower bound of
 * the distance, holds the components themselves (at their MBR's minimum distance), the tree nodes they open into and
 * their entries (at their exact distance). Whatever is nearest is taken next, so a component, or a node, is opened
 * only when nothing in the queue is nearer; once the answer is complete, every component still in the queue is
 * farther than the answer's last distance and is never opened.
 * <p>
 * <b>The answer</b> holds the {@code n} nearest live entries and every live entry tied with the {@code n}-th
 * distance (all live entries if there are fewer), nearest first. With the ties included, any ORDER BY on the
 * distance (and further keys) over the union of all partitions' answers, cut at {@code n}, equals the same ORDER BY
 * over all entries: an entry of the global answer is among the {@code n} nearest of its own partition, or tied with
 * the {@code n}-th of them.
 * <p>
 * <b>Anti-matter, and why the answer holds no deleted or superseded entry.</b> Components are given newest first.
 * A key (an entry's MBR and primary key) may have one version per component: matter, or anti-matter deleting older
 * versions. All versions of a key lie at the same point, so they have the same distance, and the queue hands them
 * out in one run of equal distances: when the first item of a larger distance (or nothing) is next, every entry at
 * the current distance has been taken, since every node that could still hold one has a lower bound no larger than
 * it and would have been taken first. Each run is reconciled as a whole: a key's newest version wins; the key is
 * live if that version is matter and no newer component {@linkplain Component#cancels cancels} it (a memory
 * component's deleted keys, which are kept apart from its tree and so never reach the queue). This is exactly the
 * LSM rule, applied to every key of the run, whatever component holds its older versions. A component never opened
 * cannot hide a newer version of a key in the answer: it would have to hold it at the key's own distance, below the
 * component's lower bound, and the component would have been opened first.
 * <p>
 * <b>Objects that are not points</b> (rectangles, polygons, ...) are indexed by their MBR, whose minimum distance
 * is only a lower bound of the object's. Such an entry is offered as a {@linkplain Frontier#candidate candidate} at
 * that bound; versions are reconciled there (all versions of a key have one MBR, hence one bound), and the newest
 * live version is {@linkplain Refinement refined} to its exact distance and queued again at it. An entry is an
 * answer only when it leaves the queue at its exact distance, so the search goes on until the answer's last exact
 * distance is no larger than the next lower bound in the queue: every entry not yet refined is at least that far.
 * A refinement below the candidate's bound (a bound that was not one) is queued at the bound, keeping the order.
 * A refinement may also find that a live entry is no answer (its record fails the query's other predicates): it is
 * dropped, and the search goes on to the next entries, so the answer holds the {@code n} nearest entries that are.
 * <p>
 * Lower bounds must never exceed the distance of anything beneath them; a node's bound is raised to its parent's
 * when smaller (a valid bound still), and a bound that is not a number is taken as zero, so a malformed MBR costs
 * reads, never answers.
 *
 * @param <K> an entry's key: equal keys are versions of one entry
 */
public final class BestFirstKnn<K> {

    /** One LSM component of the searched partition. */
    public interface Component<K> {

        /** A lower bound of the distance of every entry in the component: its MBR's {@link #minDistance}. */
        double lowerBound();

        /** Whether the component is on disk: only those count as opened or skipped. */
        boolean onDisk();

        /** Opens the component: offers its root node (or all its entries) to {@code frontier}. Called at most once. */
        void open(Frontier<K> frontier) throws IOException;

        /** Whether the component deletes {@code key} through something other than a queued anti-matter entry. */
        boolean cancels(K key) throws IOException;
    }

    /** A node of a component's tree, not yet read. */
    public interface Node<K> {
        /** Reads the node: offers its children (nodes or entries) to {@code frontier}. */
        void expand(Frontier<K> frontier) throws IOException;
    }

    /** Where a component or a node offers what it holds; items are tagged with the component that holds them. */
    public interface Frontier<K> {
        void node(double lowerBound, Node<K> node);

        void entry(double distance, K key, boolean antiMatter);

        /**
         * An entry whose exact distance is not known yet, only {@code lowerBound} (its MBR's minimum distance); the
         * search's {@link Refinement} gives the exact distance if the entry is live when its bound is reached. A
         * point's entry whose record must pass a predicate is a candidate at its exact distance.
         */
        void candidate(double lowerBound, K key, boolean antiMatter);
    }

    /** What a live candidate entry is: e.g. from its record. */
    @FunctionalInterface
    public interface Refinement<K> {
        /**
         * The entry's exact distance, at least {@code lowerBound} (the bound it was queued at); empty if the entry is
         * no answer.
         */
        OptionalDouble distance(K key, double lowerBound) throws IOException;
    }

    /** One entry of the answer. */
    public record Hit<K>(double distance, K key) {
    }

    /** What one search did: components opened and never opened, nodes read and entries taken from the queue. */
    public record Stats(int diskComponentsOpened, int diskComponentsSkipped, long nodesRead, long entriesVisited) {
    }

    /** An answer and what it cost. */
    public record Result<K>(List<Hit<K>> hits, Stats stats) {
    }

    private final List<? extends Component<K>> components;
    private final Refinement<K> refinement;
    private final PriorityQueue<Item<K>> queue = new PriorityQueue<>();
    private long sequence;
    private int diskOpened;
    private long nodesRead;
    private long entriesVisited;

    private BestFirstKnn(List<? extends Component<K>> components, Refinement<K> refinement) {
        this.components = components;
        this.refinement = refinement;
    }

    /**
     * The {@code n} nearest live entries of {@code newestFirst} and those tied with the {@code n}-th (see the class
     * comment); nothing for {@code n <= 0}, and no component opened. Its components offer no candidates.
     */
    public static <K> Result<K> nearest(List<? extends Component<K>> newestFirst, int n) throws IOException {
        return nearest(newestFirst, n, (key, lowerBound) -> {
            throw new IllegalStateException("a candidate entry, but no refinement for it: " + key);
        });
    }

    /** As {@link #nearest(List, int)}, where live candidates are refined by {@code refinement}. */
    public static <K> Result<K> nearest(List<? extends Component<K>> newestFirst, int n, Refinement<K> refinement)
            throws IOException {
        return new BestFirstKnn<K>(newestFirst, refinement).search(n);
    }

    /**
     * The minimum distance between {@code point} and {@code box}: zero inside, infinite for an empty box. Computed as
     * AsterixDB's {@code spatial_distance} computes a point's distance, so that for a box that is a point it is
     * exactly that distance.
     */
    public static double minDistance(Box box, double x, double y) {
        if (box.isEmpty()) {
            return Double.POSITIVE_INFINITY;
        }
        return distance(gap(x, box.min(0), box.max(0)), gap(y, box.min(1), box.max(1)));
    }

    /** AsterixDB's {@code spatial_distance} of two points {@code dx} and {@code dy} apart. */
    public static double distance(double dx, double dy) {
        return Math.sqrt(Math.pow(dx, 2) + Math.pow(dy, 2));
    }

    private static double gap(double value, double min, double max) {
        return Math.max(0, Math.max(min - value, value - max));
    }

    private Result<K> search(int n) throws IOException {
        List<Hit<K>> hits = new ArrayList<>();
        if (n > 0) {
            for (int i = 0; i < components.size(); i++) {
                offer(new Item<>(bound(components.get(i).lowerBound()), sequence++, i, components.get(i), null, null,
                        false, false));
            }
        }
        // The queue distance of the last hit: a candidate refined to it in that hit's run is queued there again, and
        // is tied with it.
        double lastHitAt = Double.NaN;
        while (!queue.isEmpty() && (hits.size() < n || Double.compare(queue.peek().distance, lastHitAt) == 0)) {
            double distance = queue.peek().distance;
            Map<K, Item<K>> newestVersions = new LinkedHashMap<>();
            while (!queue.isEmpty() && Double.compare(queue.peek().distance, distance) == 0) {
                Item<K> item = queue.poll();
                if (item.component != null) {
                    open(item);
                } else if (item.node != null) {
                    nodesRead++;
                    item.node.expand(new TaggedFrontier(item.componentIndex, item.distance));
                } else if (item.refined) {
                    hits.add(new Hit<>(item.exact, item.key));
                    lastHitAt = distance;
                } else {
                    entriesVisited++;
                    newestVersions.merge(item.key, item, (old, added) -> added.componentIndex < old.componentIndex
                            ? added : old);
                }
            }
            for (Item<K> newest : newestVersions.values()) {
                if (newest.antiMatter || cancelledByNewer(newest)) {
                    continue;
                }
                if (newest.candidate) {
                    // At its exact distance, not below this run's: it leaves the queue in this run or a later one.
                    OptionalDouble refined = refinement.distance(newest.key, newest.distance);
                    if (refined.isEmpty()) {
                        continue;
                    }
                    double exact = refined.getAsDouble();
                    offer(new Item<>(Math.max(newest.distance, exact), exact, sequence++, newest.componentIndex, null,
                            null, newest.key, false, false, true));
                } else {
                    hits.add(new Hit<>(newest.distance, newest.key));
                    lastHitAt = distance;
                }
            }
        }
        int disk = (int) components.stream().filter(Component::onDisk).count();
        return new Result<>(hits, new Stats(diskOpened, disk - diskOpened, nodesRead, entriesVisited));
    }

    private void open(Item<K> item) throws IOException {
        if (item.component.onDisk()) {
            diskOpened++;
        }
        item.component.open(new TaggedFrontier(item.componentIndex, item.distance));
    }

    private boolean cancelledByNewer(Item<K> version) throws IOException {
        for (int i = 0; i < version.componentIndex; i++) {
            if (components.get(i).cancels(version.key)) {
                return true;
            }
        }
        return false;
    }

    private void offer(Item<K> item) {
        queue.add(item);
    }

    private static double bound(double lowerBound) {
        return Double.isNaN(lowerBound) ? 0 : lowerBound;
    }

    private final class TaggedFrontier implements Frontier<K> {
        private final int componentIndex;
        private final double parentBound;

        TaggedFrontier(int componentIndex, double parentBound) {
            this.componentIndex = componentIndex;
            this.parentBound = parentBound;
        }

        @Override
        public void node(double lowerBound, Node<K> node) {
            offer(new Item<>(Math.max(parentBound, bound(lowerBound)), sequence++, componentIndex, null, node, null,
                    false, false));
        }

        @Override
        public void entry(double distance, K key, boolean antiMatter) {
            offer(new Item<>(distance, sequence++, componentIndex, null, null, key, antiMatter, false));
        }

        @Override
        public void candidate(double lowerBound, K key, boolean antiMatter) {
            offer(new Item<>(bound(lowerBound), sequence++, componentIndex, null, null, key, antiMatter, true));
        }
    }

    /**
     * A component, a node or an entry in the queue, at {@code distance}; an entry is exact, a candidate (at a lower
     * bound), or refined (a live candidate queued again at its {@code exact} distance, already reconciled). At equal
     * distances, first offered is first taken, which keeps answers deterministic; a run of equal distances is
     * reconciled as a whole, so the order within it does not change which entries are live.
     */
    @SuppressWarnings("squid:S00107") // one record for every kind of item keeps the queue's order in one place
    private record Item<K>(double distance, double exact, long sequence, int componentIndex, Component<K> component,
            Node<K> node, K key, boolean antiMatter, boolean candidate, boolean refined)
            implements Comparable<Item<K>> {

        Item(double distance, long sequence, int componentIndex, Component<K> component, Node<K> node, K key,
                boolean antiMatter, boolean candidate) {
            this(distance, distance, sequence, componentIndex, component, node, key, antiMatter, candidate, false);
        }

        @Override
        public int compareTo(Item<K> other) {
            int byDistance = Double.compare(distance, other.distance);
            return byDistance != 0 ? byDistance : Long.compare(sequence, other.sequence);
        }
    }
}

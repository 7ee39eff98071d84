package org.spatiallsm.partitioning.knn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Component;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Frontier;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Hit;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Refinement;
import org.spatiallsm.partitioning.pruning.Box;

/**
 * Objects that are not points: discs, indexed by their MBR (a square), whose exact distance to the query point (0,0)
 * is the distance to the disc (0 inside), known only by refinement.
 */
class BestFirstKnnRefinementTest {

    /** A disc version: a key "id@x,y,r" (equal keys are one object), and whether it is anti-matter. */
    private record Disc(String id, double x, double y, double r, boolean antiMatter) {
        String key() {
            return id + "@" + x + "," + y + "," + r;
        }

        Box mbr() {
            return Box.of(new double[] { x - r, y - r }, new double[] { x + r, y + r });
        }

        double exact() {
            return Math.max(0, BestFirstKnn.distance(x, y) - r);
        }
    }

    private static Disc put(String id, double x, double y, double r) {
        return new Disc(id, x, y, r, false);
    }

    private static Disc delete(String id, double x, double y, double r) {
        return new Disc(id, x, y, r, true);
    }

    /** A disk component: a tree of fan-out 2 over its discs, which it offers as candidates at their MBR's distance. */
    private record Discs(List<Disc> discs) implements Component<String> {

        @Override
        public double lowerBound() {
            return BestFirstKnn.minDistance(mbr(discs), 0, 0);
        }

        @Override
        public boolean onDisk() {
            return true;
        }

        @Override
        public void open(Frontier<String> frontier) {
            offer(discs, frontier);
        }

        private static void offer(List<Disc> part, Frontier<String> frontier) {
            if (part.size() == 1) {
                Disc d = part.get(0);
                frontier.candidate(BestFirstKnn.minDistance(d.mbr(), 0, 0), d.key(), d.antiMatter());
            } else if (!part.isEmpty()) {
                for (List<Disc> half : List.of(part.subList(0, part.size() / 2),
                        part.subList(part.size() / 2, part.size()))) {
                    frontier.node(BestFirstKnn.minDistance(mbr(half), 0, 0), f -> offer(half, f));
                }
            }
        }

        @Override
        public boolean cancels(String key) {
            return false;
        }
    }

    private static Box mbr(List<Disc> discs) {
        Box box = Box.empty(2);
        for (Disc d : discs) {
            box = box.union(d.mbr());
        }
        return box;
    }

    /**
     * The live records' exact distances (null for one whose record fails the query's predicate); refining anything
     * else (a deleted record) fails the test.
     */
    private static final class Records implements Refinement<String> {
        private final Map<String, Double> exact = new HashMap<>();
        private final List<String> refined = new ArrayList<>();

        Records(Disc... live) {
            for (Disc d : live) {
                exact.put(d.key(), d.exact());
            }
        }

        @Override
        public OptionalDouble distance(String key, double lowerBound) {
            assertThat(exact).as("only a live record is refined").containsKey(key);
            refined.add(key);
            Double distance = exact.get(key);
            if (distance == null) {
                return OptionalDouble.empty(); // the record fails the query's other predicates
            }
            assertThat(distance).as("the bound is one").isGreaterThanOrEqualTo(lowerBound);
            return OptionalDouble.of(distance);
        }
    }

    private static List<String> keys(List<Hit<String>> hits) {
        return hits.stream().map(Hit::key).toList();
    }

    @Test
    void aDiscWhoseMbrIsNearerButWhichIsFartherComesAfter() throws IOException {
        // The disc at (3,3), radius 2: its MBR is sqrt(2) away, the disc itself 3 sqrt(2) - 2 (about 2.24).
        Disc disc = put("disc", 3, 3, 2);
        Disc dot = put("dot", 2, 0, 0);
        Records records = new Records(disc, dot);
        List<Hit<String>> hits = BestFirstKnn.nearest(List.of(new Discs(List.of(disc, dot))), 1, records).hits();
        assertThat(hits).containsExactly(new Hit<>(2.0, dot.key()));
        assertThat(records.refined).as("the disc's bound came first").containsExactly(disc.key(), dot.key());
    }

    @Test
    void theQueryPointInsideADiscIsAtDistanceZero() throws IOException {
        Disc around = put("around", 1, 1, 3);
        assertThat(BestFirstKnn.nearest(List.of(new Discs(List.of(put("dot", 0.5, 0, 0), around))), 1,
                new Records(around, put("dot", 0.5, 0, 0))).hits()).containsExactly(new Hit<>(0.0, around.key()));
    }

    @Test
    void aCandidateRefinedToTheLastDistanceIsTiedWithIt() throws IOException {
        // Both at exactly 5: the disc around (6,8) of radius 5 (its MBR sqrt(10) away), the dot at (3,4).
        Disc disc = put("disc", 6, 8, 5);
        Disc dot = put("dot", 3, 4, 0);
        Disc far = put("far", 9, 0, 1);
        assertThat(keys(BestFirstKnn.nearest(List.of(new Discs(List.of(far, dot, disc))), 1,
                new Records(disc, dot, far)).hits())).containsExactly(disc.key(), dot.key());
        // A bound equal to the exact distance, met by an exact entry in the same run.
        Disc above = put("above", 0, 6, 1);
        Component<String> exactDot = new Component<>() {
            @Override
            public double lowerBound() {
                return 5;
            }

            @Override
            public boolean onDisk() {
                return true;
            }

            @Override
            public void open(Frontier<String> frontier) {
                frontier.entry(5, dot.key(), false);
            }

            @Override
            public boolean cancels(String key) {
                return false;
            }
        };
        assertThat(keys(BestFirstKnn.nearest(List.of(exactDot, new Discs(List.of(above))), 1,
                new Records(above, dot)).hits())).containsExactlyInAnyOrder(dot.key(), above.key());
    }

    @Test
    void aRefinementThatRejectsAnEntryLetsTheSearchGoOn() throws IOException {
        Disc near = put("near", 1, 0, 0);
        Disc next = put("next", 2, 0, 0);
        Disc tied = put("tied", 0, 2, 0);
        Disc far = put("far", 3, 0, 0);
        Records records = new Records(near, next, tied, far);
        records.exact.put(near.key(), null); // its record fails the query's predicate
        List<Hit<String>> hits = BestFirstKnn.nearest(List.of(new Discs(List.of(far, near, next, tied))), 1,
                records).hits();
        assertThat(keys(hits)).containsExactlyInAnyOrder(next.key(), tied.key());
        assertThat(records.refined).as("nothing beyond the answer").doesNotContain(far.key());
    }

    @Test
    void aDeletedDiscIsNeverRefined() throws IOException {
        Disc moved = put("a", 1, 1, 0.5);
        Disc kept = put("b", 4, 0, 1);
        Records records = new Records(put("a", 6, 6, 0.5), kept);
        List<Hit<String>> hits = BestFirstKnn.nearest(List.of(new Discs(List.of(delete("a", 1, 1, 0.5),
                put("a", 6, 6, 0.5))), new Discs(List.of(moved, kept))), 1, records).hits();
        assertThat(keys(hits)).containsExactly(kept.key());
        assertThat(records.refined).containsExactly(kept.key());
    }

    /** Random histories of discs over several components, against every live disc's exact distance. */
    @Test
    void randomHistoriesAgreeWithTheExactDistances() throws IOException {
        Random random = new Random(2801);
        for (int round = 0; round < 300; round++) {
            List<Component<String>> newestFirst = new ArrayList<>();
            Map<String, Disc> live = new HashMap<>();
            for (int layer = random.nextInt(4); layer >= 0; layer--) {
                List<Disc> written = new ArrayList<>();
                Set<String> touched = new HashSet<>();
                for (int op = random.nextInt(12); op > 0; op--) {
                    String id = "r" + random.nextInt(12);
                    if (!touched.add(id)) {
                        continue; // one version of a key per component
                    }
                    Disc old = live.remove(id);
                    if (old != null) {
                        written.add(delete(id, old.x(), old.y(), old.r()));
                    }
                    if (random.nextInt(4) > 0) {
                        // Integer centres and radii in halves: ties and nested discs.
                        Disc added = put(id, random.nextInt(13) - 6, random.nextInt(13) - 6, random.nextInt(5) / 2.0);
                        if (old != null && old.key().equals(added.key())) {
                            written.remove(written.size() - 1); // unchanged: no new version
                        } else {
                            written.add(added);
                        }
                        live.put(id, added);
                    }
                }
                newestFirst.add(0, new Discs(written));
            }
            int n = random.nextInt(6);
            Records records = new Records(live.values().toArray(Disc[]::new));
            List<Hit<String>> hits = BestFirstKnn.nearest(newestFirst, n, records).hits();
            assertThat(hits).as("round %d", round).containsExactlyInAnyOrderElementsOf(expected(live, n))
                    .isSortedAccordingTo(Comparator.comparingDouble(Hit::distance));
            assertThat(records.refined).as("round %d: each at most once", round).doesNotHaveDuplicates();
        }
    }

    private static List<Hit<String>> expected(Map<String, Disc> live, int n) {
        List<Hit<String>> all = live.values().stream().map(d -> new Hit<>(d.exact(), d.key()))
                .sorted(Comparator.comparingDouble(Hit::distance)).toList();
        if (n == 0 || all.isEmpty()) {
            return List.of();
        }
        double last = all.get(Math.min(n, all.size()) - 1).distance();
        return all.stream().filter(h -> h.distance() <= last).toList();
    }
}

package org.spatiallsm.partitioning.knn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Component;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Frontier;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Hit;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Result;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Stats;
import org.spatiallsm.partitioning.pruning.Box;

class BestFirstKnnTest {

    /** An entry: a key ("id@x,y", so that equal keys lie at equal points) and whether it is anti-matter. */
    private record Entry(String id, double x, double y, boolean antiMatter) {
        String key() {
            return id + "@" + x + "," + y;
        }
    }

    private static Entry put(String id, double x, double y) {
        return new Entry(id, x, y, false);
    }

    private static Entry delete(String id, double x, double y) {
        return new Entry(id, x, y, true);
    }

    /**
     * A component whose tree has a fan-out of 2 over its entries in the given order: every node offers its two halves
     * at their MBR's minimum distance, so the search walks real levels.
     */
    private static final class TreeComponent implements Component<String> {
        private final List<Entry> entries;
        private final boolean disk;
        private final Set<String> deletedKeys;
        private final double qx;
        private final double qy;
        private boolean opened;

        TreeComponent(boolean disk, Set<String> deletedKeys, double qx, double qy, List<Entry> entries) {
            this.entries = entries;
            this.disk = disk;
            this.deletedKeys = deletedKeys;
            this.qx = qx;
            this.qy = qy;
        }

        @Override
        public double lowerBound() {
            return BestFirstKnn.minDistance(mbr(entries), qx, qy);
        }

        @Override
        public boolean onDisk() {
            return disk;
        }

        @Override
        public void open(Frontier<String> frontier) {
            assertThat(opened).as("opened once").isFalse();
            opened = true;
            offer(entries, frontier);
        }

        private void offer(List<Entry> part, Frontier<String> frontier) {
            if (part.isEmpty()) {
                return;
            }
            if (part.size() == 1) {
                Entry e = part.get(0);
                frontier.entry(BestFirstKnn.distance(e.x - qx, e.y - qy), e.key(), e.antiMatter);
                return;
            }
            for (List<Entry> half : List.of(part.subList(0, part.size() / 2), part.subList(part.size() / 2,
                    part.size()))) {
                frontier.node(BestFirstKnn.minDistance(mbr(half), qx, qy), f -> offer(half, f));
            }
        }

        @Override
        public boolean cancels(String key) {
            return deletedKeys.contains(key);
        }
    }

    private static Box mbr(List<Entry> entries) {
        Box box = Box.empty(2);
        for (Entry e : entries) {
            box = box.union(Box.of(new double[] { e.x, e.y }, new double[] { e.x, e.y }));
        }
        return box;
    }

    private static TreeComponent disk(Entry... entries) {
        return new TreeComponent(true, Set.of(), 0, 0, List.of(entries));
    }

    private static TreeComponent memory(Set<String> deletedKeys, Entry... entries) {
        return new TreeComponent(false, deletedKeys, 0, 0, List.of(entries));
    }

    private static List<String> keys(Result<String> result) {
        return result.hits().stream().map(Hit::key).toList();
    }

    @Test
    void theNearestFirstWithTheirExactDistances() throws IOException {
        Result<String> result = BestFirstKnn.nearest(List.of(disk(put("a", 3, 4), put("b", 1, 0), put("c", 0, 2),
                put("d", 6, 8))), 3);
        assertThat(result.hits()).containsExactly(new Hit<>(1.0, "b@1.0,0.0"), new Hit<>(2.0, "c@0.0,2.0"),
                new Hit<>(5.0, "a@3.0,4.0"));
    }

    @Test
    void everyEntryTiedWithTheLastDistanceIsInTheAnswer() throws IOException {
        Result<String> result = BestFirstKnn.nearest(List.of(disk(put("a", 1, 0), put("b", 0, 2), put("c", -2, 0),
                put("d", 0, -2), put("e", 3, 0))), 2);
        assertThat(keys(result)).containsExactly("a@1.0,0.0", "b@0.0,2.0", "c@-2.0,0.0", "d@0.0,-2.0");
    }

    @Test
    void duplicatePointsAreDistinctEntries() throws IOException {
        Result<String> result = BestFirstKnn.nearest(List.of(disk(put("a", 1, 1), put("b", 1, 1), put("c", 5, 5))),
                1);
        assertThat(keys(result)).containsExactly("a@1.0,1.0", "b@1.0,1.0");
    }

    @Test
    void nothingToFindInNoComponentsOrEmptyOnes() throws IOException {
        assertThat(BestFirstKnn.nearest(List.<TreeComponent>of(), 5).hits()).isEmpty();
        TreeComponent empty = disk();
        Result<String> result = BestFirstKnn.nearest(List.of(empty), 5);
        assertThat(result.hits()).isEmpty();
        assertThat(empty.opened).as("an empty component's MBR is infinitely far, but it is the only one left")
                .isTrue();
        assertThat(result.stats()).isEqualTo(new Stats(1, 0, 0, 0));
    }

    @Test
    void moreWantedThanThereAreGivesAllLiveEntries() throws IOException {
        Result<String> result = BestFirstKnn.nearest(List.of(disk(delete("b", 1, 0)), disk(put("a", 2, 0),
                put("b", 1, 0))), 10);
        assertThat(keys(result)).containsExactly("a@2.0,0.0");
    }

    @Test
    void zeroWantedOpensNothing() throws IOException {
        TreeComponent component = disk(put("a", 1, 1));
        Result<String> result = BestFirstKnn.nearest(List.of(component), 0);
        assertThat(result.hits()).isEmpty();
        assertThat(component.opened).isFalse();
        assertThat(result.stats()).isEqualTo(new Stats(0, 1, 0, 0));
    }

    @Test
    void aNewerAntiMatterEntryDeletesTheOlderVersionAndAMovedRecordIsFoundOnlyAtItsNewPoint() throws IOException {
        // Newest first: "a" moved from (1,0) to (9,0); "b" deleted; "c" untouched.
        TreeComponent newest = disk(delete("a", 1, 0), put("a", 9, 0), delete("b", 2, 0));
        TreeComponent oldest = disk(put("a", 1, 0), put("b", 2, 0), put("c", 3, 0));
        assertThat(keys(BestFirstKnn.nearest(List.of(newest, oldest), 2))).containsExactly("c@3.0,0.0",
                "a@9.0,0.0");
    }

    @Test
    void anOlderAntiMatterEntryDoesNotDeleteANewerReinsert() throws IOException {
        TreeComponent newest = disk(put("a", 1, 0));
        TreeComponent older = disk(delete("a", 1, 0));
        TreeComponent oldest = disk(put("a", 1, 0));
        assertThat(keys(BestFirstKnn.nearest(List.of(newest, older, oldest), 1))).containsExactly("a@1.0,0.0");
    }

    @Test
    void aMemoryComponentsDeletedKeysCancelOlderVersionsButNotItsOwnReinsert() throws IOException {
        // The memory component deleted "a" and "b", then inserted "b" again: its tree holds "b" only.
        TreeComponent memory = memory(Set.of("a@1.0,0.0", "b@2.0,0.0"), put("b", 2, 0));
        TreeComponent disk = disk(put("a", 1, 0), put("b", 2, 0), put("c", 3, 0));
        assertThat(BestFirstKnn.nearest(List.of(memory, disk), 2).hits()).containsExactly(
                new Hit<>(2.0, "b@2.0,0.0"), new Hit<>(3.0, "c@3.0,0.0"));
    }

    @Test
    void aDiskComponentFartherThanTheAnswerIsNeverOpened() throws IOException {
        TreeComponent near = disk(put("a", 1, 0), put("b", 0, 1));
        TreeComponent far = disk(put("c", 10, 10), put("d", 20, 20));
        TreeComponent touching = disk(put("e", 1, 0));
        Result<String> result = BestFirstKnn.nearest(List.of(far, near, touching), 2);
        assertThat(keys(result)).as("all at distance 1").containsExactlyInAnyOrder("a@1.0,0.0", "b@0.0,1.0",
                "e@1.0,0.0");
        assertThat(far.opened).isFalse();
        assertThat(result.stats().diskComponentsOpened()).isEqualTo(2);
        assertThat(result.stats().diskComponentsSkipped()).isEqualTo(1);
        assertThat(result.stats().entriesVisited()).isEqualTo(3);
    }

    @Test
    void aNodeBoundThatIsNotANumberIsSearchedNotLost() throws IOException {
        Component<String> malformed = new Component<>() {
            @Override
            public double lowerBound() {
                return Double.NaN;
            }

            @Override
            public boolean onDisk() {
                return true;
            }

            @Override
            public void open(Frontier<String> frontier) {
                frontier.node(Double.NaN, f -> f.entry(1, "a", false));
            }

            @Override
            public boolean cancels(String key) {
                return false;
            }
        };
        assertThat(keys(BestFirstKnn.nearest(List.of(disk(put("b", 2, 0)), malformed), 1))).containsExactly("a");
    }

    @Test
    void minDistanceIsZeroInsideAndAxisOrEuclideanOutside() {
        Box box = Box.of(new double[] { 0, 0 }, new double[] { 2, 1 });
        assertThat(BestFirstKnn.minDistance(box, 1, 0.5)).isZero();
        assertThat(BestFirstKnn.minDistance(box, 2, 1)).as("on the corner").isZero();
        assertThat(BestFirstKnn.minDistance(box, 5, 0.5)).isEqualTo(3.0);
        assertThat(BestFirstKnn.minDistance(box, -3, 5)).isEqualTo(5.0);
        assertThat(BestFirstKnn.minDistance(Box.empty(2), 0, 0)).isInfinite();
    }

    /** Random histories of inserts, moves and deletes over flushes, against the LSM rule applied to every key. */
    @Test
    void randomHistoriesAgreeWithReconcilingEverything() throws IOException {
        Random random = new Random(28);
        for (int round = 0; round < 300; round++) {
            double qx = random.nextInt(11);
            double qy = random.nextInt(11);
            List<List<Entry>> diskLayers = new ArrayList<>();
            Map<String, double[]> live = new HashMap<>();
            int layers = random.nextInt(5);
            for (int layer = 0; layer <= layers; layer++) {
                List<Entry> written = new ArrayList<>();
                Set<String> touched = new HashSet<>();
                for (int op = 0; op < random.nextInt(12); op++) {
                    String id = "r" + random.nextInt(15);
                    if (!touched.add(id)) {
                        continue; // one version of a key per component
                    }
                    double[] old = live.remove(id);
                    if (old != null) {
                        written.add(delete(id, old[0], old[1]));
                    }
                    if (random.nextInt(4) > 0) {
                        // Small integer grid: many ties and duplicate points.
                        double[] point = { random.nextInt(11), random.nextInt(11) };
                        if (old == null || point[0] != old[0] || point[1] != old[1]) {
                            written.add(put(id, point[0], point[1]));
                        } else {
                            written.remove(written.size() - 1);
                        }
                        live.put(id, point);
                    }
                }
                diskLayers.add(0, written);
            }
            List<TreeComponent> components = new ArrayList<>();
            for (List<Entry> layer : diskLayers) {
                components.add(new TreeComponent(true, Set.of(), qx, qy, layer));
            }
            int n = random.nextInt(8);
            List<Hit<String>> expected = expected(live, qx, qy, n);
            assertThat(BestFirstKnn.nearest(components, n).hits()).as("round %d", round)
                    .containsExactlyInAnyOrderElementsOf(expected)
                    .isSortedAccordingTo(Comparator.comparingDouble(Hit::distance));
        }
    }

    private static List<Hit<String>> expected(Map<String, double[]> live, double qx, double qy, int n) {
        List<Hit<String>> all = live.entrySet().stream().map(e -> new Hit<>(
                BestFirstKnn.distance(e.getValue()[0] - qx, e.getValue()[1] - qy),
                put(e.getKey(), e.getValue()[0], e.getValue()[1]).key()))
                .sorted(Comparator.comparingDouble(Hit::distance)).toList();
        if (n == 0 || all.isEmpty()) {
            return List.of();
        }
        double last = all.get(Math.min(n, all.size()) - 1).distance();
        return all.stream().filter(h -> h.distance() <= last).toList();
    }
}

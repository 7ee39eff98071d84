package org.spatiallsm.partitioning.leveled;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.partitioning.leveled.LevelKeys.Component;
import org.spatiallsm.partitioning.leveled.LevelKeys.Entry;

class LevelKeysTest {

    private static Entry matter(String key) {
        return new Entry(key, false);
    }

    private static Entry antiMatter(String key) {
        return new Entry(key, true);
    }

    @Test
    void aPartitionAsTheEngineLeavesItBreaksNothing() {
        // Level 0 holds a key's versions in several flushes; each deeper level holds a key once, and levels may
        // repeat each other's keys (the shallower version wins).
        List<Component> partition = List.of(new Component("f2", 0, List.of(antiMatter("k1"), matter("k2"))),
                new Component("f1", 0, List.of(matter("k1"), matter("k2"))),
                new Component("a", 1, List.of(matter("k1"), antiMatter("k3"))),
                new Component("b", 1, List.of(matter("k2"))),
                new Component("c", 2, List.of(matter("k1"), matter("k3"))), new Component("d", 2, List.of()));
        assertThat(LevelKeys.violation("p0", partition)).isEmpty();
        assertThat(LevelKeys.violation("p0", List.of())).isEmpty();
    }

    @Test
    void aKeyInTwoComponentsOfOneLevelIsReported() {
        List<Component> partition = List.of(new Component("a", 1, List.of(matter("k1"), matter("k2"))),
                new Component("b", 1, List.of(matter("k3"), matter("k2"))));
        assertThat(LevelKeys.violation("p0", partition))
                .contains("p0: key k2 is twice in level 1, as matter in a and as matter in b");
    }

    @Test
    void aKeysMatterAndItsAntiMatterInOneLevelAreTwoOccurrences() {
        List<Component> partition = List.of(new Component("a", 2, List.of(antiMatter("k1"))),
                new Component("b", 2, List.of(matter("k1"))));
        assertThat(LevelKeys.violation("p0", partition))
                .contains("p0: key k1 is twice in level 2, as anti-matter in a and as matter in b");
    }

    @Test
    void aKeyTwiceInOneComponentOfALevelIsReported() {
        List<Component> partition = List.of(new Component("a", 1, List.of(matter("k1"), antiMatter("k1"))));
        assertThat(LevelKeys.violation("p0", partition))
                .contains("p0: key k1 is twice in level 1, as matter in a and as anti-matter in a");
    }

    @Test
    void levelZeroMayHoldAKeyInEveryFlush() {
        List<Component> partition = List.of(new Component("f2", 0, List.of(matter("k1"), antiMatter("k1"))),
                new Component("f1", 0, List.of(matter("k1"))));
        assertThat(LevelKeys.violation("p0", partition)).isEmpty();
    }
}

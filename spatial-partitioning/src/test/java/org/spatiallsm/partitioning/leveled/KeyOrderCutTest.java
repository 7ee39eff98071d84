package org.spatiallsm.partitioning.leveled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.partitioning.leveled.KeyOrderCut.Output;

class KeyOrderCutTest {

    private static final KeyRangeSpace<String> KEYS = new KeyRangeSpace<>(Comparator.naturalOrder());

    @Test
    void cutsEveryCapEntriesIntoDisjointRangesInKeyOrder() {
        KeyOrderCut<String> cut = new KeyOrderCut<>(KEYS, 3);
        List<Integer> routed = new ArrayList<>();
        for (String key : List.of("a", "b", "c", "d", "e", "f", "g")) {
            routed.add(cut.add(key));
        }

        assertThat(routed).containsExactly(0, 0, 0, 1, 1, 1, 2);
        assertThat(cut.outputs()).containsExactly(new Output<>(new KeyRange<>("a", "c"), 3),
                new Output<>(new KeyRange<>("d", "f"), 3), new Output<>(new KeyRange<>("g", "g"), 1));
    }

    @Test
    void anExactMultipleOfTheCapLeavesNoEmptyOutputAndAnEmptyStreamHasNone() {
        KeyOrderCut<String> cut = new KeyOrderCut<>(KEYS, 2);
        cut.add("k1");
        cut.add("k2");

        assertThat(cut.outputs()).containsExactly(new Output<>(new KeyRange<>("k1", "k2"), 2));
        assertThat(new KeyOrderCut<>(KEYS, 2).outputs()).isEmpty();
    }

    @Test
    void aKeyOutOfOrderOrRepeatedIsRefused() {
        KeyOrderCut<String> cut = new KeyOrderCut<>(KEYS, 10);
        cut.add("b");

        assertThatThrownBy(() -> cut.add("b")).hasMessage("merge stream out of key order at entry 1: b after b");
        assertThatThrownBy(() -> cut.add("a")).hasMessage("merge stream out of key order at entry 1: a after b");
        assertThatThrownBy(() -> new KeyOrderCut<>(KEYS, 0))
                .hasMessage("the output cap must be at least 1 entry, was 0");
    }

    @Test
    void aPointLookupMeetsAtMostOneOutputOfAMerge() {
        KeyRangeSpace<Long> keys = new KeyRangeSpace<>(Comparator.<Long>naturalOrder());
        KeyOrderCut<Long> cut = new KeyOrderCut<>(keys, 7);
        for (long key = 0; key < 100; key += 2) {
            cut.add(key);
        }

        for (long key = -1; key <= 100; key++) {
            long probe = key;
            long meeting = cut.outputs().stream().filter(o -> keys.meets(o.range(), KeySearch.point(probe))).count();
            assertThat(meeting).as("key %d", key).isLessThanOrEqualTo(1);
            if (key >= 0 && key < 100 && key % 2 == 0) {
                assertThat(meeting).as("key %d is stored", key).isEqualTo(1);
            }
        }
        assertThat(cut.outputs()).hasSize(8);
        assertThat(cut.outputs().stream().mapToLong(Output::entries).sum()).isEqualTo(50);
    }
}

package org.spatiallsm.asterixdb.rtree.leveled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ComponentIdsTest {

    @Test
    void idsAreRanksFromOldestToNewest() {
        List<String> names = List.of("10_10", "0_9_m13p0", "3_9_m12p4096", "9_9", "3_9_m12p4", "1_1");
        Map<String, Long> ids = ComponentIds.of(names);
        assertThat(ids).containsExactlyInAnyOrderEntriesOf(Map.of("1_1", 0L, "9_9", 1L, "3_9_m12p4", 2L,
                "3_9_m12p4096", 3L, "0_9_m13p0", 4L, "10_10", 5L));
    }

    @Test
    void outputsOfOneMergeNeverShareAnId() {
        // Outputs 4,096 apart shared an id when the output number had 12 bits; a COMPACT writes this many.
        List<String> names = new ArrayList<>();
        for (int output = 0; output < 5000; output++) {
            names.add(LeveledManifest.Name.output(0, 70, 3, output));
        }
        names.add("71_71");
        Map<String, Long> ids = ComponentIds.of(names);
        assertThat(new HashSet<>(ids.values())).hasSize(names.size());
        assertThat(ids.get("0_70_m3p0")).isEqualTo(0);
        assertThat(ids.get("0_70_m3p4096")).isEqualTo(4096);
        assertThat(ids.get("71_71")).isEqualTo(5000);
    }

    @Test
    void largeSequencesAndSerialsKeepTheirOrder() {
        // Sequence numbers past 2^31 and merge serials past 2^20 once overflowed into each other's bits.
        String older = LeveledManifest.Name.output(0, 1L << 33, (1L << 20) - 1, 0);
        String newer = LeveledManifest.Name.output(0, 1L << 33, 1L << 20, 0);
        String newest = (1L << 33) + 1 + "_" + ((1L << 33) + 1);
        assertThat(ComponentIds.of(List.of(newest, newer, older)))
                .containsExactlyInAnyOrderEntriesOf(Map.of(older, 0L, newer, 1L, newest, 2L));
    }

    @Test
    void aMergeNamingOneComponentTwiceIsRefused() {
        ComponentIds.requireDistinct(List.of("5_5", "0_4_m1p0", "0_4_m1p1"));
        assertThatThrownBy(() -> ComponentIds.requireDistinct(List.of("5_5", "0_4_m1p0", "5_5")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a leveled merge names component 5_5 twice among its 3 inputs; merge refused");
    }

    @Test
    void anythingButAComponentNameIsRefused() {
        assertThatThrownBy(() -> ComponentIds.of(List.of("1_1", ".leveled-manifest")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(".leveled-manifest is no component name");
    }
}

package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class OrphanFilesTest {

    @Test
    void everyListedFileAndItsPageMapIsOwned() {
        assertThat(OrphanFiles.of(List.of("0_1_b", "0_1_b.dic", "0_1_f", "2_2_b", "2_2_f", "3_5_m2p0", "3_5_m2p1"),
                Set.of("0_1_b", "0_1_f", "2_2_b", "2_2_f", "3_5_m2p0", "3_5_m2p1"))).isEmpty();
    }

    @Test
    void filesOfMergedAwayOrUnlistedComponentsAreReported() {
        // 0_0 and 1_1 were merged into 0_1; their files survived a crash.
        assertThat(OrphanFiles.of(List.of("0_0_b", "0_0_f", "1_1_b", "0_1_b", "0_1_f", "1_1_b.dic"),
                Set.of("0_1_b", "0_1_f"))).containsExactly("0_0_b", "0_0_f", "1_1_b", "1_1_b.dic");
    }

    @Test
    void anUncommittedLeveledOutputIsReportedThoughALiveComponentSharesItsRange() {
        // Merge 5 of 0_7_m3p0 with a deeper component crashed before its commit: its output spans 0..7 too.
        assertThat(OrphanFiles.of(List.of("0_7_m3p0", "0_7_m3p1", "0_7_m5p0", "8_8"),
                Set.of("0_7_m3p0", "0_7_m3p1", "8_8"))).containsExactly("0_7_m5p0");
    }

    @Test
    void theIndexsOwnFilesAreIgnoredButALeftOverMaskIsNot() {
        assertThat(OrphanFiles.of(List.of(".metadata", ".idx_checkpoint_3", ".idx_checkpoint_12",
                ".leveled-manifest", ".mask_0_1_b", "notes", "x.dic"), Set.of("0_1_b")))
                .containsExactly(".mask_0_1_b", "notes", "x.dic");
    }
}

package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.it.crash.OrphanFiles.Range;

class OrphanFilesTest {

    @Test
    void everyFileOfAListedComponentIsOwned() {
        assertThat(OrphanFiles.of(List.of("0_1_b", "0_1_b.dic", "0_1_f", "2_2_b", "2_2_f", "3_5", "3_5_p1"),
                List.of(new Range(0, 1), new Range(2, 2), new Range(3, 5)))).isEmpty();
    }

    @Test
    void filesOfMergedAwayOrUnlistedComponentsAreReported() {
        // 0_0 and 1_1 were merged into 0_1; their files survived a crash.
        assertThat(OrphanFiles.of(List.of("0_0_b", "0_0_f", "1_1_b", "0_1_b", "0_1_f", "2_3_p1"),
                List.of(new Range(0, 1)))).containsExactly("0_0_b", "0_0_f", "1_1_b", "2_3_p1");
    }

    @Test
    void asterixDbsOwnFilesAreIgnoredButALeftOverMaskIsNot() {
        assertThat(OrphanFiles.of(List.of(".metadata", ".idx_checkpoint_3", ".idx_checkpoint_12", ".mask_0_1_b",
                "notes"), List.of(new Range(0, 1)))).containsExactly(".mask_0_1_b", "notes");
    }

    @Test
    void aRangeMustMatchExactlyNotJustOverlap() {
        assertThat(OrphanFiles.of(List.of("0_10_b", "10_1_b", "1_0"), List.of(new Range(0, 1), new Range(1, 10))))
                .containsExactly("0_10_b", "10_1_b", "1_0");
    }
}

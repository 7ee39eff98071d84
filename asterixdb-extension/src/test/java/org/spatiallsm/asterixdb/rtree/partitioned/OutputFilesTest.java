package org.spatiallsm.asterixdb.rtree.partitioned;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class OutputFilesTest {

    @Test
    void outputZeroKeepsAsterixDbsNameAndTheOthersAddTheirNumber() {
        assertThat(OutputFiles.outputName("3_7", 0)).isEqualTo("3_7");
        assertThat(OutputFiles.outputName("3_7", 2)).isEqualTo("3_7_p2");
        assertThat(OutputFiles.output("3_7_p2")).isEqualTo(2);
        assertThat(OutputFiles.output("3_7")).isZero();
    }

    @Test
    void keepsEverySiblingOfAMergeNewestRangeFirstInOutputOrder() throws Exception {
        OutputFiles.Selection selection = OutputFiles.select(List.of("0_3_p1", "4_4", "0_3", "5_5", "0_3_p2"));

        assertThat(selection.newestFirst()).containsExactly("5_5", "4_4", "0_3", "0_3_p1", "0_3_p2");
        assertThat(selection.nested()).isEmpty();
    }

    @Test
    void dropsTheInputsAMergeLeftBehindWhateverTheirOutputCount() throws Exception {
        // 0_1 (two outputs) and 2_2 were merged into 0_2 (two outputs), whose inputs were not yet deleted.
        OutputFiles.Selection selection = OutputFiles.select(List.of("0_1", "0_1_p1", "2_2", "0_2", "0_2_p1", "3_3"));

        assertThat(selection.newestFirst()).containsExactly("3_3", "0_2", "0_2_p1");
        assertThat(selection.nested()).containsExactly("0_1", "0_1_p1", "2_2");
    }

    @Test
    void refusesRangesThatOverlapWithoutNesting() {
        assertThatThrownBy(() -> OutputFiles.select(List.of("0_2", "2_3_p1")))
                .isInstanceOf(OutputFiles.OverlappingRangesException.class).hasMessageContaining("0_2 and 2_3");
    }
}

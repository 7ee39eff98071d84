package org.spatiallsm.asterixdb.rtree.partitioned;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

class MergeSplitTest {

    @Test
    void cutsTheStreamIntoContiguousRunsOfNearlyEqualCounts() {
        MergeSplit split = new MergeSplit(7, 2);

        assertThat(LongStream.range(0, 7).mapToObj(split::outputOf)).containsExactly(0, 0, 0, 0, 1, 1, 1);
        assertThat(split.outputs()).isEqualTo(2);
    }

    @Test
    void neverWritesMoreOutputsThanEntriesNorFewerThanOne() {
        assertThat(new MergeSplit(1, 3).outputs()).isEqualTo(1);
        assertThat(new MergeSplit(0, 3).outputs()).isEqualTo(1);
        assertThat(new MergeSplit(2, 3).outputs()).isEqualTo(2);
    }

    @Test
    void anEntryBeyondTheCountStaysInTheLastOutput() {
        assertThat(new MergeSplit(4, 2).outputOf(9)).isEqualTo(1);
    }
}

package org.spatiallsm.merge.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import org.junit.jupiter.api.Test;

class TransientSpaceTest {

    @Test
    void aMergeOfEverythingDoublesTheSpaceAndTheNextFlushStepStartsAgain() {
        TransientSpace space = new TransientSpace();
        space.flush(100, 100);
        assertThat(space.largest()).isEqualTo(1.0);
        space.flush(200, 200);
        // Both flushes merged into 200: inputs and output on disk together.
        space.merge(400, 200);
        assertThat(space.ofLastFlush()).isEqualTo(2.0);
        space.flush(300, 300);

        assertThat(space.ofLastFlush()).isEqualTo(1.0);
        assertThat(space.largest()).isEqualTo(2.0);
    }

    @Test
    void aCascadeCountsItsLargestMergeNotTheirSum() {
        TransientSpace space = new TransientSpace();
        space.flush(400, 400);
        space.merge(500, 400);
        space.merge(450, 400);

        assertThat(space.ofLastFlush()).isEqualTo(1.25);
        assertThat(space.largest()).isEqualTo(1.25);
    }

    @Test
    void mergesThatDropEntriesLeaveLessThanWasFlushed() {
        // Updates: 300 flushed, a merge keeps 120 of 200; a later flush step holds 220 of 400 flushed.
        TransientSpace space = new TransientSpace();
        space.flush(300, 300);
        space.merge(420, 300);
        space.flush(220, 400);

        assertThat(space.ofLastFlush()).isEqualTo(0.55);
        assertThat(space.largest()).isEqualTo(1.4);
    }

    @Test
    void nothingFlushedHasNoRatio() {
        TransientSpace space = new TransientSpace();
        assertThat(space.largest()).isZero();
        assertThatIllegalStateException().isThrownBy(() -> space.merge(10, 0))
                .withMessage("no bytes flushed yet, 10 bytes on disk");
    }
}

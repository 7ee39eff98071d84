package org.spatiallsm.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import site.ycsb.Status;

class WriteBatchTest {

    private final List<List<String>> sent = new ArrayList<>();
    private final List<String> outcomes = new ArrayList<>();
    private boolean failing;

    private WriteBatch<String> batch(int size) {
        return new WriteBatch<>(size, writes -> {
            sent.add(writes);
            if (failing) {
                throw new IllegalStateException("refused");
            }
        }, new WriteBatch.Outcomes() {
            @Override
            public void stored(int writes, long micros) {
                outcomes.add("stored " + writes);
            }

            @Override
            public void lost(int writes, long micros, RuntimeException cause) {
                outcomes.add("lost " + writes + ": " + cause.getMessage());
            }
        });
    }

    @Test
    void anUnbatchedWriteRunsAtOnceAndReturnsItsRealStatus() {
        WriteBatch<String> batch = batch(1);
        assertThat(batch.add("a", e -> Status.ERROR)).isEqualTo(Status.OK);
        failing = true;
        assertThat(batch.add("b", e -> new Status("FAILED", e.getMessage()))).extracting(Status::getDescription)
                .isEqualTo("refused");

        assertThat(sent).containsExactly(List.of("a"), List.of("b"));
        assertThat(outcomes).isEmpty();
        assertThat(batch.flush()).isTrue();
    }

    @Test
    void heldWritesAreNeverOkAndTheirBatchReportsTheOutcomeOfEachOnce() {
        WriteBatch<String> batch = batch(3);
        assertThat(List.of(batch.add("a", e -> Status.ERROR), batch.add("b", e -> Status.ERROR),
                batch.add("c", e -> Status.ERROR), batch.add("d", e -> Status.ERROR))).containsOnly(Status.BATCHED_OK);
        assertThat(sent).containsExactly(List.of("a", "b", "c"));
        assertThat(outcomes).containsExactly("stored 3");

        assertThat(batch.flush()).isTrue();
        assertThat(batch.flush()).isTrue();
        assertThat(sent).containsExactly(List.of("a", "b", "c"), List.of("d"));
        assertThat(outcomes).containsExactly("stored 3", "stored 1");
    }

    @Test
    void aFailedBatchIsCountedAgainstItsOwnWritesAndNotSentAgain() {
        WriteBatch<String> batch = batch(3);
        failing = true;
        batch.add("a", e -> Status.ERROR);
        batch.add("b", e -> Status.ERROR);

        assertThat(batch.flush()).isFalse();
        failing = false;
        batch.add("c", e -> Status.ERROR);
        assertThat(batch.flush()).isTrue();

        assertThat(sent).containsExactly(List.of("a", "b"), List.of("c"));
        assertThat(outcomes).containsExactly("lost 2: refused", "stored 1");
    }
}

package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class AcknowledgedWritesTest {

    private final AcknowledgedWrites writes = new AcknowledgedWrites();

    AcknowledgedWritesTest() {
        writes.insertAcknowledged(List.of(1L, 2L, 3L, 4L));
        writes.insertAttempted(List.of(5L, 6L));
        writes.deleteAcknowledged(List.of(2L));
        writes.deleteAttempted(List.of(3L));
    }

    @Test
    void unacknowledgedWritesMayOrMayNotHaveHappened() {
        assertThat(writes.violations(List.of(1L, 4L))).isEmpty();
        assertThat(writes.violations(List.of(1L, 3L, 4L, 5L, 6L))).isEmpty();
        assertThat(writes.live()).containsExactly(1L, 4L);
    }

    @Test
    void eachKindOfLossOrInventionIsReported() {
        assertThat(writes.violations(List.of(2L, 4L, 7L, 4L))).containsExactly(
                "1 acknowledged inserts missing: [1]",
                "1 acknowledged deletes back: [2]",
                "1 records never inserted: [7]",
                "1 records found twice: [4]");
    }

    @Test
    void longListsAreCut() {
        AcknowledgedWrites many = new AcknowledgedWrites();
        many.insertAcknowledged(java.util.stream.LongStream.range(0, 12).boxed().toList());
        assertThat(many.violations(List.of())).containsExactly(
                "12 acknowledged inserts missing: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] ...");
        assertThat(many.acknowledgedInserts()).isEqualTo(12);
    }

    @Test
    void anAcknowledgedUpsertIsPresentAndMovedAnAttemptedOneMayBeEither() {
        writes.upsertAcknowledged(List.of(4L, 8L));
        writes.upsertAttempted(List.of(1L, 9L));
        assertThat(writes.live()).containsExactly(1L, 4L, 8L);
        assertThat(writes.violations(List.of(1L, 4L, 9L))).containsExactly("1 acknowledged inserts missing: [8]");
        assertThat(writes.upsertViolations(Set.of(1L), Set.of(4L, 8L, 9L))).isEmpty();
        assertThat(writes.upsertViolations(Set.of(9L), Set.of(1L, 4L, 8L))).isEmpty();
    }

    @Test
    void aRevertedUpsertAndAMoveWithoutUpsertAreReported() {
        writes.upsertAcknowledged(List.of(4L, 8L));
        assertThat(writes.upsertViolations(Set.of(1L, 4L, 8L), Set.of(8L, 5L))).containsExactly(
                "1 acknowledged upserts reverted: [4]",
                "1 records moved without an upsert: [5]");
    }
}

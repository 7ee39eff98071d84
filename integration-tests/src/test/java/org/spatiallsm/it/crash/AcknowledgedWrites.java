package org.spatiallsm.it.crash;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The client's record of what the cluster acknowledged: an insert, upsert or delete counts once its statement
 * returned success. A statement that failed or was cut by a crash may or may not have taken effect, so its records
 * are only "attempted": they may be present or absent (or moved) afterwards, but nothing else may.
 */
final class AcknowledgedWrites {

    private static final int SHOWN = 10;

    private final Set<Long> inserted = new HashSet<>();
    private final Set<Long> insertAttempted = new HashSet<>();
    private final Set<Long> deleted = new HashSet<>();
    private final Set<Long> deleteAttempted = new HashSet<>();
    private final Set<Long> upserted = new HashSet<>();
    private final Set<Long> upsertAttempted = new HashSet<>();

    void insertAttempted(Collection<Long> ids) {
        insertAttempted.addAll(ids);
    }

    void insertAcknowledged(Collection<Long> ids) {
        insertAttempted.addAll(ids);
        inserted.addAll(ids);
    }

    void deleteAttempted(Collection<Long> ids) {
        deleteAttempted.addAll(ids);
    }

    void deleteAcknowledged(Collection<Long> ids) {
        deleteAttempted.addAll(ids);
        deleted.addAll(ids);
    }

    void upsertAttempted(Collection<Long> ids) {
        upsertAttempted.addAll(ids);
    }

    void upsertAcknowledged(Collection<Long> ids) {
        upsertAttempted.addAll(ids);
        upserted.addAll(ids);
    }

    int acknowledgedInserts() {
        return inserted.size();
    }

    int acknowledgedDeletes() {
        return deleted.size();
    }

    /** Acknowledged inserts and upserts no delete was attempted on: they are certainly present. */
    List<Long> live() {
        return Stream.concat(inserted.stream(), upserted.stream()).distinct()
                .filter(id -> !deleteAttempted.contains(id)).sorted().toList();
    }

    /**
     * What is wrong with {@code found}, the ids of a full scan: an acknowledged insert missing, an acknowledged
     * delete back, an id never inserted, an id found twice. Empty when all is well.
     */
    List<String> violations(List<Long> found) {
        List<String> violations = new ArrayList<>();
        Set<Long> present = new HashSet<>();
        TreeSet<Long> twice = new TreeSet<>();
        for (long id : found) {
            if (!present.add(id)) {
                twice.add(id);
            }
        }
        report(violations, "acknowledged inserts missing", live().stream().filter(id -> !present.contains(id)));
        report(violations, "acknowledged deletes back", deleted.stream().filter(present::contains));
        report(violations, "records never inserted", present.stream()
                .filter(id -> !insertAttempted.contains(id) && !upsertAttempted.contains(id)));
        report(violations, "records found twice", twice.stream());
        return violations;
    }

    /**
     * What is wrong with where the records are: {@code atInserted} holds the ids of the records found at their
     * inserted location, {@code atMoved} those at the location an upsert moves them to (an id may be in both, when the
     * two coincide). An acknowledged upsert must not be reverted; no record may move without an upsert attempted.
     */
    List<String> upsertViolations(Set<Long> atInserted, Set<Long> atMoved) {
        List<String> violations = new ArrayList<>();
        report(violations, "acknowledged upserts reverted",
                upserted.stream().filter(id -> atInserted.contains(id) && !atMoved.contains(id)));
        report(violations, "records moved without an upsert",
                atMoved.stream().filter(id -> !atInserted.contains(id) && !upsertAttempted.contains(id)));
        return violations;
    }

    private static void report(List<String> violations, String what, Stream<Long> ids) {
        List<Long> sorted = ids.sorted().toList();
        if (!sorted.isEmpty()) {
            violations.add(sorted.size() + " " + what + ": " + sorted.subList(0, Math.min(SHOWN, sorted.size()))
                    + (sorted.size() > SHOWN ? " ..." : ""));
        }
    }
}

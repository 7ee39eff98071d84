package org.spatiallsm.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;

import org.junit.jupiter.api.Test;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

class RoundsWorkloadTest {

    /** Records the key number of every operation, in order, as 'i' (insert) or 'r' (read). */
    private static final class RecordingDb extends DB {
        final List<String> operations = new ArrayList<>();

        private static long keynum(String key) {
            return Long.parseLong(key.substring("user".length()));
        }

        @Override
        public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
            operations.add("r" + keynum(key));
            return Status.OK;
        }

        @Override
        public Status insert(String table, String key, Map<String, ByteIterator> values) {
            operations.add("i" + keynum(key));
            return Status.OK;
        }

        @Override
        public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                Vector<HashMap<String, ByteIterator>> result) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Status update(String table, String key, Map<String, ByteIterator> values) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Status delete(String table, String key) {
            throw new UnsupportedOperationException();
        }
    }

    private static RoundsWorkload workload(String inserts, String reads) throws WorkloadException {
        Properties p = new Properties();
        p.setProperty("recordcount", "10");
        p.setProperty("insertorder", "ordered");
        p.setProperty("rounds.inserts", inserts);
        p.setProperty("rounds.reads", reads);
        Measurements.setProperties(p); // as YCSB's Client does before it creates the workload
        RoundsWorkload workload = new RoundsWorkload();
        workload.init(p);
        return workload;
    }

    @Test
    void roundsInsertThenReadOnlyRecordsOfTheLoadAndEarlierRounds() throws WorkloadException {
        RoundsWorkload workload = workload("5", "40");
        RecordingDb db = new RecordingDb();
        for (int i = 0; i < 3 * 45; i++) {
            workload.doTransaction(db, null);
        }

        for (int round = 0; round < 3; round++) {
            List<String> ops = db.operations.subList(round * 45, (round + 1) * 45);
            long firstInsert = 10 + 5L * round;
            assertThat(ops.subList(0, 5)).containsExactly("i" + firstInsert, "i" + (firstInsert + 1), "i"
                    + (firstInsert + 2), "i" + (firstInsert + 3), "i" + (firstInsert + 4));
            // This round's inserts (keys >= firstInsert) may not be visible yet through the feed.
            assertThat(ops.subList(5, 45)).allSatisfy(op -> assertThat(op).startsWith("r")).allSatisfy(
                    op -> assertThat(Long.parseLong(op.substring(1))).isBetween(0L, firstInsert - 1));
        }
        // 40 uniform draws over 20 keys in the last round reach beyond the load phase's records.
        assertThat(db.operations.subList(95, 135)).anySatisfy(op -> assertThat(Long.parseLong(op.substring(1)))
                .isGreaterThanOrEqualTo(10));
    }

    @Test
    void aNegativeOrNonNumericRoundSizeIsRejectedWithItsName() {
        assertThatThrownBy(() -> workload("-1", "5")).isInstanceOf(WorkloadException.class).hasMessage(
                "rounds.inserts must be a whole number >= 0, got '-1'");
        assertThatThrownBy(() -> workload("5", "many")).isInstanceOf(WorkloadException.class).hasMessage(
                "rounds.reads must be a whole number >= 0, got 'many'");
    }
}

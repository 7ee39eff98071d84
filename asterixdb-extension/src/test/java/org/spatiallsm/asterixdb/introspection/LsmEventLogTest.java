package org.spatiallsm.asterixdb.introspection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.asterixdb.introspection.LsmEventFile.EventKey;
import org.spatiallsm.asterixdb.introspection.LsmEventLog.Lost;
import org.spatiallsm.introspection.IntrospectionJson;
import org.spatiallsm.introspection.MergeScheduled;

class LsmEventLogTest {

    /** Generous: the writer thread only has to write a few lines. */
    private static final long WAIT_MILLIS = 60_000;

    @TempDir
    Path dir;

    private static MergeScheduled event(String dataset, int datasetId, int n) {
        return LsmEventFileTest.event(new EventKey("Dv", dataset, datasetId), n);
    }

    private LsmEventLog log(Path file, int queueCapacity) {
        return new LsmEventLog(new LsmEventFile(file, 1 << 20, 2), queueCapacity);
    }

    @Test
    void writesEveryQueuedEventBeforeAwaitWrittenReturnsTrue() throws Exception {
        LsmEventLog log = log(dir.resolve("events.jsonl"), 10);
        log.startWriter();
        log.append(event("A", 1, 1));
        log.append(event("B", 2, 1));
        log.append(event("A", 1, 2));

        assertThat(log.awaitWritten(WAIT_MILLIS)).isTrue();
        assertThat(log.lines("Dv", "A", 1).lines()).containsExactly(
                IntrospectionJson.line(event("A", 1, 1)), IntrospectionJson.line(event("A", 1, 2)));
        assertThat(log.lost("Dv", "A", 1)).isEqualTo(Lost.NONE);
    }

    @Test
    void aFullQueueDropsNewEventsAndCountsThemForTheirDataset() throws Exception {
        LsmEventLog log = log(dir.resolve("events.jsonl"), 2);
        log.append(event("A", 1, 1));
        log.append(event("A", 1, 2));
        log.append(event("A", 1, 3));
        log.append(event("B", 2, 1));

        log.startWriter();
        assertThat(log.awaitWritten(WAIT_MILLIS)).as("some events were lost").isFalse();
        assertThat(log.lines("Dv", "A", 1).lines()).hasSize(2);
        assertThat(log.lost("Dv", "A", 1)).isEqualTo(new Lost(0, 1, 0));
        assertThat(log.lost("Dv", "B", 2)).isEqualTo(new Lost(0, 1, 0));
        assertThat(log.lost("Dv", "A", 5)).isEqualTo(Lost.NONE);
    }

    @Test
    void everyFailedWriteIsCountedNotJustTheFirstAndWritingResumesWhenTheFileCanBeWrittenAgain() throws Exception {
        Path blocked = dir.resolve("not-a-directory");
        Files.writeString(blocked, "a file where the log directory should be");
        LsmEventLog log = log(blocked.resolve("events.jsonl"), 10);
        log.startWriter();
        log.append(event("A", 1, 1));
        assertThat(log.awaitWritten(WAIT_MILLIS)).isFalse();
        log.append(event("A", 1, 2));
        log.append(event("B", 2, 1));
        assertThat(log.awaitWritten(WAIT_MILLIS)).isFalse();
        assertThat(log.lost("Dv", "A", 1)).isEqualTo(new Lost(0, 0, 2));
        assertThat(log.lost("Dv", "B", 2)).isEqualTo(new Lost(0, 0, 1));

        Files.delete(blocked);
        log.append(event("A", 1, 3));
        assertThat(log.awaitWritten(WAIT_MILLIS)).as("the earlier losses still count").isFalse();
        assertThat(log.lines("Dv", "A", 1).lines()).containsExactly(IntrospectionJson.line(event("A", 1, 3)));
        assertThat(log.lost("Dv", "A", null)).isEqualTo(new Lost(0, 0, 2));
    }

    @Test
    void awaitWrittenFailsWhenTheWriterDoesNotCatchUpInTime() {
        LsmEventLog log = log(dir.resolve("events.jsonl"), 10);
        log.append(event("A", 1, 1));
        log.append(event("A", 1, 2));

        // No writer runs: nothing can be written, whatever the wait.
        assertThat(catchThrowable(() -> log.awaitWritten(1))).isInstanceOf(LsmEventLog.WriterBehindException.class)
                .hasMessageContaining("2 event(s) behind after 1 ms");
    }

    @Test
    void eventsTheJournalCouldNotRecordCountForTheirDatasetAndUnplacedOnesForEveryDataset() throws IOException {
        LsmEventLog log = log(dir.resolve("events.jsonl"), 10);
        log.notRecorded(new EventKey("Dv", "A", 1), new IllegalStateException("injected"));
        log.notRecorded(new EventKey("", "", -1), new IllegalStateException("injected"));

        assertThat(log.lost("Dv", "A", 1)).isEqualTo(new Lost(2, 0, 0));
        assertThat(log.lost("Dv", "B", 2)).isEqualTo(new Lost(1, 0, 0));
        assertThat(log.lines("Dv", "A", 1).lines()).isEqualTo(List.of());
    }

    @Test
    void theReportOfMissingEventsSaysHowManyAndWhyInOneLine() {
        assertThat(IntrospectionJson.line(new Lost(1, 2, 3).report("nc1", false))).isEqualTo("{\"event\":\"lost\","
                + "\"node\":\"nc1\",\"notRecorded\":1,\"dropped\":2,\"notWritten\":3,\"olderLinesRotatedAway\":false,"
                + "\"message\":"
                + "\"node nc1 misses LSM events of this dataset: 6 lost (1 could not be recorded, 2 dropped with a "
                + "full queue, 3 failed to write; see the NC log)\"}");
        assertThat(Lost.NONE.report("nc1", true).message())
                .isEqualTo("node nc1 misses LSM events of this dataset: the oldest were in event files rotated away");
    }
}

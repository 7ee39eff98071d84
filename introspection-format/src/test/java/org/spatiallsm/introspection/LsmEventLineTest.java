package org.spatiallsm.introspection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The event lines as the nodes write them: every kind reads back and writes out as the very same text. */
class LsmEventLineTest {

    private static final String HEADER = "\"dataverse\":\"Bench\",\"dataset\":\"binomial\",\"index\":\"binomial\","
            + "\"partition\":0,\"datasetId\":101,\"flushCount\":2";
    private static final String NEWER = "{\"sequences\":[1,1],\"ids\":[2,2],\"bytes\":522462,\"tuples\":236,"
            + "\"merging\":false}";
    private static final String OLDER = "{\"sequences\":[0,0],\"ids\":[1,1],\"bytes\":525178,\"tuples\":239,"
            + "\"merging\":false}";
    private static final String MERGED = "{\"sequences\":[0,1],\"ids\":[1,2],\"bytes\":773050,\"tuples\":null,"
            + "\"merging\":false}";

    private static final String FLUSH = "{\"time\":\"2026-11-22T09:23:33.180748089Z\",\"node\":\"asterix_nc1\","
            + "\"event\":\"flush\"," + HEADER + ",\"component\":" + NEWER + ",\"level\":null,\"bytesWritten\":522462,"
            + "\"durationMillis\":null,\"stack\":[" + NEWER + "," + OLDER + "]}";
    private static final String SCHEDULED = "{\"time\":\"2026-11-22T09:23:33.207205197Z\",\"node\":\"asterix_nc1\","
            + "\"event\":\"merge-scheduled\"," + HEADER + ",\"inputs\":[" + NEWER.replace("false", "true") + ","
            + OLDER.replace("false", "true") + "]}";
    private static final String MERGE = "{\"time\":\"2026-11-22T09:23:33.256589351Z\",\"node\":\"asterix_nc1\","
            + "\"event\":\"merge\"," + HEADER + ",\"component\":" + MERGED + ",\"outputs\":[" + MERGED + "],"
            + "\"level\":3,\"bytesWritten\":773050,\"inputs\":[" + NEWER + "," + OLDER + "],\"inputBytes\":1047640,"
            + "\"durationMillis\":81.344844,\"stack\":[" + MERGED + "]}";
    private static final String LOST = "{\"event\":\"lost\",\"node\":\"asterix_nc2\",\"notRecorded\":0,"
            + "\"dropped\":3,\"notWritten\":0,\"olderLinesRotatedAway\":false,\"message\":\"node asterix_nc2 misses\"}";

    @Test
    void everyKindOfLineWritesOutAsItWasRead() {
        for (String line : List.of(FLUSH, SCHEDULED, MERGE, LOST)) {
            assertThat(IntrospectionJson.line(IntrospectionJson.eventLine(line).orElseThrow())).isEqualTo(line);
        }
    }

    @Test
    void eachLineReadsAsItsKind() {
        FlushOrMerge flush = (FlushOrMerge) IntrospectionJson.eventLine(FLUSH).orElseThrow();
        assertThat(flush.isFlush()).isTrue();
        assertThat(flush.outputs()).isNull();
        assertThat(flush.inputs()).isNull();
        assertThat(flush.durationMillis()).isNull();
        assertThat(flush.stack()).extracting(EventComponent::bytes).containsExactly(522462L, 525178L);
        FlushOrMerge merge = (FlushOrMerge) IntrospectionJson.eventLine(MERGE).orElseThrow();
        assertThat(merge.level()).isEqualTo(3);
        assertThat(merge.component().tuples()).isNull();
        assertThat(merge.inputBytes()).isEqualTo(1047640L);
        MergeScheduled scheduled = (MergeScheduled) IntrospectionJson.eventLine(SCHEDULED).orElseThrow();
        assertThat(scheduled.inputs()).allMatch(EventComponent::merging);
        assertThat(scheduled.datasetId()).isEqualTo(101);
        assertThat(((LostEvents) IntrospectionJson.eventLine(LOST).orElseThrow()).dropped()).isEqualTo(3);
    }

    @Test
    void aKindANewerNodeAddedIsSkippedAndAnOlderMergeHasNoOutputs() {
        assertThat(IntrospectionJson.eventLine("{\"event\":\"split\",\"node\":\"nc1\"}")).isEmpty();
        String older = MERGE.replace(",\"outputs\":[" + MERGED + "]", "").replace(",\"level\":3", "");
        FlushOrMerge merge = (FlushOrMerge) IntrospectionJson.eventLine(older).orElseThrow();
        assertThat(merge.outputs()).isNull();
        assertThat(merge.level()).isNull();
    }

    @Test
    void halfALineIsAOneLineError() {
        assertThatThrownBy(() -> IntrospectionJson.eventLine(FLUSH.substring(0, 100)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not JSON: ")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> IntrospectionJson.eventLine("{\"event\":\"merge\",\"stack\":[{\"sequences\":[1]}]}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not an LSM event: ");
    }
}

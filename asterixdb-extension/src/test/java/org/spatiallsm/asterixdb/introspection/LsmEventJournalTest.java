package org.spatiallsm.asterixdb.introspection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.asterixdb.introspection.Stubs.stub;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.ComponentState;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponentId;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** How the journal turns successive stacks into events, for a leveled R-tree's stacks in particular. */
class LsmEventJournalTest {

    @TempDir
    Path dir;

    private static ILSMDiskComponent component(String fileName, long bytes) {
        String[] sequences = fileName.split("_");
        ILSMComponentId id = stub(ILSMComponentId.class,
                Map.of("getMinId", Long.parseLong(sequences[0]), "getMaxId", Long.parseLong(sequences[1])));
        return stub(ILSMDiskComponent.class, Map.of("getLSMComponentPhysicalFiles",
                Set.of("/data/Dv/A/0/loc/" + fileName), "getId", id, "getComponentSize", bytes, "getState",
                ComponentState.READABLE_UNWRITABLE));
    }

    private static List<JsonNode> events(LsmEventLog log) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> events = new ArrayList<>();
        for (String line : log.lines("Dv", "A", null).lines()) {
            events.add(mapper.readTree(line));
        }
        return events;
    }

    @Test
    void aLeveledMergeIsOneEventWithEveryOutputAndAMoveIsNone() throws Exception {
        LsmEventLog log = new LsmEventLog(new LsmEventFile(dir.resolve("events.jsonl"), 1 << 20, 1), 10);
        // Two outputs of an earlier merge of flushes 0..3, on level 1; a new merge repartitions one of them into two
        // outputs of the same sequence range as the one it leaves in place: only the file names tell them apart.
        ILSMDiskComponent kept = component("0_3_m0p0_r", 200);
        ILSMDiskComponent consumed = component("0_3_m0p1_r", 210);
        ILSMDiskComponent flush = component("4_4_r", 110);
        ILSMDiskComponent output0 = component("0_3_m1p0_r", 150);
        ILSMDiskComponent output1 = component("0_3_m1p1_r", 170);
        ILSMIndex index = Stubs.leveledIndex("storage/partition_0/Dv/A/0/loc",
                c -> c == flush ? 0 : c == output0 || c == output1 ? 2 : 1);
        LsmEventJournal journal = new LsmEventJournal(log, "nc1");

        journal.stackChanged(index, List.of(kept, consumed), 4);
        journal.stackChanged(index, List.of(flush, kept, consumed), 5);
        journal.mergeScheduled(index, List.of(consumed), 5);
        journal.stackChanged(index, List.of(flush, kept, output0, output1), 5);
        // A move changes only a level: the same files, listed in another order.
        journal.stackChanged(index, List.of(kept, flush, output0, output1), 5);
        log.startWriter();

        assertThat(log.awaitWritten(10_000)).isTrue();
        List<JsonNode> events = events(log);
        assertThat(events).extracting(e -> e.get("event").asText())
                .containsExactly("flush", "merge-scheduled", "merge");
        assertThat(events.get(0).get("bytesWritten").asLong()).isEqualTo(110);
        assertThat(events.get(0).get("component").get("sequences")).extracting(JsonNode::asLong)
                .containsExactly(4L, 4L);
        JsonNode merge = events.get(2);
        assertThat(merge.get("outputs")).hasSize(2);
        assertThat(merge.get("bytesWritten").asLong()).isEqualTo(150 + 170);
        assertThat(merge.get("inputs")).extracting(c -> c.get("bytes").asLong()).containsExactly(210L);
        assertThat(merge.get("inputBytes").asLong()).isEqualTo(210);
        assertThat(merge.get("durationMillis").isNumber()).as("matched with its merge-scheduled").isTrue();
        assertThat(events.get(0).get("level").asInt()).as("a flush lands on level 0").isZero();
        assertThat(merge.get("level").asInt()).as("the level its outputs were installed in").isEqualTo(2);
    }

    @Test
    void anIndexWithoutLevelsHasANullLevelAndOneOutputPerMerge() throws Exception {
        LsmEventLog log = new LsmEventLog(new LsmEventFile(dir.resolve("events.jsonl"), 1 << 20, 1), 10);
        ILSMIndex index = Stubs.index("storage/partition_0/Dv/A/0/A");
        LsmEventJournal journal = new LsmEventJournal(log, "nc1");
        ILSMDiskComponent older = component("0_0_b", 100);
        ILSMDiskComponent newer = component("1_1_b", 100);
        ILSMDiskComponent merged = component("0_1_b", 180);

        journal.stackChanged(index, List.of(older), 1);
        journal.stackChanged(index, List.of(newer, older), 2);
        journal.stackChanged(index, List.of(merged), 2);
        log.startWriter();

        assertThat(log.awaitWritten(10_000)).isTrue();
        List<JsonNode> events = events(log);
        // The first call knows no earlier stack: a component on top that covers one flush is taken as flushed.
        assertThat(events).extracting(e -> e.get("event").asText()).containsExactly("flush", "flush", "merge");
        assertThat(events).allSatisfy(e -> assertThat(e.get("level").isNull()).isTrue());
        assertThat(events.get(2).get("outputs")).extracting(c -> c.get("bytes").asLong()).containsExactly(180L);
    }
}

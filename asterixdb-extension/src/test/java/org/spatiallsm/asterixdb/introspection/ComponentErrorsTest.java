package org.spatiallsm.asterixdb.introspection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.spatiallsm.asterixdb.introspection.Stubs.stub;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.asterixdb.introspection.LsmEventLog.Lost;

/** A component whose id cannot be read: the listing reports the error, the journal counts the event as lost. */
class ComponentErrorsTest {

    @TempDir
    Path dir;

    private static ILSMDiskComponent unreadableComponent() {
        return stub(ILSMDiskComponent.class, Map.of("getLSMComponentPhysicalFiles", Set.of("/data/Dv/A/0/A/3_3_b"),
                "getId", HyracksDataException.create(new IOException("injected: metadata page unreadable"))));
    }

    @Test
    void aComponentWhoseIdCannotBeReadIsAnErrorNotIdMinusOne() {
        Throwable thrown = catchThrowable(() -> ComponentSnapshot.of(unreadableComponent()));

        assertThat(thrown).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("cannot read the component id of [/data/Dv/A/0/A/3_3_b]")
                .hasMessageContaining("injected: metadata page unreadable");
    }

    @Test
    void theJournalCountsAnEventItCannotBuildAsLostForItsDataset() {
        LsmEventLog log = new LsmEventLog(new LsmEventFile(dir.resolve("events.jsonl"), 1 << 20, 1), 10);
        ILSMIndex index = Stubs.index("storage/partition_0/Dv/A/0/A");
        LsmEventJournal journal = new LsmEventJournal(log, "nc1");

        journal.stackChanged(index, List.of(unreadableComponent()), 4);
        journal.mergeScheduled(index, List.of(unreadableComponent()), 4);

        assertThat(log.lost("Dv", "A", null)).isEqualTo(new Lost(2, 0, 0));
        assertThat(log.lost("Dv", "B", null)).isEqualTo(Lost.NONE);
    }
}

package org.spatiallsm.cli;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexPartition;
import org.spatiallsm.client.lsm.LsmEvent;

/** Disk components and LSM events of one primary-index partition, as the introspection client reads them. */
public final class LsmFixtures {

    public static final IndexPartition PARTITION = new IndexPartition("Tour", "CheckIns", "CheckIns", 0);

    private LsmFixtures() {
    }

    public static DiskComponent component(long first, long last, long bytes, boolean merging) {
        return new DiskComponent(first, last, first + 1, last + 1, bytes, OptionalLong.of(bytes / 100), merging);
    }

    public static LsmEvent flush(long t, DiskComponent component, List<DiskComponent> stack) {
        return new LsmEvent(LsmEvent.FLUSH, "asterix_nc1", PARTITION, "2026-11-22T09:00:00Z", t,
                Optional.of(component), List.of(component), OptionalInt.empty(), List.of(), component.bytes(),
                OptionalDouble.empty(), stack);
    }

    public static LsmEvent merge(long t, List<DiskComponent> inputs, DiskComponent output,
            List<DiskComponent> stack) {
        return new LsmEvent(LsmEvent.MERGE, "asterix_nc1", PARTITION, "2026-11-22T09:00:00Z", t, Optional.of(output),
                List.of(output), OptionalInt.empty(), inputs, output.bytes(), OptionalDouble.of(1), stack);
    }
}

package org.spatiallsm.asterixdb.introspection;

import java.nio.file.Path;
import java.util.List;

import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.impls.IndexComponentFileReference;

/**
 * t, the persistent number of flushes of an index, read from its component file names: every flush (or bulk load)
 * takes the next sequence number, a merge keeps the range of its inputs, and a restart recovers them from the
 * files. t counts the sequence numbers from the oldest component's first to the newest's last.
 *
 * <p>Why not from 0: a secondary index created with its dataset spends sequence 0 on the bulk load of the empty
 * dataset, which leaves no component; counting it would start the index's schedule at t = 2.
 */
public final class FlushCount {

    private FlushCount() {
    }

    /** Call under the index's operation-tracker lock, where the component list does not change. */
    public static long of(ILSMIndex index) {
        List<ILSMDiskComponent> components = index.getDiskComponents();
        if (components.isEmpty()) {
            return 0;
        }
        // Not the first and last of the list: a leveled index lists its components level by level.
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (ILSMDiskComponent component : components) {
            IndexComponentFileReference file = fileName(component);
            first = Math.min(first, file.getSequenceStart());
            last = Math.max(last, file.getSequenceEnd());
        }
        return last - first + 1;
    }

    /** The newest component's last sequence; it grows exactly when a flush or bulk load adds a component. */
    public static long latestSequence(ILSMIndex index) {
        List<ILSMDiskComponent> components = index.getDiskComponents();
        return components.isEmpty() ? -1 : fileName(components.get(0)).getSequenceEnd();
    }

    static IndexComponentFileReference fileName(ILSMDiskComponent component) {
        return IndexComponentFileReference
                .of(Path.of(component.getLSMComponentPhysicalFiles().iterator().next()).getFileName().toString());
    }
}

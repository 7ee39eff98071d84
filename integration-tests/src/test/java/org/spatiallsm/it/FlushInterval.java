package org.spatiallsm.it;

import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.merge.simulation.SimulatedComponent;

/**
 * The flushes a disk component holds, 1-based and inclusive. Flush 1 is the sequence number {@code base} of the
 * index's first flush: 0 for a primary index, 1 for a secondary index created with its dataset (its creation spends
 * sequence 0).
 */
record FlushInterval(long first, long last) {

    static FlushInterval of(DiskComponent component, long base) {
        return new FlushInterval(component.firstSequence() - base + 1, component.lastSequence() - base + 1);
    }

    static FlushInterval of(SimulatedComponent component) {
        return new FlushInterval(component.firstFlush(), component.lastFlush());
    }

    @Override
    public String toString() {
        return first == last ? Long.toString(first) : first + "-" + last;
    }
}

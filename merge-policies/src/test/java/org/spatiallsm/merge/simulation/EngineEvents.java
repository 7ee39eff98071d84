package org.spatiallsm.merge.simulation;

import java.util.List;
import java.util.Optional;

/** Hand-made engine events for the tests: a primary index, whose flush t has sequence t - 1. */
final class EngineEvents {

    private EngineEvents() {
    }

    /** The component flush t wrote. */
    static EngineComponent flushed(long t, long bytes) {
        return new EngineComponent(t - 1, t - 1, bytes, false);
    }

    /** The output of a merge of flushes first..last. */
    static EngineComponent merged(long first, long last, long bytes) {
        return new EngineComponent(first - 1, last - 1, bytes, false);
    }

    static EngineComponent merging(EngineComponent component) {
        return new EngineComponent(component.firstSequence(), component.lastSequence(), component.bytes(), true);
    }

    static EngineEvent flush(long t, EngineComponent component, EngineComponent... stack) {
        return new EngineEvent(EngineEvent.Type.FLUSH, t, Optional.of(component), List.of(), component.bytes(),
                List.of(stack));
    }

    static EngineEvent scheduled(long t, EngineComponent... inputs) {
        return new EngineEvent(EngineEvent.Type.MERGE_SCHEDULED, t, Optional.empty(),
                List.of(inputs).stream().map(EngineEvents::merging).toList(), 0, List.of());
    }

    static EngineEvent merge(long t, List<EngineComponent> inputs, EngineComponent output, EngineComponent... stack) {
        return new EngineEvent(EngineEvent.Type.MERGE, t, Optional.of(output), inputs, output.bytes(),
                List.of(stack));
    }

    static FlushRange flushes(long first, long last) {
        return new FlushRange(first, last);
    }
}

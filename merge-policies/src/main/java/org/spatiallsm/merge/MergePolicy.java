package org.spatiallsm.merge;

import java.util.Optional;

/**
 * The decision core of a stack-based merge policy: a pure function of the stack (and the flush count), in the
 * spirit of Lucene's MergePolicy. The engine adapter and the simulator both call it, so they cannot disagree.
 * Implementations are immutable and thread-safe.
 */
public interface MergePolicy {

    /**
     * Called after every flush and after every merge completion. Returns the run to merge, or empty.
     * Never returns a run that contains a component that is already {@link ComponentView#merging() merging}.
     */
    Optional<MergeSpec> findMerge(StackView stack);

    /**
     * True when flushes should wait because merges have fallen behind. Must return false whenever nothing is
     * merging (otherwise a flush would wait for a merge that never comes).
     */
    boolean isMergeLagging(StackView stack);
}

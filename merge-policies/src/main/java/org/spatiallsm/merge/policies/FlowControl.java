package org.spatiallsm.merge.policies;

import org.spatiallsm.merge.StackView;

/** The one {@code isMergeLagging} rule every policy here shares; only the component bound differs. */
final class FlowControl {

    /**
     * How many components beyond its bound a policy tolerates while a merge runs before flushes wait. AsterixDB
     * runs flushes and merges concurrently, so the flush after the one that started a merge regularly lands before
     * that merge ends; blocking it would serialise flushing behind every merge.
     */
    static final int TOLERANCE = 1;

    private FlowControl() {
    }

    /**
     * Flushes wait only while a merge is running (the merge's completion is what unblocks them; with nothing
     * merging, waiting could never end) and the stack holds more than {@code bound + TOLERANCE} components.
     */
    static boolean lagging(StackView stack, long bound) {
        return stack.anyMerging() && stack.size() > bound + TOLERANCE;
    }
}

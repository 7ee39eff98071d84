package org.spatiallsm.merge;

/**
 * A policy's answer: merge the contiguous run of components from {@code newest} to {@code oldest}
 * (inclusive, indexes into {@link StackView#newestFirst()}) into one component.
 */
public record MergeSpec(int newest, int oldest) {
    public MergeSpec {
        if (newest < 0 || oldest <= newest) {
            throw new IllegalArgumentException("a merge needs at least two components, got [" + newest + ", " + oldest
                    + "]");
        }
    }

    public int count() {
        return oldest - newest + 1;
    }
}

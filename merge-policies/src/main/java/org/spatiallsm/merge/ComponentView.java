package org.spatiallsm.merge;

/**
 * What a merge policy may know about one disk component: its size and whether a merge is already consuming it.
 *
 * @param sizeBytes size on disk; the simulator uses units of one flush
 * @param merging   true while the component is the input of a running merge (it must not be chosen again)
 */
public record ComponentView(long sizeBytes, boolean merging) {
    public ComponentView {
        if (sizeBytes < 0) {
            throw new IllegalArgumentException("component size must be >= 0, was " + sizeBytes);
        }
    }

    public static ComponentView idle(long sizeBytes) {
        return new ComponentView(sizeBytes, false);
    }
}

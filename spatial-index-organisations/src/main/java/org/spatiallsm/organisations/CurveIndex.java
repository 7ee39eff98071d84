package org.spatiallsm.organisations;

/**
 * What the skip-scan needs from a B-tree whose entries are sorted by curve position first: open a scan at a
 * position. An engine adapter implements it with one B-tree component's range cursor.
 */
public interface CurveIndex<E> {

    /**
     * A scan from the first entry whose position is {@code >= position} to the last whose position is
     * {@code <= last}: a search knows where its query ends, and an index whose components have key ranges can skip
     * those that lie wholly outside the scan.
     */
    LeafCursor<E> seek(long position, long last);

    /** A forward scan over leaf pages. */
    interface LeafCursor<E> {
        boolean hasNext();

        E next();

        /** Whether the entry last returned by {@link #next} is the first of its leaf page. */
        boolean atPageStart();
    }
}

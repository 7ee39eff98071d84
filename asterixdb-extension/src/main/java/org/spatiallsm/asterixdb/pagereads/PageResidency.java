package org.spatiallsm.asterixdb.pagereads;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which disk page each slot of a buffer cache held when last seen, to tell a page read from disk from a page found in
 * the cache. A buffer cache keeps a page in one slot until it evicts it; a pin that returns a slot last seen holding
 * another page (or never seen) filled that slot, with a read, since everything that puts these files' pages into
 * the cache is seen (pins and written pages, {@link #placed}). Safe for concurrent use: of two threads that pin a
 * missing page at once, exactly one is told it read it.
 */
public final class PageResidency {

    private final Map<Integer, Long> pageInSlot = new ConcurrentHashMap<>();

    /** A pin of {@code page} returned {@code slot}; true if the page was not there before, i.e. it was read. */
    public boolean pinned(int slot, long page) {
        Long before = pageInSlot.put(slot, page);
        return before == null || before != page;
    }

    /** {@code page} entered {@code slot} without a read: it was created or written there. */
    public void placed(int slot, long page) {
        pageInSlot.put(slot, page);
    }
}

package org.spatiallsm.partitioning.leveled;

import org.spatiallsm.geometry.Rect;

/**
 * What the leveled policy may know about one disk component. It never sees a file.
 *
 * @param id      unique and increasing with creation: a larger id is a newer component (the policy's notion of age)
 * @param level   0 for flushed components, i &gt;= 1 for the levels below
 * @param mbr     the minimum bounding rectangle of all its entries, anti-matter included
 * @param entries number of entries (matter and anti-matter)
 * @param bytes   size on disk
 * @param merging true while the component is the input of a running merge
 */
public record LeveledComponent(long id, int level, Rect mbr, long entries, long bytes, boolean merging) {

    public LeveledComponent {
        if (level < 0 || entries < 0 || bytes < 0) {
            throw new IllegalArgumentException("component " + id + ": level, entries and bytes must be >= 0, were "
                    + level + ", " + entries + ", " + bytes);
        }
    }

    public static LeveledComponent idle(long id, int level, Rect mbr, long entries, long bytes) {
        return new LeveledComponent(id, level, mbr, entries, bytes, false);
    }

    /** The same component, re-tagged to {@code newLevel} (a move). */
    public LeveledComponent atLevel(int newLevel) {
        return new LeveledComponent(id, newLevel, mbr, entries, bytes, merging);
    }
}

package org.spatiallsm.partitioning.leveled;

/**
 * What the leveled policy may know about one disk component. It never sees a file.
 *
 * @param id      unique and increasing with creation: a larger id is a newer component (the policy's notion of age)
 * @param level   0 for flushed components, i &gt;= 1 for the levels below
 * @param bounds  where its keys lie, anti-matter included: the MBR of an R-tree component, the [min key, max key]
 *                range of a B-tree component (see {@link KeySpace})
 * @param entries number of entries (matter and anti-matter)
 * @param bytes   size on disk
 * @param merging true while the component is the input of a running merge
 * @param <E>     the bounds type of the index's key space
 */
public record LeveledComponent<E>(long id, int level, E bounds, long entries, long bytes, boolean merging) {

    public LeveledComponent {
        if (level < 0 || entries < 0 || bytes < 0) {
            throw new IllegalArgumentException("component " + id + ": level, entries and bytes must be >= 0, were "
                    + level + ", " + entries + ", " + bytes);
        }
    }

    public static <E> LeveledComponent<E> idle(long id, int level, E bounds, long entries, long bytes) {
        return new LeveledComponent<>(id, level, bounds, entries, bytes, false);
    }

    /** The same component, re-tagged to {@code newLevel} (a move). */
    public LeveledComponent<E> atLevel(int newLevel) {
        return new LeveledComponent<>(id, newLevel, bounds, entries, bytes, merging);
    }
}

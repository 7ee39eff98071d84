package org.spatiallsm.partitioning.leveled;

/**
 * Where the {@code round-robin} pick of a level stopped last time (LevelDB's compaction pointer): the bounds of the
 * component it picked and that component's id, which breaks ties between equal places on the walk, so that every
 * component of a level has its own position.
 *
 * @param bounds the picked component's bounds
 * @param id     the picked component's id
 * @param <E>    the bounds type of the key space
 */
public record CompactionPointer<E>(E bounds, long id) {

    public static <E> CompactionPointer<E> of(LeveledComponent<E> component) {
        return new CompactionPointer<>(component.bounds(), component.id());
    }

    /** Whether {@code component} comes strictly after this position on {@code keys}' walk. */
    boolean precedes(LeveledComponent<E> component, KeySpace<E> keys) {
        int byWalk = keys.compareAlongWalk(component.bounds(), bounds);
        return byWalk != 0 ? byWalk > 0 : component.id() > id;
    }
}

package org.spatiallsm.partitioning.leveled;

import java.util.List;

/**
 * What the leveled policy needs to know about the key type of an index: a component's <em>bounds</em> (the MBR of an
 * R-tree component, the [min key, max key] range of a B-tree component), whether two bounds may share a key, their
 * union, and a fixed order in which the {@code round-robin} pick walks a level. The policy, the view and the merge
 * are one mechanism over any key space; {@link MbrKeySpace} and {@link KeyRangeSpace} are the two there are.
 *
 * @param <E> the bounds of one component
 */
public interface KeySpace<E> {

    /** Whether two components with these bounds may hold a common key (closed bounds: touching means overlapping). */
    boolean overlaps(E a, E b);

    /** The smallest bounds that hold both. */
    E union(E a, E b);

    /**
     * The order of the {@code round-robin} walk over a level. It must not depend on the other components (a level
     * changes between two picks), so that a remembered position keeps its meaning.
     */
    int compareAlongWalk(E a, E b);

    /**
     * The order in which the {@code min-overlap-by-centre} pick breaks ties, before the newest-first rule: the
     * research code's R-tree order by MBR centre (x, then y); a key range has no centre, so its walk order.
     */
    int compareByCentre(E a, E b);

    /** The {@code partitioning} values that can cut a merge's output in this key space. */
    List<String> partitionings();

    /** The kind of index this key space belongs to, as an error message names it ("R-tree", "B-tree"). */
    String indexKind();
}

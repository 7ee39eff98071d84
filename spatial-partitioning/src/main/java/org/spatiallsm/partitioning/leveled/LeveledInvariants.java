package org.spatiallsm.partitioning.leveled;

import java.util.List;
import java.util.Optional;

import org.spatiallsm.partitioning.pruning.Box;

/**
 * The checks of "shallower means newer" that a leveled index partition's component list allows, from each
 * component's level, the flush sequences its data came from and its MBR (as the components listing reports them).
 * A search reconciles a key's versions in list order, the first one winning, so the list must put newer data first
 * wherever two components may hold one key, i.e. wherever their MBRs overlap (closed bounds; a component without
 * entries holds no key):
 * <ul>
 * <li>the list is in search order: levels never decrease along it;</li>
 * <li>level 0 is newest first, and no two of its components share a flush sequence;</li>
 * <li>every level-0 component is newer than every deeper component it overlaps: its first sequence is after their
 * last. (Level 0 always gives up its oldest component, so this even holds without overlap; a flush that came back
 * at level 0 above newer merged data breaks it.)</li>
 * </ul>
 * Between levels &gt;= 1 the sequence ranges say nothing: a merge of one level-i component into level i+1 may leave
 * there a component with newer flushes that overlaps an older level-i component, legitimately when the two share no
 * key. Nor can "no key twice in a level &gt;= 1" be checked from this list: two components of a level may overlap
 * without sharing a key, and a search's reconciliation hides a key that is there twice; {@link LevelKeys} checks it
 * from the components' entries.
 */
public final class LeveledInvariants {

    /**
     * One disk component as the components listing shows it.
     *
     * @param name          how the one-line message names it (e.g. its file names)
     * @param level         its level, 0 for flushed components
     * @param firstSequence the first flush sequence its data came from
     * @param lastSequence  the last; equal to firstSequence for a flushed component
     * @param mbr           the MBR of its entries, anti-matter included; {@link Box#empty} for none
     */
    public record Listed(String name, int level, long firstSequence, long lastSequence, Box mbr) {
    }

    private LeveledInvariants() {
    }

    /**
     * The first violation in {@code searchOrder} (one index partition's components in the order its searches visit
     * them), as one line naming {@code partition}; empty when the list breaks none.
     */
    public static Optional<String> violation(String partition, List<Listed> searchOrder) {
        for (int i = 0; i < searchOrder.size(); i++) {
            Listed component = searchOrder.get(i);
            if (component.level() < 0 || component.firstSequence() > component.lastSequence()) {
                return Optional.of(partition + ": component " + describe(component) + " has no valid level or"
                        + " sequence range");
            }
            if (i == 0) {
                continue;
            }
            Listed before = searchOrder.get(i - 1);
            if (component.level() < before.level()) {
                return Optional.of(partition + ": components out of search order, " + describe(component)
                        + " after " + describe(before));
            }
            if (component.level() == 0 && before.firstSequence() <= component.lastSequence()) {
                return Optional.of(partition + ": level 0 is not newest first, " + describe(component) + " after "
                        + describe(before));
            }
        }
        for (Listed shallow : searchOrder) {
            if (shallow.level() != 0) {
                continue;
            }
            for (Listed deep : searchOrder) {
                if (deep.level() > 0 && shallow.firstSequence() <= deep.lastSequence()
                        && shallow.mbr().overlaps(deep.mbr())) {
                    return Optional.of(partition + ": shallower is not newer, " + describe(shallow)
                            + " overlaps the newer data of " + describe(deep));
                }
            }
        }
        return Optional.empty();
    }

    private static String describe(Listed component) {
        return component.name() + " (level " + component.level() + ", sequences " + component.firstSequence()
                + ".." + component.lastSequence() + ", MBR " + component.mbr() + ")";
    }
}

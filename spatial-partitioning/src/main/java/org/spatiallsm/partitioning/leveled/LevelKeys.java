package org.spatiallsm.partitioning.leveled;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The check of "no key twice in a level &gt;= 1" over one leveled index partition's disk components, read entry by
 * entry. A key is what the R-tree reconciles on: the entry's MBR and its primary key. A search reconciles a key's
 * versions in list order, and the order of the components inside one level is arbitrary, so a level &gt;= 1 may hold
 * each key once: in one component, once. Anti-matter counts as an occurrence of its key like matter: a level that held
 * a key's matter and its anti-matter would answer according to an order nothing defines. Level 0 is not checked: its
 * flushes hold the versions of a key in the order of their sequences, newest first.
 */
public final class LevelKeys {

    /**
     * One entry of a component.
     *
     * @param key        its key, MBR and primary key, in any text that is equal exactly for equal keys
     * @param antiMatter true for a delete's anti-matter entry
     */
    public record Entry(String key, boolean antiMatter) {
    }

    /**
     * One disk component and its entries.
     *
     * @param name    how the one-line message names it (e.g. its file names)
     * @param level   its level, 0 for flushed components
     * @param entries every entry it holds, anti-matter included
     */
    public record Component(String name, int level, List<Entry> entries) {
    }

    private record Seen(Component component, Entry entry) {
    }

    private LevelKeys() {
    }

    /**
     * The first key found twice in one level &gt;= 1 of {@code components} (one index partition's disk components, in
     * any order), as one line naming {@code partition} and both places; empty when there is none.
     */
    public static Optional<String> violation(String partition, List<Component> components) {
        Map<Integer, Map<String, Seen>> levels = new HashMap<>();
        for (Component component : components) {
            if (component.level() == 0) {
                continue;
            }
            Map<String, Seen> level = levels.computeIfAbsent(component.level(), l -> new HashMap<>());
            for (Entry entry : component.entries()) {
                Seen first = level.putIfAbsent(entry.key(), new Seen(component, entry));
                if (first != null) {
                    return Optional.of(partition + ": key " + entry.key() + " is twice in level " + component.level()
                            + ", " + describe(first.entry()) + " in " + first.component().name() + " and "
                            + describe(entry) + " in " + component.name());
                }
            }
        }
        return Optional.empty();
    }

    private static String describe(Entry entry) {
        return entry.antiMatter() ? "as anti-matter" : "as matter";
    }
}

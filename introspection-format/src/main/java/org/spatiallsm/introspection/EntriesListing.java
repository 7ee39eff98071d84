package org.spatiallsm.introspection;

import java.util.List;

/**
 * One node controller's answer to {@code /spatial-lsm/entries}: every leveled R-tree and leveled B-tree partition (a
 * leveled secondary or primary B-tree, a leveled organisation) of one dataset that the node stores, with every entry of
 * every disk component.
 */
public record EntriesListing(String node, String dataverse, String dataset, List<Index> indexes) {

    public EntriesListing {
        indexes = List.copyOf(indexes);
    }

    /** One index partition and its disk components in search order (level by level, level 0 newest first). */
    public record Index(String index, int partition, List<Component> components) {

        public Index {
            components = List.copyOf(components);
        }
    }

    /**
     * One disk component.
     *
     * @param files   its file names, as the components listing names them
     * @param level   its level
     * @param entries every entry it stores, anti-matter included, in its index's order
     * @param minKey  a B-tree's: the smallest key as its manifest records it (each field as {@link Entry#key});
     *                null for an R-tree, or a component without entries
     * @param maxKey  the same for the largest key
     */
    public record Component(List<String> files, int level, List<Entry> entries, List<String> minKey,
            List<String> maxKey) {

        public Component {
            files = List.copyOf(files);
            entries = List.copyOf(entries);
            minKey = minKey == null ? null : List.copyOf(minKey);
            maxKey = maxKey == null ? null : List.copyOf(maxKey);
        }
    }

    /**
     * One entry of a component.
     *
     * @param primaryKey the primary key's fields as stored (AsterixDB's serialized values, each with its type tag
     *                   first), in hexadecimal: equal keys, equal text; a B-tree's entry: its whole key
     * @param mbr        an R-tree's entry: its MBR in the first two dimensions: min x, min y, max x, max y (a point's
     *                   twice); empty for a B-tree's
     * @param antiMatter true for the anti-matter entry of a delete
     * @param key        a B-tree's entry: each field of its key (secondary key fields, then the primary key's) as
     *                   stored, in hexadecimal; null for an R-tree's
     */
    public record Entry(String primaryKey, List<Double> mbr, boolean antiMatter, List<String> key) {

        public Entry {
            mbr = List.copyOf(mbr);
            key = key == null ? null : List.copyOf(key);
        }
    }
}

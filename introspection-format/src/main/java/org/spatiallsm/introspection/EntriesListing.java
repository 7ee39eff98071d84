package org.spatiallsm.introspection;

import java.util.List;

/**
 * One node controller's answer to {@code /spatial-lsm/entries}: every leveled R-tree partition of one dataset that the
 * node stores, with every entry of every disk component.
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
     * @param entries every entry it stores, anti-matter included, in its R-tree's order
     */
    public record Component(List<String> files, int level, List<Entry> entries) {

        public Component {
            files = List.copyOf(files);
            entries = List.copyOf(entries);
        }
    }

    /**
     * One entry of a component.
     *
     * @param primaryKey the primary key's fields as stored (AsterixDB's serialized values, each with its type tag
     *                   first), in hexadecimal: equal keys, equal text
     * @param mbr        the entry's MBR in the first two dimensions: min x, min y, max x, max y (a point's twice)
     * @param antiMatter true for the anti-matter entry of a delete
     */
    public record Entry(String primaryKey, List<Double> mbr, boolean antiMatter) {

        public Entry {
            mbr = List.copyOf(mbr);
        }
    }
}

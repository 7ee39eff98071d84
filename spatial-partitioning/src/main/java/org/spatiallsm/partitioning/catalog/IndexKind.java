package org.spatiallsm.partitioning.catalog;

import java.util.Locale;

/** The kinds of LSM index a merge policy can run on, named as a user knows them. */
public enum IndexKind {
    BTREE("B-tree"),
    RTREE("R-tree"),
    /** KEYWORD and NGRAM indexes. */
    INVERTED("inverted");

    private final String userName;

    IndexKind(String userName) {
        this.userName = userName;
    }

    /** How error messages and docs name the kind: "B-tree", "R-tree", "inverted". */
    public String userName() {
        return userName;
    }

    /**
     * The kind of an index of AsterixDB 0.9.8's type {@code typeName} (BTREE, RTREE, ARRAY, *_INVIX), given as a
     * string so that this core needs no AsterixDB types. An ARRAY index is stored as a B-tree.
     *
     * @throws IllegalArgumentException for a name that is none of these
     */
    public static IndexKind ofIndexType(String typeName) {
        String upper = typeName.toUpperCase(Locale.ROOT);
        if (upper.equals("BTREE") || upper.equals("ARRAY")) {
            return BTREE;
        }
        if (upper.equals("RTREE")) {
            return RTREE;
        }
        if (upper.endsWith("_INVIX")) {
            return INVERTED;
        }
        throw new IllegalArgumentException("unknown index type " + typeName);
    }
}

package org.spatiallsm.storage;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a spatial index is stored behind AsterixDB's logical R-tree: {@code dhb}, {@code dhvb}, {@code shb} or
 * {@code sif} (Kim's organisations), with the parameters its DDL gave ({@code TYPE SHBTREE(...)}: the space, the
 * per-level densities, the cells-per-object cap), as strings, already validated by whoever created it. The logical
 * index stays an R-tree so the optimizer, maintenance, feeds and index-only plans work unchanged; only the physical
 * LSM index differs.
 */
public record IndexOrganisation(String kind, Map<String, String> parameters) {

    public static final String DHB = "dhb";
    public static final String DHVB = "dhvb";
    public static final String SHB = "shb";
    public static final String SIF = "sif";
    public static final List<String> KINDS = List.of(DHB, DHVB, SHB, SIF);

    public IndexOrganisation {
        Objects.requireNonNull(kind, "kind");
        if (!KINDS.contains(kind)) {
            throw new InvalidStorageOptionException("unknown index organisation \"" + kind + "\"; allowed: "
                    + String.join(", ", KINDS));
        }
        parameters = Map.copyOf(parameters);
    }

    public static IndexOrganisation of(String kind) {
        return new IndexOrganisation(kind, Map.of());
    }
}

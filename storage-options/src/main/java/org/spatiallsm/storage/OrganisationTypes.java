package org.spatiallsm.storage;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.spatiallsm.organisations.grid.GridParameters;
import org.spatiallsm.organisations.grid.InvalidGridParameterException;

/**
 * The index types of {@code CREATE INDEX ... TYPE} that name an organisation ({@code DHBTREE}, {@code DHVBTREE},
 * {@code SHBTREE(...)}, {@code SIF(...)}): the organisation each one means, with its parameters validated by the
 * grid core and stored as canonical strings, every default filled in. Errors are one line naming the bad value.
 */
public final class OrganisationTypes {

    /** Grid parameters: the space "x1,y1,x2,y2", the six densities "l,l,l,l,h,m", the cap "1024". */
    public static final String SPACE = "space";
    public static final String DENSITIES = "densities";
    public static final String CELLS_PER_OBJECT = "cells-per-object";

    private static final Map<String, String> KIND_BY_TYPE = Map.of("DHBTREE", IndexOrganisation.DHB, "DHVBTREE",
            IndexOrganisation.DHVB, "SHBTREE", IndexOrganisation.SHB, "SIF", IndexOrganisation.SIF);
    private static final String ALLOWED_TYPES =
            "BTREE, RTREE, KEYWORD, FULLTEXT, NGRAM(n), DHBTREE, DHVBTREE, SHBTREE(...), SIF(...)";
    private static final int SPACE_NUMBERS = 4;

    private OrganisationTypes() {
    }

    /**
     * The organisation of {@code TYPE typeName(arguments)}.
     *
     * @param arguments the parameters as written (numbers with their sign, density letters), or null without
     *                  parentheses
     */
    public static IndexOrganisation fromDdl(String typeName, List<String> arguments) {
        String kind = KIND_BY_TYPE.get(typeName.toUpperCase(Locale.ROOT));
        if (kind == null) {
            throw new InvalidStorageOptionException("unknown index type " + typeName + "; allowed: " + ALLOWED_TYPES);
        }
        String type = typeName(kind);
        List<String> given = arguments == null ? List.of() : arguments;
        try {
            return switch (kind) {
                case IndexOrganisation.SHB -> shb(type, given);
                case IndexOrganisation.SIF -> sif(type, given);
                default -> {
                    if (!given.isEmpty()) {
                        throw new InvalidStorageOptionException("TYPE " + type + " takes no parameters; got "
                                + given.size());
                    }
                    yield IndexOrganisation.of(kind);
                }
            };
        } catch (InvalidGridParameterException e) {
            throw new InvalidStorageOptionException("TYPE " + type + ": " + e.getMessage());
        }
    }

    /** {@code TYPE SHBTREE[(x1, y1, x2, y2[, d0, ..., d5][, cellsPerObject])]}. */
    private static IndexOrganisation shb(String type, List<String> arguments) {
        int count = arguments.size();
        if (count != 0 && count != 4 && count != 5 && count != 10 && count != 11) {
            throw new InvalidStorageOptionException("TYPE " + type + " takes 4, 5, 10 or 11 parameters (x1, y1, x2, "
                    + "y2[, six level densities l/m/h][, cells per object]); got " + count);
        }
        String cap = count == 5 || count == 11 ? arguments.get(count - 1) : null;
        return grid(IndexOrganisation.SHB, arguments, count >= 10, cap, true);
    }

    /** {@code TYPE SIF[(x1, y1, x2, y2[, d0, ..., d5])]}: points only, so no cells-per-object cap. */
    private static IndexOrganisation sif(String type, List<String> arguments) {
        int count = arguments.size();
        if (count != 0 && count != 4 && count != 10) {
            throw new InvalidStorageOptionException("TYPE " + type + " takes 4 or 10 parameters (x1, y1, x2, y2[, "
                    + "six level densities l/m/h]); got " + count);
        }
        return grid(IndexOrganisation.SIF, arguments, count == 10, null, false);
    }

    private static IndexOrganisation grid(String kind, List<String> arguments, boolean withDensities, String cap,
            boolean withCap) {
        String space = arguments.isEmpty() ? null : String.join(",", arguments.subList(0, SPACE_NUMBERS));
        String densities = withDensities
                ? String.join(",", arguments.subList(SPACE_NUMBERS, SPACE_NUMBERS + GridParameters.LEVELS))
                : null;
        GridParameters grid = GridParameters.parse(space, densities, cap);
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put(SPACE, grid.space().toString());
        parameters.put(DENSITIES, grid.densityLetters());
        if (withCap) {
            parameters.put(CELLS_PER_OBJECT, String.valueOf(grid.cellsPerObject()));
        }
        return new IndexOrganisation(kind, parameters);
    }

    /** The grid of an SHB or SIF organisation, from its canonical parameters. */
    public static GridParameters gridParameters(IndexOrganisation organisation) {
        Map<String, String> parameters = organisation.parameters();
        return GridParameters.parse(parameters.get(SPACE), parameters.get(DENSITIES),
                parameters.get(CELLS_PER_OBJECT));
    }

    /** The DDL's name of an organisation kind: {@code dhvb} is {@code DHVBTREE}. */
    public static String typeName(String kind) {
        return KIND_BY_TYPE.entrySet().stream().filter(entry -> entry.getValue().equals(kind))
                .map(Map.Entry::getKey).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown index organisation " + kind));
    }

    /** DHB, DHVB and SIF store points; SHB also stores the MBR of rectangles, polygons, circles and lines. */
    public static boolean indexesPointsOnly(String kind) {
        return !IndexOrganisation.SHB.equals(kind);
    }
}

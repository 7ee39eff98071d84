package org.spatiallsm.experiment.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.spatiallsm.organisations.grid.Density;
import org.spatiallsm.organisations.grid.GridParameters;

/**
 * One of Kim's spatial index organisations, or the R-tree they are compared with: a label and the {@code TYPE ...}
 * clause of its CREATE INDEX (the SQL++ DDL of docs/ddl.md). The index-organisations and non-point studies and
 * {@code bench grid-density} build their indexes from these.
 *
 * @param label  what tables and reports call it, also used in dataset and configuration names
 * @param clause what follows the field in CREATE INDEX, e.g. {@code TYPE DHVBTREE}
 */
public record Organisation(String label, String clause) {

    /** The organisations by option name, in the order of the table. */
    public static final List<String> ORGANISATIONS = List.of("rtree", "dhb", "dhvb", "shb", "sif");
    /** Kim's space: the whole globe. */
    public static final String SPACE = "-180.0, -90.0, 180.0, 90.0";
    /** The densities the dissertation chose for both of its Ch. 5 datasets (2^30 bottom cells). */
    public static final String DEFAULT_LEVELS = "l,l,l,l,h,m";
    /** Kim's cap on the cells of one non-point object. */
    public static final int CELLS_PER_OBJECT = 1024;
    /** The SHB-tree on points: no cap in its DDL. */
    public static final int NO_CAP = 0;
    /**
     * The tuning grid of Kim's dissertation, Ch. 5: the densities that give 2^24 ... 2^40 bottom cells, coarsest first.
     */
    public static final List<String> DENSITY_SWEEP = List.of("l,l,l,l,l,l", "l,l,l,l,l,m", "l,l,l,l,m,m",
            "l,l,l,l,h,m", "l,l,l,l,h,h", "l,l,m,m,m,h", "h,h,h,h,l,l");

    public static final Organisation RTREE = new Organisation("rtree", "TYPE RTREE");

    /**
     * @param nonPoint rectangles: SHB gets the cells-per-object cap, which only non-point data uses
     * @throws IllegalArgumentException for an unknown name
     */
    public static Organisation organisation(String name, boolean nonPoint) {
        return switch (name) {
            case "rtree" -> RTREE;
            case "dhb" -> new Organisation("dhb", "TYPE DHBTREE");
            case "dhvb" -> new Organisation("dhvb", "TYPE DHVBTREE");
            case "shb" -> new Organisation("shb", shb(DEFAULT_LEVELS, nonPoint).clause());
            case "sif" -> new Organisation("sif", "TYPE SIF(" + SPACE + ")");
            default -> throw new IllegalArgumentException("unknown organisation '" + name + "' (known: "
                    + String.join(", ", ORGANISATIONS) + ")");
        };
    }

    /** The SHB-tree with the six level densities {@code levels} (comma-separated letters l, m, h). */
    public static Organisation shb(String levels, boolean nonPoint) {
        return shb(levels, nonPoint ? CELLS_PER_OBJECT : NO_CAP);
    }

    /**
     * The SHB-tree with the densities {@code levels} and the cells-per-object cap {@code cellsPerObject} for
     * non-point data, or {@link #NO_CAP} for points; a cap other than Kim's is part of the label.
     */
    public static Organisation shb(String levels, int cellsPerObject) {
        String label = "shb 2^" + bottomCellExponent(levels)
                + (cellsPerObject == NO_CAP || cellsPerObject == CELLS_PER_OBJECT ? "" : " cap " + cellsPerObject);
        String letters = GridParameters.parseDensities(levels).stream().map(d -> String.valueOf(d.letter()))
                .collect(Collectors.joining(", "));
        return new Organisation(label, "TYPE SHBTREE(" + SPACE + ", " + letters
                + (cellsPerObject == NO_CAP ? "" : ", " + GridParameters.checkCellsPerObject(cellsPerObject)) + ")");
    }

    /** log2 of the bottom cells of six densities (checked by the grid core: one-line errors). */
    public static int bottomCellExponent(String levels) {
        int cellsPerAxis = 1;
        for (Density density : GridParameters.parseDensities(levels)) {
            cellsPerAxis *= density.side();
        }
        return 2 * Integer.numberOfTrailingZeros(cellsPerAxis);
    }

    /** The organisations named, in the given order; a name twice is an error. */
    public static List<Organisation> organisations(List<String> names, boolean nonPoint) {
        List<Organisation> chosen = new ArrayList<>();
        for (String name : names) {
            Organisation contender = organisation(name.strip().toLowerCase(Locale.ROOT), nonPoint);
            if (chosen.contains(contender)) {
                throw new IllegalArgumentException("organisation " + name.strip() + " is listed twice");
            }
            chosen.add(contender);
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("no organisation is listed");
        }
        return chosen;
    }

    /** The dataset (or index) name part: letters, digits and underscores. */
    public String identifier() {
        return label.replaceAll("[^A-Za-z0-9]+", "_");
    }
}

package org.spatiallsm.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.spatiallsm.organisations.grid.Density;
import org.spatiallsm.organisations.grid.GridParameters;

/**
 * One index of {@code bench index-organisations} or {@code bench grid-density}: a column label and the
 * {@code TYPE ...} clause of its CREATE INDEX. The clauses are the SQL++ DDL of docs/ddl.md.
 *
 * @param label  the column's name, also used in the dataset's name
 * @param clause what follows the field in CREATE INDEX, e.g. {@code TYPE DHVBTREE}
 */
record BenchContender(String label, String clause) {

    /** The organisations by option name, in the order of the table. */
    static final List<String> ORGANISATIONS = List.of("rtree", "dhb", "dhvb", "shb", "sif");
    /** Kim's space: the whole globe. */
    static final String SPACE = "-180.0, -90.0, 180.0, 90.0";
    /** The densities the dissertation chose for both of its Ch. 5 datasets (2^30 bottom cells). */
    static final String DEFAULT_LEVELS = "l,l,l,l,h,m";
    /** Kim's cap on the cells of one non-point object. */
    static final int CELLS_PER_OBJECT = 1024;
    /**
     * The tuning grid of Kim's dissertation, Ch. 5: the densities that give 2^24 ... 2^40 bottom cells, coarsest first.
     */
    static final List<String> DENSITY_SWEEP = List.of("l,l,l,l,l,l", "l,l,l,l,l,m", "l,l,l,l,m,m", "l,l,l,l,h,m",
            "l,l,l,l,h,h", "l,l,m,m,m,h", "h,h,h,h,l,l");

    static final BenchContender RTREE = new BenchContender("rtree", "TYPE RTREE");

    /**
     * @param nonPoint rectangles: SHB gets the cells-per-object cap, which only non-point data uses
     * @throws IllegalArgumentException for an unknown name
     */
    static BenchContender organisation(String name, boolean nonPoint) {
        return switch (name) {
            case "rtree" -> RTREE;
            case "dhb" -> new BenchContender("dhb", "TYPE DHBTREE");
            case "dhvb" -> new BenchContender("dhvb", "TYPE DHVBTREE");
            case "shb" -> new BenchContender("shb", shb(DEFAULT_LEVELS, nonPoint).clause());
            case "sif" -> new BenchContender("sif", "TYPE SIF(" + SPACE + ")");
            default -> throw new IllegalArgumentException("unknown organisation '" + name + "' (known: "
                    + String.join(", ", ORGANISATIONS) + ")");
        };
    }

    /** The SHB-tree with the six level densities {@code levels} (comma-separated letters l, m, h). */
    static BenchContender shb(String levels, boolean nonPoint) {
        String label = "shb 2^" + bottomCellExponent(levels);
        String letters = GridParameters.parseDensities(levels).stream().map(d -> String.valueOf(d.letter()))
                .collect(Collectors.joining(", "));
        return new BenchContender(label, "TYPE SHBTREE(" + SPACE + ", " + letters
                + (nonPoint ? ", " + CELLS_PER_OBJECT : "") + ")");
    }

    /** log2 of the bottom cells of six densities (checked by the grid core: one-line errors). */
    static int bottomCellExponent(String levels) {
        int cellsPerAxis = 1;
        for (Density density : GridParameters.parseDensities(levels)) {
            cellsPerAxis *= density.side();
        }
        return 2 * Integer.numberOfTrailingZeros(cellsPerAxis);
    }

    /** The organisations named, in the given order; a name twice is an error. */
    static List<BenchContender> organisations(List<String> names, boolean nonPoint) {
        List<BenchContender> chosen = new ArrayList<>();
        for (String name : names) {
            BenchContender contender = organisation(name.strip().toLowerCase(Locale.ROOT), nonPoint);
            if (chosen.contains(contender)) {
                throw new IllegalArgumentException("--organisations lists " + name.strip() + " twice");
            }
            chosen.add(contender);
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("--organisations names none");
        }
        return chosen;
    }

    /** The dataset (or index) name part: letters, digits and underscores. */
    String identifier() {
        return label.replaceAll("[^A-Za-z0-9]+", "_");
    }
}

package org.spatiallsm.organisations.grid;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The parameters of an SHB-tree or SIF index (Kim's dissertation, Ch. 4-5): the space, the density of each of the six
 * levels and the cap on the cells of one object. Parsing gives one-line errors naming the bad value; a value left out
 * (null) takes its default.
 */
public record GridParameters(GridSpace space, List<Density> densities, int cellsPerObject) {

    public static final int LEVELS = 6;
    /** The dissertation's Ch. 5 choice: 2^30 bottom cells (the fork's parser defaults to all h, 2^48). */
    public static final List<Density> DEFAULT_DENSITIES = List.of(Density.LOW, Density.LOW, Density.LOW,
            Density.LOW, Density.HIGH, Density.MEDIUM);
    public static final int DEFAULT_CELLS_PER_OBJECT = 1024;
    public static final int MIN_CELLS_PER_OBJECT = 1;
    /** Keeps one object's entries (and one query's decomposition) to a bounded, listable number. */
    public static final int MAX_CELLS_PER_OBJECT = 65536;

    public static final GridParameters DEFAULTS = new GridParameters(GridSpace.WORLD, DEFAULT_DENSITIES,
            DEFAULT_CELLS_PER_OBJECT);

    public GridParameters {
        densities = List.copyOf(densities);
        if (densities.size() != LEVELS) {
            throw new InvalidGridParameterException("expected " + LEVELS + " grid level densities (each l, m or h),"
                    + " got " + densities.size());
        }
        checkCellsPerObject(cellsPerObject);
    }

    /** Parses the parts given; null takes the default (the world space, l,l,l,l,h,m, 1024 cells per object). */
    public static GridParameters parse(String space, String densities, String cellsPerObject) {
        return new GridParameters(space == null ? GridSpace.WORLD : parseSpace(space),
                densities == null ? DEFAULT_DENSITIES : parseDensities(densities),
                cellsPerObject == null ? DEFAULT_CELLS_PER_OBJECT : parseCellsPerObject(cellsPerObject));
    }

    /** "x1,y1,x2,y2": the bottom-left and top-right corners. */
    public static GridSpace parseSpace(String text) {
        double[] corners = numbers("grid space", text, 4);
        return new GridSpace(corners[0], corners[1], corners[2], corners[3]);
    }

    /** "l,l,l,l,h,m": one density letter per level, top level first. */
    public static List<Density> parseDensities(String text) {
        List<Density> densities = new ArrayList<>();
        for (String letter : text.split(",", -1)) {
            densities.add(Density.ofLetter(letter));
        }
        if (densities.size() != LEVELS) {
            throw new InvalidGridParameterException("expected " + LEVELS + " grid level densities (each l, m or h),"
                    + " got " + densities.size() + " in '" + text + "'");
        }
        return densities;
    }

    public static int parseCellsPerObject(String text) {
        try {
            return checkCellsPerObject(Long.parseLong(text.strip()));
        } catch (NumberFormatException e) {
            throw new InvalidGridParameterException("cells per object must be an integer from "
                    + MIN_CELLS_PER_OBJECT + " to " + MAX_CELLS_PER_OBJECT + ", was '" + text.strip() + "'");
        }
    }

    public static int checkCellsPerObject(long cellsPerObject) {
        if (cellsPerObject < MIN_CELLS_PER_OBJECT || cellsPerObject > MAX_CELLS_PER_OBJECT) {
            throw new InvalidGridParameterException("cells per object must be from " + MIN_CELLS_PER_OBJECT + " to "
                    + MAX_CELLS_PER_OBJECT + ", was " + cellsPerObject);
        }
        return (int) cellsPerObject;
    }

    /** Parses "a,b,..." with exactly {@code count} finite numbers; {@code what} names the value in errors. */
    public static double[] numbers(String what, String text, int count) {
        String[] parts = text.split(",", -1);
        if (parts.length != count) {
            throw new InvalidGridParameterException(what + " '" + text + "' must be " + count
                    + " comma-separated numbers");
        }
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            try {
                values[i] = Double.parseDouble(parts[i].strip());
            } catch (NumberFormatException e) {
                throw new InvalidGridParameterException(what + " '" + text + "': '" + parts[i].strip()
                        + "' is not a number");
            }
            if (!Double.isFinite(values[i])) {
                throw new InvalidGridParameterException(what + " '" + text + "' must have finite numbers");
            }
        }
        return values;
    }

    public StaticGrid grid() {
        return new StaticGrid(space, densities.stream().mapToInt(Density::side).toArray());
    }

    /** The densities as written in the DDL, e.g. "l,l,l,l,h,m". */
    public String densityLetters() {
        return densities.stream().map(density -> String.valueOf(density.letter())).collect(Collectors.joining(","));
    }
}

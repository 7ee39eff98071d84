package org.spatiallsm.organisations.grid;

import java.util.Locale;

/** The cells per parent of one grid level, by the letters of the dissertation and of the DDL. */
public enum Density {
    LOW('l', 4),
    MEDIUM('m', 8),
    HIGH('h', 16);

    private final char letter;
    private final int side;

    Density(char letter, int side) {
        this.letter = letter;
        this.side = side;
    }

    public char letter() {
        return letter;
    }

    /** Cells per axis inside one parent cell: the level has side x side cells per parent. */
    public int side() {
        return side;
    }

    public static Density ofLetter(String text) {
        String letter = text.strip().toLowerCase(Locale.ROOT);
        for (Density density : values()) {
            if (letter.equals(String.valueOf(density.letter))) {
                return density;
            }
        }
        throw new InvalidGridParameterException("unknown grid density '" + text.strip()
                + "': expected l (4x4), m (8x8) or h (16x16)");
    }
}

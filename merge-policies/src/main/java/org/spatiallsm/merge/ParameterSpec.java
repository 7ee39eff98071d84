package org.spatiallsm.merge;

import java.util.List;

/**
 * One documented policy parameter.
 *
 * @param name        the natural name users write ({@code k}, {@code size-ratio}, {@code lambda}, ...)
 * @param type        integer, decimal, or one of a fixed list of words
 * @param defaultValue the default (the value the studies used); for a choice, the index of the default word
 * @param min         smallest allowed value (inclusive); 0 for a choice
 * @param max         largest allowed value (inclusive); the last index for a choice
 * @param legacyName  the one of AsterixDB 0.9.8's seven WITH-parameter names that carries it in stock DDL, or null
 *                    when none fits (0.9.8 has no string-valued policy parameter)
 * @param description one line for docs and --help
 * @param choices     the allowed words of a {@link Type#CHOICE}, empty for numbers
 */
public record ParameterSpec(String name, Type type, double defaultValue, double min, double max, String legacyName,
        String description, List<String> choices) {

    public enum Type {
        INTEGER,
        DECIMAL,
        /** One word of {@link #choices()}, e.g. a pick strategy. */
        CHOICE
    }

    public ParameterSpec {
        choices = List.copyOf(choices);
        if ((type == Type.CHOICE) == choices.isEmpty()) {
            throw new IllegalArgumentException("parameter '" + name + "': a choice needs words, a number has none");
        }
    }

    /** A numeric parameter. */
    public ParameterSpec(String name, Type type, double defaultValue, double min, double max, String legacyName,
            String description) {
        this(name, type, defaultValue, min, max, legacyName, description, List.of());
    }

    /** A parameter whose value is one of {@code choices}, {@code defaultChoice} unless given. */
    public static ParameterSpec choice(String name, String defaultChoice, List<String> choices, String legacyName,
            String description) {
        int defaultIndex = choices.indexOf(defaultChoice);
        if (defaultIndex < 0) {
            throw new IllegalArgumentException("parameter '" + name + "': default '" + defaultChoice
                    + "' is not one of " + choices);
        }
        return new ParameterSpec(name, Type.CHOICE, defaultIndex, 0, choices.size() - 1, legacyName, description,
                choices);
    }

    public boolean hasLegacyName() {
        return legacyName != null;
    }

    /** The default as users write it: {@code 4}, {@code 1.2} or a word. */
    public String defaultText() {
        return switch (type) {
            case CHOICE -> choices.get((int) defaultValue);
            case INTEGER -> Long.toString((long) defaultValue);
            case DECIMAL -> Double.toString(defaultValue);
        };
    }
}

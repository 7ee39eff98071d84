package org.spatiallsm.merge;

/**
 * One documented policy parameter.
 *
 * @param name        the natural name users write ({@code k}, {@code size-ratio}, {@code lambda}, ...)
 * @param type        integer or decimal
 * @param defaultValue the default (the value the studies used)
 * @param min         smallest allowed value (inclusive)
 * @param max         largest allowed value (inclusive)
 * @param legacyName  the one of AsterixDB 0.9.8's seven WITH-parameter names that carries it in stock DDL
 * @param description one line for docs and --help
 */
public record ParameterSpec(String name, Type type, double defaultValue, double min, double max, String legacyName,
        String description) {

    public enum Type {
        INTEGER,
        DECIMAL
    }
}

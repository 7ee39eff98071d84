package org.spatiallsm.workloads;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Named parameters given on a command line ({@code --param gamma=0.8}) or in a properties file, read with defaults
 * and checked, so that a typo or an out-of-range value is a one-line error instead of a silently ignored setting.
 */
public final class Parameters {

    private final String owner;
    private final Map<String, String> given;
    private final Set<String> read = new LinkedHashSet<>();

    public Parameters(String owner, Map<String, String> given) {
        this.owner = owner;
        this.given = new LinkedHashMap<>(given);
    }

    public double number(String name, double defaultValue, double min, double max) {
        Double value = parse(name);
        if (value == null) {
            return defaultValue;
        }
        if (!(value >= min && value <= max)) {
            throw outOfRange(name, RecordFormat.number(min), RecordFormat.number(max));
        }
        return value;
    }

    public int integer(String name, int defaultValue, int min, int max) {
        Double value = parse(name);
        if (value == null) {
            return defaultValue;
        }
        if (value != Math.rint(value)) {
            throw new IllegalArgumentException(owner + ": " + name + " must be a whole number, got "
                    + given.get(name));
        }
        if (!(value >= min && value <= max)) {
            throw outOfRange(name, Integer.toString(min), Integer.toString(max));
        }
        return value.intValue();
    }

    private Double parse(String name) {
        read.add(name);
        String text = given.get(name);
        if (text == null) {
            return null;
        }
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(owner + ": " + name + " must be a number, got '" + text + "'");
        }
    }

    private IllegalArgumentException outOfRange(String name, String min, String max) {
        return new IllegalArgumentException(owner + ": " + name + " must be in [" + min + ", " + max + "], got "
                + given.get(name));
    }

    public String choice(String name, String defaultValue, String... allowed) {
        read.add(name);
        String value = given.getOrDefault(name, defaultValue);
        if (!Arrays.asList(allowed).contains(value)) {
            throw new IllegalArgumentException(owner + ": " + name + " must be one of " + String.join(", ", allowed)
                    + ", got '" + value + "'");
        }
        return value;
    }

    /** Call after reading every parameter: a name that nothing read is a mistake the user should hear about. */
    public void rejectUnknown() {
        for (String name : given.keySet()) {
            if (!read.contains(name)) {
                throw new IllegalArgumentException(owner + " has no parameter '" + name + "'"
                        + (read.isEmpty() ? " (it takes none)" : " (known: " + String.join(", ", read) + ")"));
            }
        }
    }
}

package org.spatiallsm.experiment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A study's knobs at one scale: the preset's values, some replaced by {@code --param NAME=VALUE}. Every knob has a
 * preset value, so a name the preset lacks is a mistake.
 */
public final class Parameters {

    private final Map<String, String> values;
    private final List<String> changed;

    private Parameters(Map<String, String> values, List<String> changed) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.changed = List.copyOf(changed);
    }

    /**
     * @param preset    every knob with its value at the chosen scale
     * @param overrides {@code NAME=VALUE} each; an unknown name or a missing '=' is a one-line error
     */
    public static Parameters of(Map<String, String> preset, List<String> overrides) {
        Map<String, String> values = new LinkedHashMap<>(preset);
        List<String> changed = new ArrayList<>();
        for (String override : overrides) {
            int equals = override.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("--param expects NAME=VALUE, got '" + override + "'");
            }
            String name = override.substring(0, equals).strip();
            if (!preset.containsKey(name)) {
                throw new IllegalArgumentException("unknown parameter '" + name + "'; valid: "
                        + String.join(", ", preset.keySet()));
            }
            values.put(name, override.substring(equals + 1).strip());
            if (!changed.contains(name) && !values.get(name).equals(preset.get(name))) {
                changed.add(name);
            }
        }
        return new Parameters(values, changed);
    }

    /** Every knob, in the preset's order. */
    public Map<String, String> values() {
        return values;
    }

    /** The knobs {@code --param} gave a value other than the preset's. */
    public List<String> changed() {
        return changed;
    }

    public String text(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalStateException("the study reads a parameter its preset lacks: " + name);
        }
        return value;
    }

    /** A whole number of at least {@code min}. */
    public long whole(String name, long min) {
        long value;
        try {
            value = Long.parseLong(text(name));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter " + name + " must be an integer, got '" + text(name) + "'");
        }
        if (value < min) {
            throw new IllegalArgumentException("parameter " + name + " must be at least " + min + ", got " + value);
        }
        return value;
    }

    /** As {@link #whole}, for a knob that fits an int. */
    public int small(String name, int min) {
        long value = whole(name, min);
        if (value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("parameter " + name + " must be at most " + Integer.MAX_VALUE);
        }
        return (int) value;
    }

    /** A comma-separated list; empty entries dropped. */
    public List<String> list(String name) {
        return Arrays.stream(text(name).split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** A comma-separated list of numbers. */
    public List<Double> numbers(String name) {
        try {
            return list(name).stream().map(Double::valueOf).toList();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parameter " + name + " must be numbers separated by commas, got '"
                    + text(name) + "'");
        }
    }
}

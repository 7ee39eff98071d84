package org.spatiallsm.merge;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The validated, complete parameter values of one merge policy (every parameter present, defaults filled in).
 * Immutable. Values are kept as exact decimals so that the canonical strings round-trip ({@code 1.2} stays
 * {@code 1.2}).
 */
public final class PolicyParameters {

    private final PolicyDescriptor descriptor;
    /** Natural name → value, in the descriptor's parameter order. */
    private final Map<String, BigDecimal> values;

    private PolicyParameters(PolicyDescriptor descriptor, Map<String, BigDecimal> values) {
        this.descriptor = descriptor;
        this.values = Collections.unmodifiableMap(values);
    }

    /**
     * Validates {@code raw} against the policy's parameters. Keys may be natural names ({@code k}) or 0.9.8 names
     * ({@code num-components}); missing parameters take their defaults.
     *
     * @throws InvalidPolicyParameterException for an unknown name, a parameter given under both names, a value
     *                                         of the wrong type or out of range, or values that contradict each
     *                                         other (e.g. Exploring's min-merge &gt; max-merge)
     */
    public static PolicyParameters parse(PolicyDescriptor descriptor, Map<String, String> raw) {
        rejectUnknownNames(descriptor, raw);
        Map<String, BigDecimal> values = new LinkedHashMap<>();
        for (ParameterSpec parameter : descriptor.parameters()) {
            boolean byNaturalName = raw.containsKey(parameter.name());
            // A natural name wins over another parameter's 0.9.8 name (tiered: size-ratio is B, not high-bucket).
            boolean byLegacyName = raw.containsKey(parameter.legacyName())
                    && !isNaturalName(descriptor, parameter.legacyName());
            if (byNaturalName && byLegacyName) {
                throw InvalidPolicyParameterException.givenTwice(descriptor.name(), parameter.name(),
                        parameter.legacyName(), raw.get(parameter.name()), raw.get(parameter.legacyName()));
            }
            String key = byNaturalName ? parameter.name() : byLegacyName ? parameter.legacyName() : null;
            values.put(parameter.name(), key != null ? checkedValue(descriptor, parameter, raw.get(key))
                    : BigDecimal.valueOf(parameter.defaultValue()));
        }
        PolicyParameters parsed = new PolicyParameters(descriptor, values);
        // Building the core runs the policy's cross-parameter checks, so every parsed set is known to be usable
        // (the engine validates DDL on the CC but builds the policy later on the NCs).
        descriptor.create(parsed);
        return parsed;
    }

    public static PolicyParameters defaults(PolicyDescriptor descriptor) {
        return parse(descriptor, Map.of());
    }

    public PolicyDescriptor descriptor() {
        return descriptor;
    }

    public int getInt(String name) {
        ParameterSpec parameter = spec(name);
        if (parameter.type() != ParameterSpec.Type.INTEGER) {
            throw new IllegalArgumentException("parameter '" + name + "' of merge policy '" + descriptor.name()
                    + "' is a decimal; use getDouble");
        }
        return values.get(name).intValueExact();
    }

    public double getDouble(String name) {
        spec(name);
        return values.get(name).doubleValue();
    }

    /** Natural name → canonical value string ({@code 4}, {@code 1.2}), in the descriptor's parameter order. */
    public Map<String, String> values() {
        Map<String, String> result = new LinkedHashMap<>();
        for (ParameterSpec parameter : descriptor.parameters()) {
            result.put(parameter.name(), canonical(parameter.type(), values.get(parameter.name())));
        }
        return Collections.unmodifiableMap(result);
    }

    private ParameterSpec spec(String name) {
        return descriptor.parameters().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "merge policy '" + descriptor.name() + "' has no parameter '" + name + "'"));
    }

    private static boolean isNaturalName(PolicyDescriptor descriptor, String name) {
        return descriptor.parameters().stream().anyMatch(p -> p.name().equals(name));
    }

    private static void rejectUnknownNames(PolicyDescriptor descriptor, Map<String, String> raw) {
        for (Map.Entry<String, String> entry : raw.entrySet()) {
            boolean known = descriptor.parameters().stream()
                    .anyMatch(p -> p.name().equals(entry.getKey()) || p.legacyName().equals(entry.getKey()));
            if (!known) {
                String allowed = descriptor.parameters().isEmpty() ? "none"
                        : descriptor.parameters().stream().map(p -> p.name() + " (0.9.8: " + p.legacyName() + ")")
                                .collect(Collectors.joining(", "));
                throw InvalidPolicyParameterException.unknownParameter(descriptor.name(), entry.getKey(),
                        String.valueOf(entry.getValue()), allowed);
            }
        }
    }

    private static BigDecimal checkedValue(PolicyDescriptor descriptor, ParameterSpec parameter, String text) {
        BigDecimal min = BigDecimal.valueOf(parameter.min());
        BigDecimal max = BigDecimal.valueOf(parameter.max());
        BigDecimal value = parseNumber(text);
        boolean integerOk = parameter.type() != ParameterSpec.Type.INTEGER
                || (value != null && value.stripTrailingZeros().scale() <= 0);
        if (value == null || !integerOk || value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            String kind = parameter.type() == ParameterSpec.Type.INTEGER ? "an integer" : "a decimal number";
            throw InvalidPolicyParameterException.invalidValue(descriptor.name(), parameter.name(), text,
                    kind + " from " + canonical(parameter.type(), min) + " to " + canonical(parameter.type(), max));
        }
        return value;
    }

    private static BigDecimal parseNumber(String text) {
        if (text == null) {
            return null;
        }
        try {
            return new BigDecimal(text.strip());
        } catch (NumberFormatException notANumber) {
            return null;
        }
    }

    private static String canonical(ParameterSpec.Type type, BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        if (type == ParameterSpec.Type.INTEGER) {
            return stripped.toBigIntegerExact().toString();
        }
        return (stripped.scale() <= 0 ? stripped.setScale(1) : stripped).toPlainString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PolicyParameters that && descriptor.name().equals(that.descriptor.name())
                && values().equals(that.values());
    }

    @Override
    public int hashCode() {
        return Objects.hash(descriptor.name(), values());
    }

    @Override
    public String toString() {
        return descriptor.name() + values();
    }
}

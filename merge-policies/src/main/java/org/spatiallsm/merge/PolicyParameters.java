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

    private final ParameterSchema schema;
    /** Natural name → value (a choice's index), in the schema's parameter order. */
    private final Map<String, BigDecimal> values;

    private PolicyParameters(ParameterSchema schema, Map<String, BigDecimal> values) {
        this.schema = schema;
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
        return parse(descriptor.schema(), raw);
    }

    /** Like {@link #parse(PolicyDescriptor, Map)} for any schema, also of a policy outside the stack catalog. */
    public static PolicyParameters parse(ParameterSchema schema, Map<String, String> raw) {
        rejectUnknownNames(schema, raw);
        Map<String, BigDecimal> values = new LinkedHashMap<>();
        for (ParameterSpec parameter : schema.parameters()) {
            boolean byNaturalName = raw.containsKey(parameter.name());
            // A natural name wins over another parameter's 0.9.8 name (tiered: size-ratio is B, not high-bucket).
            boolean byLegacyName = parameter.hasLegacyName() && raw.containsKey(parameter.legacyName())
                    && !isNaturalName(schema, parameter.legacyName());
            if (byNaturalName && byLegacyName) {
                throw InvalidPolicyParameterException.givenTwice(schema.policy(), parameter.name(),
                        parameter.legacyName(), raw.get(parameter.name()), raw.get(parameter.legacyName()));
            }
            String key = byNaturalName ? parameter.name() : byLegacyName ? parameter.legacyName() : null;
            values.put(parameter.name(), key != null ? checkedValue(schema, parameter, raw.get(key))
                    : BigDecimal.valueOf(parameter.defaultValue()));
        }
        PolicyParameters parsed = new PolicyParameters(schema, values);
        // Building the core runs the policy's cross-parameter checks, so every parsed set is known to be usable
        // (the engine validates DDL on the CC but builds the policy later on the NCs).
        schema.crossCheck().accept(parsed);
        return parsed;
    }

    public static PolicyParameters defaults(PolicyDescriptor descriptor) {
        return parse(descriptor, Map.of());
    }

    public static PolicyParameters defaults(ParameterSchema schema) {
        return parse(schema, Map.of());
    }

    /**
     * The stack policy these values belong to.
     *
     * @throws IllegalStateException for values of a policy outside the stack catalog (see {@link #schema()})
     */
    public PolicyDescriptor descriptor() {
        return MergePolicies.find(schema.policy()).orElseThrow(() -> new IllegalStateException(
                "merge policy '" + schema.policy() + "' is not a stack merge policy"));
    }

    public ParameterSchema schema() {
        return schema;
    }

    public String policy() {
        return schema.policy();
    }

    public int getInt(String name) {
        ParameterSpec parameter = spec(name);
        if (parameter.type() != ParameterSpec.Type.INTEGER) {
            throw new IllegalArgumentException("parameter '" + name + "' of merge policy '" + schema.policy()
                    + "' is not an integer");
        }
        return values.get(name).intValueExact();
    }

    public double getDouble(String name) {
        if (spec(name).type() == ParameterSpec.Type.CHOICE) {
            throw new IllegalArgumentException("parameter '" + name + "' of merge policy '" + schema.policy()
                    + "' is a choice; use getChoice");
        }
        return values.get(name).doubleValue();
    }

    /** The word a {@link ParameterSpec.Type#CHOICE} parameter holds. */
    public String getChoice(String name) {
        ParameterSpec parameter = spec(name);
        if (parameter.type() != ParameterSpec.Type.CHOICE) {
            throw new IllegalArgumentException("parameter '" + name + "' of merge policy '" + schema.policy()
                    + "' is a number");
        }
        return parameter.choices().get(values.get(name).intValueExact());
    }

    /** Natural name → canonical value string ({@code 4}, {@code 1.2}, a word), in the schema's parameter order. */
    public Map<String, String> values() {
        Map<String, String> result = new LinkedHashMap<>();
        for (ParameterSpec parameter : schema.parameters()) {
            result.put(parameter.name(), canonical(parameter, values.get(parameter.name())));
        }
        return Collections.unmodifiableMap(result);
    }

    private ParameterSpec spec(String name) {
        return schema.parameters().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "merge policy '" + schema.policy() + "' has no parameter '" + name + "'"));
    }

    private static boolean isNaturalName(ParameterSchema schema, String name) {
        return schema.parameters().stream().anyMatch(p -> p.name().equals(name));
    }

    private static void rejectUnknownNames(ParameterSchema schema, Map<String, String> raw) {
        for (Map.Entry<String, String> entry : raw.entrySet()) {
            boolean known = schema.parameters().stream()
                    .anyMatch(p -> p.name().equals(entry.getKey()) || Objects.equals(p.legacyName(), entry.getKey()));
            if (!known) {
                String allowed = schema.parameters().isEmpty() ? "none"
                        : schema.parameters().stream()
                                .map(p -> p.hasLegacyName() ? p.name() + " (0.9.8: " + p.legacyName() + ")" : p.name())
                                .collect(Collectors.joining(", "));
                throw InvalidPolicyParameterException.unknownParameter(schema.policy(), entry.getKey(),
                        String.valueOf(entry.getValue()), allowed);
            }
        }
    }

    private static BigDecimal checkedValue(ParameterSchema schema, ParameterSpec parameter, String text) {
        if (parameter.type() == ParameterSpec.Type.CHOICE) {
            int index = text == null ? -1 : parameter.choices().indexOf(text.strip());
            if (index < 0) {
                throw InvalidPolicyParameterException.invalidValue(schema.policy(), parameter.name(), text,
                        "one of " + String.join(", ", parameter.choices()));
            }
            return BigDecimal.valueOf(index);
        }
        BigDecimal min = BigDecimal.valueOf(parameter.min());
        BigDecimal max = BigDecimal.valueOf(parameter.max());
        BigDecimal value = parseNumber(text);
        boolean integerOk = parameter.type() != ParameterSpec.Type.INTEGER
                || (value != null && value.stripTrailingZeros().scale() <= 0);
        if (value == null || !integerOk || value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            String kind = parameter.type() == ParameterSpec.Type.INTEGER ? "an integer" : "a decimal number";
            throw InvalidPolicyParameterException.invalidValue(schema.policy(), parameter.name(), text,
                    kind + " from " + canonical(parameter, min) + " to " + canonical(parameter, max));
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

    private static String canonical(ParameterSpec parameter, BigDecimal value) {
        if (parameter.type() == ParameterSpec.Type.CHOICE) {
            return parameter.choices().get(value.intValueExact());
        }
        BigDecimal stripped = value.stripTrailingZeros();
        if (parameter.type() == ParameterSpec.Type.INTEGER) {
            return stripped.toBigIntegerExact().toString();
        }
        return (stripped.scale() <= 0 ? stripped.setScale(1) : stripped).toPlainString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PolicyParameters that && policy().equals(that.policy())
                && values().equals(that.values());
    }

    @Override
    public int hashCode() {
        return Objects.hash(policy(), values());
    }

    @Override
    public String toString() {
        return policy() + values();
    }
}

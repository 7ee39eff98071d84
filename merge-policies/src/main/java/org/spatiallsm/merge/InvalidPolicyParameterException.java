package org.spatiallsm.merge;

/**
 * A merge-policy parameter set that cannot be used. The message is always one line naming the policy, the
 * parameter, the offending value and what is allowed, because it ends up verbatim in DDL errors and on the CLI.
 */
public final class InvalidPolicyParameterException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String policy;
    private final String parameter;

    private InvalidPolicyParameterException(String policy, String parameter, String message) {
        super(oneLine(message));
        this.policy = policy;
        this.parameter = parameter;
    }

    /** A known parameter with a value of the wrong type, out of range, or in conflict with another parameter. */
    public static InvalidPolicyParameterException invalidValue(String policy, String parameter, String value,
            String allowed) {
        return new InvalidPolicyParameterException(policy, parameter, "merge policy '" + policy
                + "': invalid value '" + value + "' for parameter '" + parameter + "' (allowed: " + allowed + ")");
    }

    public static InvalidPolicyParameterException unknownParameter(String policy, String parameter, String value,
            String allowedNames) {
        return new InvalidPolicyParameterException(policy, parameter, "merge policy '" + policy
                + "': unknown parameter '" + parameter + "' (value '" + value + "'); allowed parameters: "
                + allowedNames);
    }

    /** The same parameter under its natural and its 0.9.8 name: refuse rather than guess which one wins. */
    public static InvalidPolicyParameterException givenTwice(String policy, String parameter, String legacyName,
            String naturalValue, String legacyValue) {
        return new InvalidPolicyParameterException(policy, parameter, "merge policy '" + policy + "': parameter '"
                + parameter + "' is given twice, as " + parameter + "=" + naturalValue + " and as " + legacyName + "="
                + legacyValue + " (allowed: give it once, under either name)");
    }

    public String policy() {
        return policy;
    }

    public String parameter() {
        return parameter;
    }

    // User-supplied values may contain line breaks; the message must stay on one line.
    private static String oneLine(String message) {
        return message.replaceAll("\\R", " ");
    }
}

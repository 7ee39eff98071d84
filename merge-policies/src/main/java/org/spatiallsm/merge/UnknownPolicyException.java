package org.spatiallsm.merge;

/** A merge-policy name that is not in {@link MergePolicies}; the one-line message lists the known names. */
public final class UnknownPolicyException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String name;

    public UnknownPolicyException(String name, String message) {
        super(message);
        this.name = name;
    }

    public String name() {
        return name;
    }
}

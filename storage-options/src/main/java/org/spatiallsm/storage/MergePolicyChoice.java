package org.spatiallsm.storage;

import java.util.Map;

/**
 * A merge policy as a DDL states it: the name and the parameters as strings, in their canonical form (for our
 * policies: every parameter under its natural name, defaults filled in; for AsterixDB's stock policies: exactly
 * what was written, checked later by AsterixDB's own validation).
 */
public record MergePolicyChoice(String name, Map<String, String> parameters) {
    public MergePolicyChoice {
        parameters = Map.copyOf(parameters);
    }
}

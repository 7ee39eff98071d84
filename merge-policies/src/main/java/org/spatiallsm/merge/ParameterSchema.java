package org.spatiallsm.merge;

import java.util.List;
import java.util.function.Consumer;

/**
 * What {@link PolicyParameters} validates against: a policy name, its parameters, and the checks that involve
 * several parameters at once. A stack policy's schema comes from its {@link PolicyDescriptor}; policies whose
 * decision core is not a stack {@link MergePolicy} (the leveled policy of module spatial-partitioning) declare
 * their own, so they share the names, types, ranges, defaults and one-line errors without this module knowing them.
 *
 * @param policy     the policy name used in DDL and by the simulator
 * @param parameters every parameter, with defaults
 * @param crossCheck throws {@link InvalidPolicyParameterException} when otherwise valid values contradict each
 *                   other
 */
public record ParameterSchema(String policy, List<ParameterSpec> parameters, Consumer<PolicyParameters> crossCheck) {

    public ParameterSchema {
        parameters = List.copyOf(parameters);
    }
}

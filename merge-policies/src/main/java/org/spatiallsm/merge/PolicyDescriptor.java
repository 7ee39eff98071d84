package org.spatiallsm.merge;

import java.util.List;
import java.util.function.Function;

/**
 * A named merge policy: its documented parameters and how to build its decision core from validated values.
 *
 * @param name        the name used in DDL, in {@code Metadata.CompactionPolicy} and by the simulator
 * @param description one line for docs and --help
 * @param parameters  every parameter, with defaults
 * @param factory     builds the core from validated parameter values
 */
public record PolicyDescriptor(String name, String description, List<ParameterSpec> parameters,
        Function<PolicyParameters, MergePolicy> factory) {

    public PolicyDescriptor {
        parameters = List.copyOf(parameters);
    }

    public MergePolicy create(PolicyParameters values) {
        return factory.apply(values);
    }

    /** The parameters to validate; building the core is the cross-parameter check. */
    public ParameterSchema schema() {
        return new ParameterSchema(name, parameters, this::create);
    }
}

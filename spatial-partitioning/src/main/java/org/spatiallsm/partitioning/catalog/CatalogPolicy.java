package org.spatiallsm.partitioning.catalog;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.spatiallsm.merge.ParameterSchema;
import org.spatiallsm.merge.ParameterSpec;
import org.spatiallsm.merge.PolicyParameters;

/**
 * One merge policy of the {@link PolicyCatalog}: what a user may write for it and where it may be used.
 *
 * @param name        the name used in DDL, in {@code Metadata.CompactionPolicy} and by the simulator
 * @param description one line for docs and --help
 * @param family      which decision core builds it, and so which simulator runs it
 * @param schema      every parameter with its default and range, and the cross-parameter checks
 * @param indexKinds  the kinds of index it can run on
 */
public record CatalogPolicy(String name, String description, Family family, ParameterSchema schema,
        Set<IndexKind> indexKinds) {

    /** The decision cores: a function of the component stack, or of the levels (module spatial-partitioning). */
    public enum Family {
        /** A {@code org.spatiallsm.merge.MergePolicy} of {@code MergePolicies}. */
        STACK,
        /** {@code org.spatiallsm.partitioning.leveled.LeveledPolicy}. */
        LEVELED
    }

    public CatalogPolicy {
        indexKinds = Set.copyOf(EnumSet.copyOf(indexKinds));
    }

    public List<ParameterSpec> parameters() {
        return schema.parameters();
    }

    public boolean hasParameter(String parameterName) {
        return parameters().stream().anyMatch(parameter -> parameter.name().equals(parameterName));
    }

    public boolean appliesTo(IndexKind kind) {
        return indexKinds.contains(kind);
    }

    /**
     * True when it can be a dataset's policy: every index of the dataset runs that policy, its primary B-tree and
     * any secondary index created later, so it must apply to every kind.
     */
    public boolean appliesToEveryIndex() {
        return indexKinds.containsAll(EnumSet.allOf(IndexKind.class));
    }

    /** "R-tree indexes", "R-tree and B-tree indexes", for errors; in the enum's order. */
    public String indexKindsText() {
        return EnumSet.copyOf(indexKinds).stream().map(IndexKind::userName).collect(Collectors.joining(" and "))
                + " indexes";
    }

    /**
     * Validates {@code raw} (natural or 0.9.8 names, values as strings) and fills in the defaults.
     *
     * @throws org.spatiallsm.merge.InvalidPolicyParameterException with a one-line message
     */
    public PolicyParameters parse(Map<String, String> raw) {
        return PolicyParameters.parse(schema, raw);
    }
}

package org.spatiallsm.merge;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.spatiallsm.merge.ParameterSpec.Type;
import org.spatiallsm.merge.policies.BigtablePolicy;
import org.spatiallsm.merge.policies.ConstantAllPolicy;
import org.spatiallsm.merge.policies.ExploringPolicy;
import org.spatiallsm.merge.policies.StaticSchedulePolicy;
import org.spatiallsm.merge.policies.TieredPolicy;

/**
 * The stack merge policies spatial-lsm adds, with their parameters, defaults, ranges and AsterixDB 0.9.8
 * WITH-parameter names. Each policy has a fixed set of 0.9.8 names because 0.9.8 requires the given property set to
 * equal the declared one. Callers that offer every policy ask {@code PolicyCatalog} (module spatial-partitioning),
 * which lists these and the leveled policy, with the index kinds each applies to.
 */
public final class MergePolicies {

    /** AsterixDB 0.9.8's built-in policy names. They keep their stock meaning; no catalog name may shadow them. */
    public static final Set<String> STOCK_ASTERIXDB_POLICIES =
            Set.of("prefix", "concurrent", "constant", "no-merge", "correlated-prefix");

    private static final String K = "k";
    private static final String SIZE_RATIO = "size-ratio";
    private static final String HIGH_BUCKET = "high-bucket";
    private static final String LAMBDA = "lambda";
    private static final String MIN_MERGE = "min-merge";
    private static final String MAX_MERGE = "max-merge";

    // k = 1 is meaningful for every bounded-depth policy (one component, merged on every flush); the upper bound
    // only keeps typos such as 40000 from producing a policy that never merges.
    private static final ParameterSpec COMPONENT_BOUND = new ParameterSpec(K, Type.INTEGER, 4, 1, 1000,
            "num-components", "k, the most disk components the policy keeps");

    private static final List<PolicyDescriptor> ALL = List.of(
            new PolicyDescriptor("binomial",
                    "Binomial (Mathieu et al.): static schedule with worst-case optimal write amplification for at"
                            + " most k components; merges early while the index is young",
                    List.of(COMPONENT_BOUND), values -> StaticSchedulePolicy.binomial(values.getInt(K))),
            new PolicyDescriptor("min-latency",
                    "MinLatency (Mathieu et al.): static schedule with worst-case optimal write amplification for"
                            + " at most k components; lazy, keeps close to k components",
                    List.of(COMPONENT_BOUND), values -> StaticSchedulePolicy.minLatency(values.getInt(K))),
            new PolicyDescriptor("tiered",
                    "Size-tiered (Cassandra SizeTiered, RocksDB Universal): B components of one tier merge into one"
                            + " of the next tier, cascading",
                    List.of(new ParameterSpec(SIZE_RATIO, Type.INTEGER, 4, 2, 1000, "num-components",
                            "B, the size ratio between tiers and the number of components that fill a tier"),
                            new ParameterSpec(HIGH_BUCKET, Type.DECIMAL, 1.2, 1.0, 100, "size-ratio",
                                    "tier 1 holds components up to high-bucket × the mean flush size")),
                    values -> new TieredPolicy(values.getInt(SIZE_RATIO), values.getDouble(HIGH_BUCKET))),
            new PolicyDescriptor("bigtable",
                    "Bigtable's default: above k components, merge the fewest newest ones so that every component"
                            + " is larger than all newer ones together",
                    List.of(COMPONENT_BOUND), values -> new BigtablePolicy(values.getInt(K))),
            new PolicyDescriptor("exploring",
                    "HBase's exploring policy: merge the best balanced window of min-merge..max-merge components;"
                            + " above k components merge the cheapest",
                    List.of(new ParameterSpec(K, Type.INTEGER, 10, 2, 1000, "num-components",
                            "k, above this many components a merge is forced"),
                            new ParameterSpec(LAMBDA, Type.DECIMAL, 1.2, 0.1, 100, "size-ratio",
                                    "a window qualifies if its largest member is at most lambda × the others"),
                            new ParameterSpec(MIN_MERGE, Type.INTEGER, 3, 2, 1000, "min-merge-component-count",
                                    "C, the fewest components one merge takes"),
                            new ParameterSpec(MAX_MERGE, Type.INTEGER, 10, 2, 1000, "max-merge-component-count",
                                    "D, the most components one merge takes (capped at k)")),
                    MergePolicies::exploring),
            new PolicyDescriptor("constant-all",
                    "Constant of Mao's study: above k components, merge all of them (AsterixDB's stock 'constant'"
                            + " is a different, binomial-style policy)",
                    List.of(COMPONENT_BOUND), values -> new ConstantAllPolicy(values.getInt(K))));

    private MergePolicies() {
    }

    public static List<PolicyDescriptor> all() {
        return ALL;
    }

    public static Optional<PolicyDescriptor> find(String name) {
        return ALL.stream().filter(descriptor -> descriptor.name().equals(name)).findFirst();
    }

    /** @throws UnknownPolicyException with a one-line message listing the known names */
    public static PolicyDescriptor byName(String name) {
        return find(name).orElseThrow(() -> unknown(name, ALL.stream().map(PolicyDescriptor::name).toList()));
    }

    /** The one-line error for a name that is none of {@code known}, with a hint when it is a stock policy. */
    public static UnknownPolicyException unknown(String name, List<String> known) {
        String stockHint = STOCK_ASTERIXDB_POLICIES.contains(name)
                ? " ('" + name + "' is an AsterixDB stock policy; stock policies keep their stock meaning and"
                        + " are not part of this catalog)"
                : "";
        return new UnknownPolicyException(name,
                "unknown merge policy '" + name + "'" + stockHint + "; known policies: " + String.join(", ", known));
    }

    private static MergePolicy exploring(PolicyParameters values) {
        int k = values.getInt(K);
        int minMerge = values.getInt(MIN_MERGE);
        int maxMerge = values.getInt(MAX_MERGE);
        if (minMerge > maxMerge || minMerge > k) {
            String limit = minMerge > maxMerge ? MAX_MERGE + " (" + maxMerge + ")" : K + " (" + k + ")";
            throw InvalidPolicyParameterException.invalidValue("exploring", MIN_MERGE, Integer.toString(minMerge),
                    "an integer from 2 to " + limit);
        }
        return new ExploringPolicy(k, values.getDouble(LAMBDA), minMerge, maxMerge);
    }
}
